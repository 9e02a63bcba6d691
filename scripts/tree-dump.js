#!/usr/bin/env node
// @ts-check
/* For the conformance test: the browser rules' tree of partial plays and refusal data, one
   JSON line in ({"position", "dice", "rules", "play"?}), one out. Not part of the engine's
   command-line contract. */
"use strict";

const path = require("path");
const readline = require("readline");
const Rules = require(path.join(__dirname, "..", "templates", "assets", "plakoto-rules.js"));

/** @param {any} refusal */
function refusalData(refusal) {
  if (!refusal) return null;
  const { kind, point, count, number, other, end } = refusal;
  return { kind, point, count, number, other, end };
}

/** @param {string} line */
function dump(line) {
  const request = JSON.parse(line);
  const position = Rules.fromJSON(request.position);
  if (typeof request.play === "string") {
    try {
      Rules.parsePlay(position, request.play, request.dice, request.rules);
      return { refusal: null };
    } catch (error) {
      return { refusal: refusalData(/** @type {any} */ (error).refusal), error: String(/** @type {any} */ (error).message) };
    }
  }
  return {
    nodes: Rules.playTree(position, request.dice, request.rules).map((node) => ({
      numbers: node.numbers,
      depth: node.depth,
      play: node.play ? node.play.notation : null,
      tries: node.tries.map((t) => [t.start, t.number, t.end, t.child, t.pins, refusalData(t.refusal)]),
    })),
  };
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => process.stdout.write(JSON.stringify(dump(line)) + "\n"));
