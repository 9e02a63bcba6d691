#!/usr/bin/env node
// @ts-check
/* The browser rules over JSON Lines, the same contract as `python -m plakoto_site.engine`:
   node scripts/engine.js plays|apply|position|bot, one JSON request per stdin line, one
   answer per stdout line, errors as {"error": "..."} answers, exit status 0 (1 when the
   output was closed, gone or full and answers were lost).

   Lines are read as the Python engine reads them (bytes split on newlines, UTF-8, the same
   limits and error sentences) and answers written as it writes them (json.dumps with
   ensure_ascii=False), so both engines answer any input with the same bytes. */
"use strict";

const fs = require("fs");
const path = require("path");
const Rules = require(path.join(__dirname, "..", "templates", "assets", "plakoto-rules.js"));

// -- reading a line the way the Python engine does -----------------------------------------

const MAX_LINE = Rules.LIMITS.line;
const MAX_DIGITS = Rules.LIMITS.digits;
const MAX_DEPTH = Rules.LIMITS.depth;

class JSONError extends Error {}

const WHITESPACE = " \t\n\r";
const NUMBER = /(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

/** JSON as Python's json.loads reads it, with the engine's number rules: whole numbers
 * only (BigInt beyond 2^53), the first number problem reported after the syntax is checked.
 * @param {string} text */
function loads(text) {
  /** @type {string[]} */
  const numbers = [];
  const [value, end] = scan(text, skip(text, 0), numbers);
  if (skip(text, end) !== text.length) throw new JSONError("extra data");
  if (numbers.length) throw Rules.engineError(numbers[0]);
  return value;
}

/** @param {string} s @param {number} i */
function skip(s, i) {
  while (i < s.length && WHITESPACE.includes(s[i])) i++;
  return i;
}

/** @param {string} s @param {number} i @param {string[]} numbers @returns {[any, number]} */
function scan(s, i, numbers) {
  if (i >= s.length) throw new JSONError("expecting value");
  const ch = s[i];
  if (ch === '"') return scanString(s, i + 1);
  if (ch === "{") return scanObject(s, i + 1, numbers);
  if (ch === "[") return scanArray(s, i + 1, numbers);
  if (ch === "n" && s.startsWith("null", i)) return [null, i + 4];
  if (ch === "t" && s.startsWith("true", i)) return [true, i + 4];
  if (ch === "f" && s.startsWith("false", i)) return [false, i + 5];
  NUMBER.lastIndex = i;
  const match = NUMBER.exec(s);
  if (!match) throw new JSONError("expecting value");
  const end = i + match[0].length;
  if (match[2] || match[3]) {
    numbers.push("numbers must be whole, like 6, not " + match[0].slice(0, MAX_DIGITS));
    return [0, end];
  }
  if (match[1].replace(/^-+/, "").length > MAX_DIGITS) {
    numbers.push("a number in the line has more than " + MAX_DIGITS + " digits");
    return [0, end];
  }
  const whole = BigInt(match[1]);
  const safe = whole >= BigInt(Number.MIN_SAFE_INTEGER) && whole <= BigInt(Number.MAX_SAFE_INTEGER);
  return [safe ? Number(whole) : whole, end];
}

/** @type {Record<string, string>} */
const ESCAPES = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** @param {string} s @param {number} i @returns {[string, number]} */
function scanString(s, i) {
  let out = "";
  for (;;) {
    if (i >= s.length) throw new JSONError("unterminated string");
    const ch = s[i];
    if (ch === '"') return [out, i + 1];
    if (ch === "\\") {
      const esc = s[i + 1];
      if (esc === "u") {
        const hex = s.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JSONError("invalid \\u escape");
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
        continue;
      }
      if (esc === undefined || !(esc in ESCAPES)) throw new JSONError("invalid escape");
      out += ESCAPES[esc];
      i += 2;
      continue;
    }
    if (ch < " ") throw new JSONError("invalid control character");
    out += ch;
    i++;
  }
}

/** @param {string} s @param {number} i @param {string[]} numbers @returns {[any, number]} */
function scanObject(s, i, numbers) {
  /** @type {Record<string, any>} */
  const object = Object.create(null);
  const order = [];
  i = skip(s, i);
  if (s[i] !== "}") {
    for (;;) {
      if (s[i] !== '"') throw new JSONError("expecting property name");
      const [key, afterKey] = scanString(s, i + 1);
      i = skip(s, afterKey);
      if (s[i] !== ":") throw new JSONError("expecting ':'");
      const [value, afterValue] = scan(s, skip(s, i + 1), numbers);
      if (!(key in object)) order.push(key);
      object[key] = value;
      i = skip(s, afterValue);
      if (s[i] === "}") break;
      if (s[i] !== ",") throw new JSONError("expecting ','");
      i = skip(s, i + 1);
    }
  }
  Object.defineProperty(object, "pyKeys", { value: order, enumerable: false });
  return [object, i + 1];
}

/** @param {string} s @param {number} i @param {string[]} numbers @returns {[any[], number]} */
function scanArray(s, i, numbers) {
  const values = [];
  i = skip(s, i);
  if (s[i] !== "]") {
    for (;;) {
      const [value, after] = scan(s, i, numbers);
      values.push(value);
      i = skip(s, after);
      if (s[i] === "]") break;
      if (s[i] !== ",") throw new JSONError("expecting ','");
      i = skip(s, i + 1);
    }
  }
  return [values, i + 1];
}

/** A string (to its closing quote, or to the end of an unterminated one) or a bracket. A
 * match that starts at a quote cannot fail, so no character is read twice. */
const TOKENS = /"(?:[^"\\]|\\[^\n])*"?|[[\]{}]/g;

/** Whether arrays and objects nest deeper than MAX_DEPTH, brackets inside strings not
 * counted: one pass over the line. @param {string} line */
function tooDeep(line) {
  let opening = 0;
  for (let i = 0; i < line.length; i++) if (line[i] === "[" || line[i] === "{") opening++;
  if (opening <= MAX_DEPTH) return false;
  let depth = 0;
  for (const [token] of line.matchAll(TOKENS)) {
    if (token === "[" || token === "{") depth++;
    else if (token === "]" || token === "}") depth--;
    if (depth > MAX_DEPTH) return true;
  }
  return false;
}

/** Python's json.dumps(value, ensure_ascii=False): ", " and ": " between items.
 * @param {any} value @returns {string} */
function dumps(value) {
  if (Array.isArray(value)) return "[" + value.map(dumps).join(", ") + "]";
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  return "{" + Object.keys(value).filter((key) => value[key] !== undefined)
    .map((key) => JSON.stringify(key) + ": " + dumps(value[key])).join(", ") + "}";
}

// -- the verbs ----------------------------------------------------------------------------------

/** @param {string} message */
function fail(message) { return new Rules.EngineError(message); }

/** Read one line, checked in this order: blank, nesting, JSON syntax, numbers, shape.
 * @param {string} line */
function request(line) {
  if (!Rules.pyStrip(line)) throw fail("empty line: each line must be one JSON object");
  if (tooDeep(line)) throw fail("the line nests too deeply: at most " + MAX_DEPTH + " levels");
  let value;
  try {
    value = loads(line);
  } catch (error) {
    if (!(error instanceof JSONError)) throw error;
    throw fail("not a JSON object: the line is not valid JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
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

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** One input line → one answer; every engine or input error becomes {"error"}, and so does
 * anything else that goes wrong: every line is answered.
 * @param {string} verb @param {Uint8Array | string} line */
function answer(verb, line) {
  const size = typeof line === "string" ? Buffer.byteLength(line, "utf8") : line.length;
  if (size > MAX_LINE) return { error: "the line is too long: at most " + MAX_LINE + " bytes" };
  let text;
  try {
    text = typeof line === "string" ? line : UTF8.decode(line);
  } catch (error) {
    return { error: "the line is not valid UTF-8 text" };
  }
  try {
    return VERBS[verb](request(text));
  } catch (error) {
    if (error instanceof Rules.EngineError) return { error: error.message };
    return { error: "internal error, please report it: " + (error instanceof Error ? error.name : typeof error) };
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
  // Of a line longer than MAX_LINE bytes only the first MAX_LINE + 1 are kept, enough
  // for its answer to say so: memory stays bounded whatever comes in.
  /** @type {Buffer[]} */
  let pending = [];
  let kept = 0;
  /** @param {Buffer} bytes */
  const keep = (bytes) => {
    const room = MAX_LINE + 1 - kept;
    if (room <= 0) return;
    const part = bytes.length > room ? bytes.subarray(0, room) : bytes;
    pending.push(Buffer.from(part));
    kept += part.length;
  };
  const closed = outputClosed();
  const reply = () => {
    if (closed) process.exit(1); // nobody can read the answers: they are lost
    process.stdout.write(dumps(answer(verb, Buffer.concat(pending))) + "\n");
    pending = [];
    kept = 0;
  };
  process.stdin.on("data", (/** @type {Buffer} */ chunk) => {
    let from = 0;
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, from)) {
      keep(chunk.subarray(from, at));
      reply();
      from = at + 1;
    }
    if (from < chunk.length) keep(chunk.subarray(from));
  });
  process.stdin.on("end", () => {
    if (pending.length) reply();
  });
  process.stdout.on("error", () => process.exit(1));
}

/** Whether standard output was closed when the command started. Node then opens the null
 * device in its place, for reading and writing, where a shell's `> /dev/null` opens it
 * for writing only; Linux tells the two apart (/proc), elsewhere none is reported. */
function outputClosed() {
  try {
    const info = fs.readFileSync("/proc/self/fdinfo/1", "utf8");
    const flags = /^flags:\s*([0-7]+)/m.exec(info);
    const stat = fs.fstatSync(1);
    return Boolean(flags) && (parseInt(flags[1], 8) & 3) === 2 && stat.isCharacterDevice() &&
      stat.rdev === fs.statSync("/dev/null").rdev;
  } catch (error) {
    return false;
  }
}

module.exports = { loads, answer, dumps };
if (require.main === module) main();
