#!/usr/bin/env node
// @ts-check
/* The computer opponent against its goals: the club level wins at least 90 % of 1,000
   seeded games against a player choosing uniformly among the legal plays, and at least
   60 % against the beginner level; it chooses a play in under 20 ms (median) and under
   100 ms (slowest 1 %) in Node.

   node benchmarks/bot.js [games] [rules]      (defaults: 1000 plakoto) */
"use strict";

const path = require("path");
const Rules = require(path.join(__dirname, "..", "templates", "assets", "plakoto-rules.js"));

const GAMES = Number(process.argv[2] || 1000);
const RULES = /** @type {"plakoto" | "tapa"} */ (process.argv[3] || "plakoto");
const MAX_PLIES = 600;

/** @typedef {(position: any, dice: number[], seed: number) => any} Player */

/** @param {string} level @returns {Player} */
function bot(level) {
  return (position, dice, seed) => Rules.botPlay(position, dice, RULES, level, seed);
}

/** @type {Player} */
function uniform(position, dice, seed) {
  const plays = Rules.legalPlays(position, dice, RULES);
  return plays.length ? plays[Math.floor(Rules.prng(seed)() * plays.length)] : null;
}

/** One seeded game: the opening roll of RULES.md (one die each, ties re-rolled), then turns.
 * @param {Player} white @param {Player} black @param {number} seed @param {number[]} times
 * @param {string} timed which colour's choices are timed */
function game(white, black, seed, times, timed) {
  const random = Rules.prng(seed * 7919 + 1);
  const die = () => 1 + Math.floor(random() * 6);
  let first, second;
  do { first = die(); second = die(); } while (first === second);
  let position = Rules.start(first > second ? "white" : "black");
  let dice = [first, second];
  for (let ply = 0; ply < MAX_PLIES; ply++) {
    const player = position.turn === "white" ? white : black;
    const began = process.hrtime.bigint();
    const play = player(position, dice, Math.floor(random() * 2 ** 32));
    if (position.turn === timed) times.push(Number(process.hrtime.bigint() - began) / 1e6);
    if (play && play.result) return play.result;
    position = play ? play.position : { ...position, turn: Rules.other(position.turn) };
    dice = [die(), die()];
  }
  return null; // still going: counted as not won
}

/** @param {string} name @param {Player} club @param {Player} opponent @param {number[]} times */
function match(name, club, opponent, times) {
  let won = 0, lost = 0, drawn = 0, unfinished = 0, points = 0;
  for (let seed = 0; seed < GAMES; seed++) {
    const clubWhite = seed % 2 === 0;
    const result = clubWhite ? game(club, opponent, seed, times, "white") : game(opponent, club, seed, times, "black");
    const clubSide = clubWhite ? "white" : "black";
    if (!result) unfinished++;
    else if (result.winner === null) drawn++;
    else if (result.winner === clubSide) { won++; points += result.points; }
    else { lost++; points -= result.points; }
  }
  const rate = (100 * won) / GAMES;
  return { name, won, lost, drawn, unfinished, points, rate };
}

/** @param {number[]} values @param {number} share */
function quantile(values, share) {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

function main() {
  const began = Date.now();
  /** @type {number[]} */
  const times = [];
  const goals = [["club vs uniform random", uniform, 90], ["club vs beginner", bot("beginner"), 60]];
  console.log(`The computer opponent, ${GAMES} seeded ${RULES} games per match (colours alternate):`);
  let ok = true;
  for (const [name, opponent, goal] of goals) {
    const m = match(/** @type {string} */ (name), bot("club"), /** @type {Player} */ (opponent), times);
    const met = m.rate >= Number(goal);
    ok = ok && met;
    console.log(`  ${m.name}: won ${m.won}, lost ${m.lost}, drawn ${m.drawn}, unfinished ${m.unfinished}; ` +
      `win rate ${m.rate.toFixed(1)} % (goal ≥ ${goal} %) ${met ? "met" : "NOT MET"}; net points ${m.points}`);
  }
  const median = quantile(times, 0.5), slowest = quantile(times, 0.99);
  console.log(`  club's time to choose a play over ${times.length} choices: median ${median.toFixed(2)} ms ` +
    `(goal < 20 ms) ${median < 20 ? "met" : "NOT MET"}; slowest 1 % ${slowest.toFixed(2)} ms (goal < 100 ms) ` +
    `${slowest < 100 ? "met" : "NOT MET"}; slowest ${Math.max(...times).toFixed(1)} ms`);
  console.log(`  (${((Date.now() - began) / 1000).toFixed(1)} s in all)`);
  process.exitCode = ok && median < 20 && slowest < 100 ? 0 : 1;
}

main();
