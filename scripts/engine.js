#!/usr/bin/env node
// @ts-check
/* The browser rules over JSON Lines, the same contract as `python -m plakoto_site.engine`:
   node scripts/engine.js plays|apply|position|bot, one JSON request per stdin line, one
   answer per stdout line, errors as {"error": "..."} answers, exit status 0.

   JSON is read the way Python's json module reads it (whole numbers apart from 5.0, the
   same error sentences and columns), so both engines answer malformed input alike. */
"use strict";

const path = require("path");
const readline = require("readline");
const Rules = require(path.join(__dirname, "..", "templates", "assets", "plakoto-rules.js"));

// -- a JSON reader with Python's json.loads behaviour -----------------------------------------

/** A JSON number with a fraction or exponent: a Python float, never a whole number. */
class PyFloat {
  /** @param {number} value */
  constructor(value) { this.value = value; }
  pyRepr() {
    const v = this.value;
    if (Number.isNaN(v)) return "nan";
    if (!Number.isFinite(v)) return v > 0 ? "inf" : "-inf";
    if (v === 0) return Object.is(v, -0) ? "-0.0" : "0.0";
    const [mantissa, exp] = v.toExponential().split("e");
    const exponent = Number(exp);
    const digits = mantissa.replace("-", "").replace(".", "");
    const sign = v < 0 ? "-" : "";
    if (exponent >= -5 && exponent < 16) {
      let text;
      if (exponent >= 0) {
        const whole = digits.padEnd(exponent + 1, "0");
        text = whole.slice(0, exponent + 1) + "." + (whole.slice(exponent + 1) || "0");
      } else {
        text = "0." + "0".repeat(-exponent - 1) + digits;
      }
      return sign + text;
    }
    const body = digits.length > 1 ? digits[0] + "." + digits.slice(1) : digits;
    return sign + body + "e" + (exponent < 0 ? "-" : "+") + String(Math.abs(exponent)).padStart(2, "0");
  }
}

class JSONError extends Error {
  /** @param {string} message @param {number} position */
  constructor(message, position) { super(message); this.position = position; }
}

const WHITESPACE = " \t\n\r";
const NUMBER = /(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

/** Python's json.loads: objects keep their key order for repr(). @param {string} text */
function loads(text) {
  let index = skip(text, 0);
  const [value, end] = scan(text, index);
  index = skip(text, end);
  if (index !== text.length) throw new JSONError("Extra data", index);
  return value;
}

/** @param {string} s @param {number} i */
function skip(s, i) {
  while (i < s.length && WHITESPACE.includes(s[i])) i++;
  return i;
}

/** @param {string} s @param {number} i @returns {[any, number]} */
function scan(s, i) {
  if (i >= s.length) throw new JSONError("Expecting value", i);
  const ch = s[i];
  if (ch === '"') return scanString(s, i + 1);
  if (ch === "{") return scanObject(s, i + 1);
  if (ch === "[") return scanArray(s, i + 1);
  if (ch === "n" && s.startsWith("null", i)) return [null, i + 4];
  if (ch === "t" && s.startsWith("true", i)) return [true, i + 4];
  if (ch === "f" && s.startsWith("false", i)) return [false, i + 5];
  if (ch === "N" && s.startsWith("NaN", i)) return [new PyFloat(NaN), i + 3];
  if (ch === "I" && s.startsWith("Infinity", i)) return [new PyFloat(Infinity), i + 8];
  if (ch === "-" && s.startsWith("-Infinity", i)) return [new PyFloat(-Infinity), i + 9];
  NUMBER.lastIndex = i;
  const match = NUMBER.exec(s);
  if (match && match.index === i) {
    const end = i + match[0].length;
    if (match[2] || match[3]) return [new PyFloat(Number(match[0])), end];
    const whole = BigInt(match[1]);
    return [whole >= BigInt(Number.MIN_SAFE_INTEGER) && whole <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(whole) : whole, end];
  }
  throw new JSONError("Expecting value", i);
}

const ESCAPES = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** @param {string} s @param {number} i @returns {[string, number]} */
function scanString(s, i) {
  const begin = i - 1;
  let out = "";
  for (;;) {
    if (i >= s.length) throw new JSONError("Unterminated string starting at", begin);
    const ch = s[i];
    if (ch === '"') return [out, i + 1];
    if (ch === "\\") {
      if (i + 1 >= s.length) throw new JSONError("Unterminated string starting at", begin);
      const esc = s[i + 1];
      if (esc === "u") {
        const hex = s.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JSONError("Invalid \\uXXXX escape", i + 1);
        let code = parseInt(hex, 16);
        i += 6;
        if (code >= 0xd800 && code <= 0xdbff && s[i] === "\\" && s[i + 1] === "u") {
          const low = s.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(low)) throw new JSONError("Invalid \\uXXXX escape", i + 1);
          const lowCode = parseInt(low, 16);
          if (lowCode >= 0xdc00 && lowCode <= 0xdfff) {
            out += String.fromCharCode(code, lowCode);
            i += 6;
            continue;
          }
        }
        out += String.fromCharCode(code);
        continue;
      }
      if (!(esc in ESCAPES)) throw new JSONError("Invalid \\escape", i);
      out += ESCAPES[/** @type {keyof ESCAPES} */ (esc)];
      i += 2;
      continue;
    }
    if (ch < " ") throw new JSONError("Invalid control character at", i);
    out += ch;
    i++;
  }
}

/** @param {string} s @param {number} i @returns {[any, number]} */
function scanObject(s, i) {
  /** @type {Record<string, any>} */
  const object = Object.create(null);
  const order = [];
  i = skip(s, i);
  if (s[i] !== "}") {
    for (;;) {
      if (s[i] !== '"') throw new JSONError("Expecting property name enclosed in double quotes", i);
      const [key, afterKey] = scanString(s, i + 1);
      i = skip(s, afterKey);
      if (s[i] !== ":") throw new JSONError("Expecting ':' delimiter", i);
      i = skip(s, i + 1);
      const [value, afterValue] = scan(s, i);
      if (!(key in object)) order.push(key);
      object[key] = value;
      i = skip(s, afterValue);
      if (s[i] === "}") break;
      if (s[i] !== ",") throw new JSONError("Expecting ',' delimiter", i);
      i = skip(s, i + 1);
    }
  }
  Object.defineProperty(object, "pyKeys", { value: order, enumerable: false });
  return [object, i + 1];
}

/** @param {string} s @param {number} i @returns {[any[], number]} */
function scanArray(s, i) {
  const values = [];
  i = skip(s, i);
  if (s[i] !== "]") {
    for (;;) {
      const [value, after] = scan(s, i);
      values.push(value);
      i = skip(s, after);
      if (s[i] === "]") break;
      if (s[i] !== ",") throw new JSONError("Expecting ',' delimiter", i);
      i = skip(s, i + 1);
    }
  }
  return [values, i + 1];
}

// -- the verbs ----------------------------------------------------------------------------------

/** @param {string} message */
function fail(message) { return new Rules.EngineError(message); }

/** @param {string} line */
function request(line) {
  let value;
  try {
    value = loads(line);
  } catch (error) {
    if (!(error instanceof JSONError)) throw error;
    const lastNewline = line.lastIndexOf("\n", error.position - 1);
    throw fail("not a JSON object: " + error.message + " at column " + (error.position - lastNewline));
  }
  if (value === null || typeof value !== "object" || Array.isArray(value) || value instanceof PyFloat) {
    throw fail("each line must be a JSON object");
  }
  return value;
}

/** @param {Record<string, any>} req */
function positionOf(req) {
  if ("code" in req && !("position" in req)) return Rules.fromCode(Rules.str(req.code));
  if (!("position" in req)) throw fail("missing 'position' (the interchange JSON form) or 'code'");
  return Rules.fromJSON(req.position);
}

/** @param {Record<string, any>} req */
function rulesOf(req) { return Rules.parseRules("rules" in req ? req.rules : "plakoto"); }

/** @param {Record<string, any>} req */
function diceOf(req) {
  if (!("dice" in req)) throw fail("missing 'dice', e.g. [6, 5]");
  return Rules.parseDice(req.dice);
}

/** @type {Record<string, (req: Record<string, any>) => object>} */
const VERBS = {
  plays(req) {
    const position = positionOf(req), dice = diceOf(req), rules = rulesOf(req);
    return {
      plays: Rules.legalPlays(position, dice, rules).map((play) => ({
        play: play.notation, position: play.position, result: play.result,
      })),
    };
  },
  apply(req) {
    const position = positionOf(req), dice = diceOf(req), rules = rulesOf(req);
    if (typeof req.play !== "string") throw fail("missing 'play', e.g. \"24/19 24/18\"");
    const play = Rules.parsePlay(position, req.play, dice, rules);
    return { position: play.position, result: play.result };
  },
  position(req) {
    const position = positionOf(req), rules = rulesOf(req);
    return {
      position: Rules.toJSON(position),
      code: Rules.toCode(position),
      pips: { white: Rules.pips(position, "white"), black: Rules.pips(position, "black") },
      off: { white: position.off.white, black: position.off.black },
      result: Rules.result(position, rules),
    };
  },
  bot(req) {
    const position = positionOf(req), dice = diceOf(req), rules = rulesOf(req);
    const level = "level" in req ? Rules.str(req.level) : "club";
    const seed = "seed" in req ? req.seed : 0;
    if (!Rules.isInt(seed)) throw fail("'seed' must be a whole number, not " + Rules.repr(seed));
    const play = Rules.botPlay(position, dice, rules, level, Number(BigInt.asUintN(32, BigInt(seed))));
    if (!play) return { play: "", position: Rules.toJSON({ ...position, turn: Rules.other(position.turn) }), result: null };
    return { play: play.notation, position: play.position, result: play.result };
  },
};

/** One input line → one answer; every engine or input error becomes {"error"}.
 * @param {string} verb @param {string} line */
function answer(verb, line) {
  try {
    return VERBS[verb](request(line));
  } catch (error) {
    if (error instanceof Rules.EngineError) return { error: error.message };
    throw error;
  }
}

function main() {
  const verb = process.argv[2];
  const names = Object.keys(VERBS).sort();
  if (!verb || !(verb in VERBS) || process.argv.length > 3) {
    process.stderr.write("usage: node scripts/engine.js {" + names.join(",") + "}\n" +
      "node scripts/engine.js: error: argument verb: invalid choice: " + JSON.stringify(verb || "") +
      " (choose from " + names.map((n) => "'" + n + "'").join(", ") + ")\n");
    process.exit(2);
  }
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (line.trim()) process.stdout.write(JSON.stringify(answer(verb, line + "\n")) + "\n");
  });
}

module.exports = { loads, answer, PyFloat };
if (require.main === module) main();
