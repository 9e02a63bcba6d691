// @ts-check
/* The rules of Plakoto (and Tapa) in the browser: a second implementation of RULES.md,
   proven equal to the Python engine by the conformance test, which feeds both the same
   requests. One classic script: window.PlakotoRules in a page, module.exports under Node.

   Most functions work on a side's OWN VIEW of the board, as the Python engine does:
   `ours` is an array of 25 numbers indexed by our own point numbers (index 0 unused),
   positive for our checkers on top, negative for the opponent's; `pins` is a bit mask
   with bit i set when one checker lies pinned beneath the owner of our own point i. */
(function (root) {
  "use strict";

  /** @typedef {"white" | "black"} Side */
  /** @typedef {"plakoto" | "tapa"} Rules */
  /**
   * The interchange form of RULES.md; board[0] is absolute point 1.
   * @typedef {{board: number[], pinned: number[], off: {white: number, black: number}, turn: Side}} Position
   */
  /** @typedef {{winner: Side | null, points: number, reason: "bear-off" | "mother" | "both-mothers" | "blocked"}} Result */
  /**
   * One checker move in the mover's own numbering: end 0 is off; pins is true when it pinned.
   * @typedef {{start: number, end: number, number: number, pins: boolean}} Move
   */
  /**
   * A legal play: its moves in order, canonical notation, the position after it (the
   * other side to move) and the result when it ends the game.
   * @typedef {{moves: Move[], notation: string, position: Position, result: Result | null, ended: boolean, key: string,
 *   view: {ours: number[], pins: number}}} Play
   */
  /**
   * Why a checker move is refused, in data a page words from its own catalog. `kind` is
   * one of the Python engine's Why values; points are in the mover's own numbering.
   * @typedef {{kind: string, side: Side, point: number, count: number, number: number, other: number, end: number, dice: number[] | null}} Refusal
   */

  var CHECKERS = 15;
  /** The limits of plakoto_site/engine/limits.py, checked before an input is read further. */
  var LIMITS = Object.freeze({ line: 100000, depth: 100, digits: 20, text: 1000, numberDigits: 3 });
  var OFF = 0;
  var MOTHER_BITS = (1 << 1) | (1 << 24);
  var OUR_HOME = 0x7e; // bits 1..6
  var THEIR_HOME = 0x1f80000; // bits 19..24

  /** An error with the Python engine's class name, so callers can tell them apart. */
  class EngineError extends Error {
    /** @param {string} message @param {string} [kind] */
    constructor(message, kind) {
      super(message);
      this.name = kind || "EngineError";
      /** @type {Refusal | null} for an illegal play, why it is refused, as data */
      this.refusal = null;
    }
  }
  /** @param {string} message */
  function positionError(message) { return new EngineError(message, "PositionError"); }
  /** @param {string} message */
  function notationError(message) { return new EngineError(message, "NotationError"); }
  /** @param {string} message */
  function illegalPlayError(message) { return new EngineError(message, "IllegalPlayError"); }

  // -- Python's way of quoting values in messages ----------------------------------------

  /** What Python's str.isprintable() refuses: control, format, private, unassigned and
   * surrogate code points, and every separator but the space. */
  var UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

  /** Python's repr() of a string. @param {string} text */
  function reprString(text) {
    var quote = text.indexOf("'") >= 0 && text.indexOf('"') < 0 ? '"' : "'";
    var out = quote;
    for (var ch of text) {
      var code = /** @type {number} */ (ch.codePointAt(0));
      if (ch === "\\") out += "\\\\";
      else if (ch === quote) out += "\\" + quote;
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else if (ch === " " || !UNPRINTABLE.test(ch)) out += ch;
      else if (code < 0x100) out += "\\x" + code.toString(16).padStart(2, "0");
      else if (code < 0x10000) out += "\\u" + code.toString(16).padStart(4, "0");
      else out += "\\U" + code.toString(16).padStart(8, "0");
    }
    return out + quote;
  }

  /** Python's int() of decimal digits of any script (its regex \d matches them all).
   * @param {string} digits */
  function pyInt(digits) {
    var value = 0;
    for (var ch of digits) {
      var code = /** @type {number} */ (ch.codePointAt(0)), zero = code;
      while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
      value = value * 10 + (code - zero) % 10;
    }
    return value;
  }

  /** Python's repr() of a value read from JSON (floats from a strict reader are {float}).
   * @param {any} value @returns {string} */
  function repr(value) {
    if (value === null || value === undefined) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    if (typeof value === "string") return reprString(value);
    if (typeof value === "number") return String(value);
    if (typeof value === "bigint") return value.toString();
    if (Array.isArray(value)) return "[" + value.map(repr).join(", ") + "]";
    if (typeof value === "object" && typeof value.pyRepr === "function") return value.pyRepr();
    return "{" + Object.keys(value).map(function (k) { return reprString(k) + ": " + repr(value[k]); }).join(", ") + "}";
  }

  /** The characters Python's str.strip() and the regex \s treat as white space. */
  var PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  var SEPARATORS = new RegExp("[" + PY_SPACE + ",;]+");
  var NUMBER = "(\\p{Nd}{1," + LIMITS.numberDigits + "})";
  var POINT_ITEM = new RegExp("^" + NUMBER + "(?:[" + PY_SPACE + "]*[x×][" + PY_SPACE + "]*" + NUMBER + ")?$", "u");
  var SPACE = new RegExp("[" + PY_SPACE + "]");

  /** Python's str.strip(), one pass from each end. @param {string} text */
  function pyStrip(text) {
    var start = 0, end = text.length;
    while (start < end && SPACE.test(text[start])) start++;
    while (end > start && SPACE.test(text[end - 1])) end--;
    return text.slice(start, end);
  }

  /** Whether a text has more than LIMITS.text characters (Python's len: code points).
   * @param {string} text */
  function overLong(text) {
    if (text.length <= LIMITS.text) return false;
    var count = 0;
    for (var _ of text) if (++count > LIMITS.text) return true;
    return false;
  }

  /** Python's str(). @param {any} value */
  function str(value) { return typeof value === "string" ? value : repr(value); }

  /** @param {any} value */
  function isInt(value) { return (typeof value === "number" && Number.isInteger(value)) || typeof value === "bigint"; }

  // -- sides, rule sets, dice ---------------------------------------------------------------

  /** @param {Side} side @returns {Side} */
  function other(side) { return side === "white" ? "black" : "white"; }

  /** @param {any} text @returns {Side} */
  function parseSide(text) {
    var value = pyStrip(str(text)).toLowerCase();
    if (value === "white" || value === "w") return "white";
    if (value === "black" || value === "b") return "black";
    throw positionError("unknown side " + repr(text) + ": write 'white' or 'black'");
  }

  /** @param {any} text @returns {Rules} */
  function parseRules(text) {
    var value = pyStrip(str(text)).toLowerCase();
    if (value === "mahbusa" || value === "tapa") return "tapa";
    if (value === "plakoto") return "plakoto";
    throw positionError("unknown rule set " + repr(text) + ": write 'plakoto' or 'tapa'");
  }

  /** Two dice read from JSON, larger first. @param {any} values @returns {[number, number]} */
  function parseDice(values) {
    if (!Array.isArray(values) || values.length !== 2 || !values.every(function (v) { return isInt(v); })) {
      throw notationError("dice must be a list of two numbers 1 to 6, not " + repr(values));
    }
    var a = values[0], b = values[1];
    if (!(a >= 1 && a <= 6 && b >= 1 && b <= 6)) throw notationError("dice must be 1 to 6, not " + str(a) + " and " + str(b));
    return a >= b ? [Number(a), Number(b)] : [Number(b), Number(a)];
  }

  /** The numbers to play: two, or four for a double. @param {number[]} dice */
  function diceNumbers(dice) { return dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]]; }

  // -- positions ----------------------------------------------------------------------------

  /** @returns {Position} */
  function start(turn) {
    var board = [-15];
    for (var i = 0; i < 22; i++) board.push(0);
    board.push(15);
    return { board: board, pinned: [], off: { white: 0, black: 0 }, turn: turn || "white" };
  }

  /** @param {number[]} board @param {number[]} pinned @param {Side} side */
  function onBoard(board, pinned, side) {
    var sign = side === "white" ? 1 : -1, total = 0;
    board.forEach(function (v) { if (v * sign > 0) total += Math.abs(v); });
    pinned.forEach(function (p) { if (p >= 1 && p <= 24 && board[p - 1] * sign < 0) total += 1; });
    return total;
  }

  /** Checkers on top and pinned beneath, counted exactly even for numbers past 2^53 (JSON
   * may hold up to 20 digits). @param {any[]} board @param {any[]} pinned @param {Side} side */
  function onBoardExact(board, pinned, side) {
    var sign = BigInt(side === "white" ? 1 : -1), zero = BigInt(0), total = zero;
    board.forEach(function (v) {
      var value = BigInt(v) * sign;
      if (value > zero) total += value;
    });
    pinned.forEach(function (p) { if (p >= 1 && p <= 24 && BigInt(board[p - 1]) * sign < zero) total += BigInt(1); });
    return total;
  }

  /** The checks of the Python Position: raises with the same sentences, in the same order.
   * Takes whole numbers of any size; a position that passes holds only small ones.
   * @param {Position} position */
  function validate(position) {
    var board = position.board;
    position.pinned.slice().sort(compare).forEach(function (point) {
      if (!(point >= 1 && point <= 24)) throw positionError("pinned point " + point + " is outside 1–24");
      if (board[point - 1] === 0) {
        throw positionError("point " + point + " is listed as pinned but is empty: a pinned checker lies under an owner");
      }
    });
    /** @type {Side[]} */ (["white", "black"]).forEach(function (side) {
      var off = position.off[side];
      if (!(off >= 0 && off <= CHECKERS)) throw positionError(side + " has " + off + " checkers borne off: 0 to 15");
      var total = onBoardExact(board, position.pinned, side) + BigInt(off);
      if (total !== BigInt(CHECKERS)) {
        throw positionError(side + " has " + total + " checkers (on the board, pinned and borne off): each side has exactly 15");
      }
    });
    return position;
  }

  /** Read the interchange form; raises an EngineError with the Python engine's sentence.
   * @param {any} data @returns {Position} */
  function fromJSON(data) {
    if (data === null || typeof data !== "object" || Array.isArray(data) || typeof data.pyRepr === "function") {
      throw positionError("a position must be a JSON object, not " + repr(data));
    }
    var unknown = Object.keys(data).filter(function (k) { return ["board", "pinned", "off", "turn"].indexOf(k) < 0; });
    if (unknown.length) throw positionError("unknown position field(s): " + unknown.sort().join(", "));
    var board = data.board;
    if (!Array.isArray(board) || board.length !== 24 || !board.every(isInt)) {
      throw positionError("'board' must be a list of 24 whole numbers (index 0 = point 1)");
    }
    var pinned = "pinned" in data ? data.pinned : [];
    if (!Array.isArray(pinned) || !pinned.every(isInt)) throw positionError("'pinned' must be a list of point numbers");
    if (new Set(pinned.map(String)).size !== pinned.length) {
      throw positionError("'pinned' lists a point twice: at most one checker is pinned there");
    }
    var off = "off" in data ? data.off : { white: 0, black: 0 };
    if (off === null || typeof off !== "object" || Array.isArray(off) || typeof off.pyRepr === "function" ||
        Object.keys(off).some(function (k) { return k !== "white" && k !== "black"; })) {
      throw positionError("'off' must be {\"white\": n, \"black\": n}");
    }
    var whiteOff = "white" in off ? off.white : 0, blackOff = "black" in off ? off.black : 0;
    if (!isInt(whiteOff) || !isInt(blackOff)) throw positionError("'off' counts must be whole numbers");
    var turn = parseSide("turn" in data ? data.turn : "white");
    validate({ board: board, pinned: pinned, off: { white: whiteOff, black: blackOff }, turn: turn });
    return {
      board: board.map(Number),
      pinned: pinned.map(Number).sort(compare),
      off: { white: Number(whiteOff), black: Number(blackOff) },
      turn: turn,
    };
  }

  /** Ascending order for numbers and big whole numbers alike. @param {any} a @param {any} b */
  function compare(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  /** @param {Position} position @returns {Position} a copy, ready for JSON */
  function toJSON(position) {
    return {
      board: position.board.slice(),
      pinned: position.pinned.slice().sort(function (a, b) { return a - b; }),
      off: { white: position.off.white, black: position.off.black },
      turn: position.turn,
    };
  }

  /** Read a position code such as `W:24x8,20,13x6;B:1x10,5x4,15;P:15;T:W`, or `start`.
   * @param {string} code @returns {Position} */
  function fromCode(code) {
    if (overLong(code)) throw positionError("a position code has at most " + LIMITS.text + " characters");
    var text = pyStrip(code);
    if (text.toLowerCase() === "start") return start("white");
    /** @type {Object<string, string>} */
    var sections = {};
    text.split(";").map(pyStrip).filter(Boolean).forEach(function (part) {
      var colon = part.indexOf(":");
      var key = pyStrip(colon < 0 ? part : part.slice(0, colon)).toUpperCase();
      if (colon < 0 || ["W", "B", "P", "T"].indexOf(key) < 0) {
        throw positionError("cannot read position code " + repr(code) + ": section " + repr(part) + " should start with W:, B:, P: or T:");
      }
      if (key in sections) throw positionError("cannot read position code " + repr(code) + ": " + key + ": appears twice");
      sections[key] = pyStrip(part.slice(colon + 1));
    });
    if (!("W" in sections) || !("B" in sections)) {
      throw positionError("position code " + repr(code) + " needs both a W: and a B: section");
    }
    var board = new Array(24).fill(0);
    [["white", "W", 1], ["black", "B", -1]].forEach(function (entry) {
      readPoints(code, sections[entry[1]], true, function (point, count) {
        if (board[point - 1]) throw positionError("position code " + repr(code) + ": point " + point + " is listed twice");
        board[point - 1] = Number(entry[2]) * count;
      });
    });
    /** @type {Set<number>} */
    var pins = new Set();
    readPoints(code, sections.P || "", false, function (point) { pins.add(point); });
    var pinned = Array.from(pins);
    pinned.sort(function (a, b) { return a - b; });
    var turn = parseSide("T" in sections ? sections.T : "W");
    var off = { white: 0, black: 0 };
    /** @type {Side[]} */ (["white", "black"]).forEach(function (side) { off[side] = CHECKERS - onBoard(board, pinned, side); });
    /** @type {Side[]} */ (["white", "black"]).forEach(function (side) {
      if (off[side] < 0) {
        throw positionError("position code " + repr(code) + " has " + (CHECKERS - off[side]) + " " + side + " checkers: at most 15");
      }
    });
    return validate({ board: board, pinned: pinned, off: off, turn: turn });
  }

  /** Read each item and check it, then hand it on, before reading the next.
   * @param {string} code @param {string} text @param {boolean} allowCount
   * @param {(point: number, count: number) => void} each */
  function readPoints(code, text, allowCount, each) {
    text.split(",").map(pyStrip).filter(Boolean).forEach(function (item) {
      var match = POINT_ITEM.exec(item.toLowerCase());
      if (!match || (match[2] && !allowCount)) {
        var hint = allowCount ? "a point like 13 or 13x5" : "a point number";
        throw positionError("cannot read " + repr(item) + " in position code " + repr(code) + ": write " + hint);
      }
      var point = pyInt(match[1]), count = match[2] ? pyInt(match[2]) : 1;
      if (!(point >= 1 && point <= 24)) throw positionError("position code " + repr(code) + ": point " + point + " is outside 1–24");
      if (count < 1) throw positionError("position code " + repr(code) + ": " + repr(item) + " needs at least one checker");
      each(point, count);
    });
  }

  /** The canonical position code. @param {Position} position */
  function toCode(position) {
    var b = position.board, white = [], black = [];
    /** @param {number} p @param {number} n */
    function item(p, n) { return n === 1 ? String(p) : p + "x" + n; }
    for (var p = 24; p >= 1; p--) if (b[p - 1] > 0) white.push(item(p, b[p - 1]));
    for (p = 1; p <= 24; p++) if (b[p - 1] < 0) black.push(item(p, -b[p - 1]));
    var parts = ["W:" + white.join(","), "B:" + black.join(",")];
    if (position.pinned.length) parts.push("P:" + position.pinned.slice().sort(function (x, y) { return x - y; }).join(","));
    parts.push("T:" + (position.turn === "white" ? "W" : "B"));
    return parts.join(";");
  }

  /** A side's own number for an absolute point, and back. @param {Side} side @param {number} point */
  function own(side, point) { return side === "white" ? point : 25 - point; }

  /** `side`'s own view. @param {Position} position @param {Side} side @returns {{ours: number[], pins: number}} */
  function ownView(position, side) {
    var ours = [0], pins = 0;
    for (var p = 1; p <= 24; p++) ours.push(side === "white" ? position.board[p - 1] : -position.board[24 - p]);
    position.pinned.forEach(function (point) { pins |= 1 << own(side, point); });
    return { ours: ours, pins: pins };
  }

  /** The inverse of ownView. @returns {Position} */
  function fromOwnView(side, ours, pins, ourOff, theirOff, turn) {
    var board = [], pinned = [];
    for (var p = 1; p <= 24; p++) board.push(side === "white" ? ours[p] : -ours[25 - p]);
    for (p = 1; p <= 24; p++) if (pins >> own(side, p) & 1) pinned.push(p);
    var off = side === "white" ? { white: ourOff, black: theirOff } : { white: theirOff, black: ourOff };
    return { board: board, pinned: pinned, off: off, turn: turn };
  }

  /** Sum over the side's checkers on the board, pinned ones included, of their own point
   * number. Borne-off checkers count 0. @param {Position} position @param {Side} side */
  function pips(position, side) {
    var view = ownView(position, side), total = 0;
    for (var p = 1; p <= 24; p++) {
      if (view.ours[p] > 0) total += p * view.ours[p];
      else if (view.ours[p] < 0 && view.pins >> p & 1) total += p;
    }
    return total;
  }

  // -- the rules that decide a game (own view, one function each) ------------------------

  /** Our lowest own point where one of our checkers lies pinned, or 0. */
  function pinnedOwnChecker(ours, pins) {
    for (var p = 1; p <= 24; p++) if (pins >> p & 1 && ours[p] < 0) return p;
    return 0;
  }

  /** S may bear off only while all of S's checkers still on the board are in S's home
   * board (own points 1–6) and none of S's checkers is pinned anywhere. */
  function mayBearOff(ours, pins) {
    for (var p = 24; p > 6; p--) if (ours[p] > 0) return false;
    return !pinnedOwnChecker(ours, pins);
  }

  /** A number d bears off a checker from own point d; with no checker there, one must move
   * from a higher point; with none higher, d bears off from the highest occupied point. */
  function bearsOff(ours, from, number) {
    if (from > number) return false;
    if (from === number) return true;
    for (var p = from + 1; p <= 6; p++) if (ours[p] > 0) return false;
    return true;
  }

  /** The first side to bear off all 15 wins 1 point, or 2 if the loser has borne off none. */
  function bearOffPoints(theirOff) { return theirOff === 0 ? 2 : 1; }

  /** The mother rule: [weWin (null for the draw), reason] or null while play goes on. */
  function motherRule(ours, pins) {
    var ourMotherPinned = (pins >> 24 & 1) && ours[24] < 0;
    var theirMotherPinned = (pins & 2) && ours[1] > 0;
    if (ourMotherPinned && theirMotherPinned) return [null, "both-mothers"];
    if (ourMotherPinned && ours[1] >= 0) return [false, "mother"];
    if (theirMotherPinned && ours[24] <= 0) return [true, "mother"];
    return null;
  }

  /** Whether any of our checkers can move with any number from 1 to 6. */
  function canMove(ours, pins) {
    var bearing = mayBearOff(ours, pins);
    for (var from = 1; from <= 24; from++) {
      if (ours[from] <= 0) continue;
      for (var number = 1; number <= 6; number++) {
        var end = from - number;
        if (end >= 1) {
          if (ours[end] >= 0 || (ours[end] === -1 && !(pins >> end & 1))) return true;
        } else if (bearing && bearsOff(ours, from, number)) return true;
      }
    }
    return false;
  }

  /** The opponent's own view of the same board. */
  function theirView(ours, pins) {
    var theirs = [0], theirPins = 0;
    for (var p = 1; p <= 24; p++) {
      theirs.push(-ours[25 - p]);
      if (pins >> p & 1) theirPins |= 1 << (25 - p);
    }
    return { ours: theirs, pins: theirPins };
  }

  /** Neither side can ever move again: a draw, 0 points, reason "blocked". */
  function blocked(ours, pins) {
    if (!(pins & OUR_HOME && pins & THEIR_HOME) || !pinnedOwnChecker(ours, pins)) return false;
    var theirs = theirView(ours, pins);
    if (!pinnedOwnChecker(theirs.ours, theirs.pins)) return false;
    return !canMove(ours, pins) && !canMove(theirs.ours, theirs.pins);
  }

  /** The end of the game after a single checker move: [weWin, reason, points] or null. */
  function gameOver(ours, pins, ourOff, theirOff, mother) {
    if (ourOff === CHECKERS) return [true, "bear-off", bearOffPoints(theirOff)];
    if (theirOff === CHECKERS) return [false, "bear-off", bearOffPoints(ourOff)];
    if (mother) {
      var decided = motherRule(ours, pins);
      if (decided) return [decided[0], decided[1], decided[0] === null ? 0 : 2];
    }
    if (blocked(ours, pins)) return [null, "blocked", 0];
    return null;
  }

  /** @param {any} decided @param {Side} side @returns {Result} */
  function resultOf(decided, side) {
    var winner = decided[0] === null ? null : decided[0] ? side : other(side);
    return { winner: winner, points: decided[2], reason: decided[1] };
  }

  /** How the game has ended in this position, or null while it goes on.
   * @param {Position} position @param {Rules} [rules] @returns {Result | null} */
  function result(position, rules) {
    var view = ownView(position, "white");
    var decided = gameOver(view.ours, view.pins, position.off.white, position.off.black, (rules || "plakoto") === "plakoto");
    return decided ? resultOf(decided, "white") : null;
  }

  /** @param {Result} outcome */
  function describeResult(outcome) {
    if (outcome.reason === "both-mothers") return "a draw: both mothers are pinned";
    if (outcome.reason === "blocked") return "a draw: the board is blocked, neither side can ever move again";
    return (outcome.winner || "nobody") + " won " + outcome.points + " (" + outcome.reason + ")";
  }

  // -- the legal-play generator -------------------------------------------------------------

  /** A board in one side's own view as a string key. */
  function stateKey(ours, pins) { return ours.join(",") + "|" + pins; }

  /** Move our checker on own point `from` by `number` (already allowed).
   * @returns {{ours: number[], pins: number, move: Move}} */
  function step(ours, pins, from, number) {
    var after = ours.slice();
    after[from] -= 1;
    if (after[from] === 0 && pins >> from & 1) {
      after[from] = -1; // the last pinner leaves: the pinned checker is free at once
      pins &= ~(1 << from);
    }
    var end = from - number;
    if (end < 1) return { ours: after, pins: pins, move: { start: from, end: OFF, number: number, pins: false } };
    if (after[end] === -1) {
      after[end] = 1;
      return { ours: after, pins: pins | 1 << end, move: { start: from, end: end, number: number, pins: true } };
    }
    after[end] += 1;
    return { ours: after, pins: pins, move: { start: from, end: end, number: number, pins: false } };
  }

  /** Each different number that can be played next, with the numbers left after it. */
  function choices(numbers) {
    if (numbers.length === 2 && numbers[0] !== numbers[1]) return [[numbers[0], [numbers[1]]], [numbers[1], [numbers[0]]]];
    return [[numbers[0], numbers.slice(1)]];
  }

  /** Walk every order of checker moves depth first, each (board, numbers left) once, in the
   * Python engine's order, and keep the plays the rules allow (see choose()). */
  function search(ours, pins, ourOff, theirOff, dice, mother) {
    var seen = new Set();
    var byDepth = [new Map(), new Map(), new Map(), new Map(), new Map()];
    var highFirst = new Set();
    var ending = new Map();
    var high = dice[0];

    function explore(ours, pins, ourOff, numbers, path) {
      var starts = [];
      for (var p = 24; p >= 1; p--) if (ours[p] > 0) starts.push(p);
      if (!starts.length) return;
      var bearing = starts[0] <= 6 && mayBearOff(ours, pins);
      var depth = path.length + 1, record = byDepth[depth];
      choices(numbers).forEach(function (choice) {
        var number = choice[0], rest = choice[1];
        starts.forEach(function (from) {
          var end = from - number;
          if (end >= 1) {
            var there = ours[end];
            if (there < -1 || (there === -1 && pins >> end & 1)) return;
          } else if (!bearing || !bearsOff(ours, from, number)) return;
          var moved = step(ours, pins, from, number);
          var off = ourOff + (moved.move.end === OFF ? 1 : 0);
          var key = stateKey(moved.ours, moved.pins);
          var line = path.concat([moved.move]);
          if (off === CHECKERS || (mother && moved.pins & MOTHER_BITS) || (moved.pins & OUR_HOME && moved.pins & THEIR_HOME)) {
            var decided = gameOver(moved.ours, moved.pins, off, theirOff, mother);
            if (decided) {
              if (!ending.has(key)) ending.set(key, { path: line, ours: moved.ours, pins: moved.pins, off: off, decided: decided });
              return;
            }
          }
          if (rest.length) {
            var visit = key + "|" + rest.join(",");
            if (seen.has(visit)) return;
            seen.add(visit);
          }
          if (!record.has(key)) {
            record.set(key, { path: line, ours: moved.ours, pins: moved.pins, off: off, decided: null });
            if (depth === 1 && number === high) highFirst.add(key);
          }
          if (rest.length) explore(moved.ours, moved.pins, off, rest, line);
        });
      });
    }

    byDepth[0].set(stateKey(ours, pins), { path: [], ours: ours, pins: pins, off: ourOff, decided: null });
    explore(ours, pins, ourOff, diceNumbers(dice), []);
    return choose(dice, byDepth, highFirst, ending);
  }

  /** Play as many numbers as possible, the larger if only one fits, judged among the plays
   * that do not end the game; a play that ends the game is legal however few numbers it
   * used; when only game-ending plays move at all, playing nothing stays legal too. */
  function choose(dice, byDepth, highFirst, ending) {
    var chosen = [], wins = false;
    ending.forEach(function (found, key) {
      chosen.push([key, found]);
      if (found.decided[0] !== null) wins = true;
    });
    var most = 0;
    byDepth.forEach(function (found, depth) { if (found.size) most = depth; });
    if (wins) most = diceNumbers(dice).length; // a win counts as using every number
    if (most === 0 && !chosen.length) return [];
    byDepth[most].forEach(function (found, key) {
      if (most === 1 && dice[0] !== dice[1] && highFirst.size && !highFirst.has(key)) return;
      chosen.push([key, found]);
    });
    return chosen;
  }

  /** Every legal play of `dice` for the side to move, one per distinct resulting position,
   * in the Python engine's order. Raises an EngineError if the game is already over.
   * @param {Position} position @param {number[]} dice @param {Rules} [rules] @returns {Play[]} */
  function legalPlays(position, dice, rules) {
    rules = rules || "plakoto";
    var finished = result(position, rules);
    if (finished) throw positionError("the game is already over (" + describeResult(finished) + ")");
    var side = position.turn, view = ownView(position, side);
    var theirOff = position.off[other(side)];
    var sorted = dice[0] >= dice[1] ? [dice[0], dice[1]] : [dice[1], dice[0]];
    return search(view.ours, view.pins, position.off[side], theirOff, sorted, rules === "plakoto").map(function (entry) {
      var found = entry[1];
      var outcome = found.decided ? resultOf(found.decided, side) : null;
      return {
        moves: found.path,
        notation: formatMoves(found.path),
        position: fromOwnView(side, found.ours, found.pins, found.off, theirOff, other(side)),
        result: /** @type {Result | null} */ (outcome),
        ended: Boolean(found.decided),
        key: entry[0],
        view: { ours: found.ours, pins: found.pins },
      };
    });
  }

  // -- notation out -------------------------------------------------------------------------

  /** @param {Move[]} chain */
  function chainText(chain) {
    var parts = [String(chain[0].start)];
    for (var i = 0; i < chain.length - 1; i++) if (chain[i].pins) parts.push(chain[i].end + "*");
    var last = chain[chain.length - 1];
    parts.push((last.end === OFF ? "off" : String(last.end)) + (last.pins ? "*" : ""));
    return parts.join("/");
  }

  /** `24/18(2) 13/7*`: chains joined, highest start first, identical moves grouped.
   * @param {Move[]} moves */
  function formatMoves(moves) {
    /** @type {Move[][]} */
    var chains = [];
    moves.forEach(function (move) {
      for (var i = chains.length - 1; i >= 0; i--) {
        var last = chains[i][chains[i].length - 1];
        if (last.end === move.start && last.end !== OFF) { chains[i].push(move); return; }
      }
      chains.push([move]);
    });
    var keyed = chains.map(function (c) { return { chain: c, text: chainText(c) }; });
    keyed.sort(function (a, b) {
      var x = a.chain, y = b.chain, xl = x[x.length - 1], yl = y[y.length - 1];
      return (y[0].start - x[0].start) || (yl.end - xl.end) || (Number(!xl.pins) - Number(!yl.pins)) ||
        (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
    });
    /** @type {Map<string, number>} */
    var counts = new Map();
    keyed.forEach(function (k) { counts.set(k.text, (counts.get(k.text) || 0) + 1); });
    var texts = [];
    keyed.forEach(function (k) {
      if (!counts.has(k.text)) return;
      var n = counts.get(k.text) || 1;
      counts.delete(k.text);
      texts.push(n === 1 ? k.text : k.text + "(" + n + ")");
    });
    return texts.join(" ");
  }

  /** A play in the numbers printed on the board, as the lessons write it (Words.board_moves
   * in plakoto_site/i18n/words.py): chains "1 → 5* → 8" (* where it pins), the mover's highest
   * point first, the same chain twice once with its count ("24 → 18 (2)"), `off` for a checker
   * borne off. @param {Side} side @param {Move[]} moves  in the mover's numbering @param {string} off */
  function boardMoves(side, moves, off) {
    /** @type {Move[][]} */
    var chains = [];
    moves.forEach(function (move) {
      for (var i = chains.length - 1; i >= 0; i--) {
        if (chains[i][chains[i].length - 1].end === move.start && move.start !== OFF) { chains[i].push(move); return; }
      }
      chains.push([move]);
    });
    chains.sort(function (x, y) {
      var xl = x[x.length - 1], yl = y[y.length - 1];
      return (y[0].start - x[0].start) || (yl.end - xl.end) || (Number(!xl.pins) - Number(!yl.pins));
    });
    /** @param {Move} m */
    var end = function (m) { return (m.end === OFF ? off : String(own(side, m.end))) + (m.pins ? "*" : ""); };
    /** @type {Map<string, number>} */
    var counts = new Map();
    chains.forEach(function (c) {
      var text = [String(own(side, c[0].start))].concat(c.map(end)).join(" → ");
      counts.set(text, (counts.get(text) || 0) + 1);
    });
    return Array.from(counts, function (pair) { return pair[1] === 1 ? pair[0] : pair[0] + " (" + pair[1] + ")"; }).join(", ");
  }

  // -- refusals -----------------------------------------------------------------------------

  /** @returns {Refusal} */
  function refusal(kind, side, point, count, number, otherNumber, end, dice) {
    return { kind: kind, side: side, point: point || 0, count: count || 0, number: number || 0, other: otherNumber || 0,
      end: end || 0, dice: dice || null };
  }

  /** The English sentence the Python engine's errors use. @param {Refusal} r */
  function refusalText(r) {
    var their = other(r.side), point = r.point, landing = r.end === OFF ? "off" : String(r.end);
    switch (r.kind) {
      case "short-of-win": return "this roll can win the game, and a win counts as using every number: win, or play " +
        (r.count === 2 ? "both numbers" : "all " + r.count + " numbers");
      case "false-pin": return point === 0 ? "a checker borne off pins nothing: leave out the * after off"
        : "the checker landing on " + point + " pins nothing there: leave out the * after " + point;
      case "distance": return "the roll " + (r.dice ? r.dice[0] + "-" + r.dice[1] : "") + " cannot move a checker from " + point +
        " to " + landing + " (" + (point - r.end) + " pips)";
      case "game-ended": return "the game ends after " + point + "/" + landing + (r.count ? "*" : "") + "; nothing more can be played";
      case "no-move": return "no move is possible with this roll";
      case "unplayable": return "these moves cannot be played with this roll";
      case "not-allowed": return "that play is not allowed with this roll";
      case "no-checker": return "there is no checker of yours on " + point;
      case "pinned": return "the checker on " + point + " is pinned and cannot move";
      case "closed": return "point " + point + " is closed: " + r.count + " " + their + " checkers";
      case "pinner": return "point " + point + " is closed: the " + their + " checker there is pinning one of yours, and a pinner cannot be pinned";
      case "not-home": return "cannot bear off: the checker on " + point + " is not yet in the home board";
      case "pin-stops-bear-off": return "cannot bear off: the checker on " + point + " is pinned";
      case "higher-point": return "cannot bear off from " + point + " with a " + r.number + ": there is a checker on " + r.other + ", so a " + r.number + " must move a checker from a higher point";
      case "both-numbers": return "both numbers can be played, so both must be";
      case "more-numbers": return r.count + " of the " + r.number + "s can be played, so " + r.count + " must be";
      default: return r.number + " and " + r.other + " can each be played alone; the larger, " + r.number + ", must be";
    }
  }

  /** Play as many numbers as possible; if a non-double fits only one, the larger. */
  function numbersRefusal(dice, most, side, shorter) {
    if (!shorter) return refusal("larger-number", side, 0, 0, dice[0], dice[1]);
    if (dice[0] === dice[1]) return refusal("more-numbers", side, 0, most, dice[0]);
    return refusal("both-numbers", side);
  }

  /** Why our checker on own point `from` may not move `number` pips, or null. @returns {Refusal | null} */
  function refuseStep(ours, pins, from, number, side) {
    if (ours[from] <= 0) {
      if (ours[from] < 0 && pins >> from & 1) return refusal("pinned", side, from);
      return refusal("no-checker", side, from);
    }
    var end = from - number;
    if (end >= 1) {
      if (ours[end] >= 0 || (ours[end] === -1 && !(pins >> end & 1))) return null;
      if (ours[end] === -1) return refusal("pinner", side, end);
      return refusal("closed", side, end, -ours[end]);
    }
    if (mayBearOff(ours, pins) && bearsOff(ours, from, number)) return null;
    for (var p = 24; p > 6; p--) if (ours[p] > 0) return refusal("not-home", side, p);
    var pinned = pinnedOwnChecker(ours, pins);
    if (pinned) return refusal("pin-stops-bear-off", side, pinned);
    for (p = 6; p > from; p--) if (ours[p] > 0) break;
    return refusal("higher-point", side, from, 0, number, p);
  }

  // -- notation in: syntax, then a walk matched against the legal plays ---------------------

  // Python's case-blind [a-z] also takes the dotted and dotless i, the long s and the Kelvin
  // sign; its \d takes the digits of every script.
  var TOKEN = /^([a-z0-9\u0130\u0131\u017f\u212a]+\*?(?:[/-][a-z0-9\u0130\u0131\u017f\u212a]+\*?)+)(?:\((\p{Nd}+)\))?$/iu;

  /** Read the syntax of a play into checker paths (repeats expanded).
   * @param {string} text @returns {{points: number[], text: string}[]} */
  function parsePaths(text) {
    if (overLong(text)) throw notationError("a play has at most " + LIMITS.text + " characters");
    var paths = [];
    var tokens = pyStrip(text).split(SEPARATORS).filter(Boolean);
    for (var t = 0; t < tokens.length; t++) {
      var token = tokens[t];
      /** @param {string} why */
      var cannot = function (why) { return notationError("cannot read " + repr(token) + " in " + repr(text) + ": " + why); };
      var match = TOKEN.exec(token);
      if (!match) throw cannot("write each move as from/to, e.g. 24/18 or 6/off");
      var points = match[1].split(/[/-]/).map(function (part) { return readPoint(part, cannot); });
      if (points[0] === OFF) throw cannot("a move cannot start from off");
      if (points.slice(0, -1).indexOf(OFF) >= 0) throw cannot("'off' can only come last");
      for (var i = 0; i + 1 < points.length; i++) {
        if (points[i + 1] !== OFF && points[i + 1] >= points[i]) {
          throw cannot("checkers move to lower numbers in the mover's own numbering (" +
            points[i] + " to " + points[i + 1] + " goes backwards)");
        }
      }
      var digits = match[2] || "1";
      var times = digits.length > LIMITS.numberDigits ? 0 : pyInt(digits);
      if (!(times >= 1 && times <= 4)) throw cannot("repeat 1 to 4 times");
      var stars = match[1].split(/[/-]/).map(function (part) { return part.slice(-1) === "*"; });
      for (i = 0; i < times; i++) paths.push({ points: points, text: token, stars: stars });
      if (paths.length > 4) throw notationError("cannot read " + repr(text) + ": a roll moves at most four checkers");
    }
    return paths;
  }

  /** @param {string} part @param {(why: string) => EngineError} cannot */
  function readPoint(part, cannot) {
    var word = part.replace(/\*+$/, "").toLowerCase();
    if (word === "off") return OFF;
    if (word === "bar") throw cannot("Plakoto has no bar; a covered checker stays pinned where it is");
    if (!/^[0-9]+$/.test(word) || word.length > LIMITS.numberDigits) throw cannot(repr(part) + " is not a point number");
    var point = parseInt(word, 10);
    if (!(point >= 1 && point <= 24)) throw cannot("point " + point + " is outside 1–24");
    return point;
  }

  /** Whether some of the numbers add up to `distance`. */
  function makes(distance, numbers) {
    var sums = new Set([0]);
    numbers.forEach(function (n) { Array.from(sums).forEach(function (s) { sums.add(s + n); }); });
    return sums.has(distance);
  }

  /** Try every order of the written paths and of the dice, one checker move at a time. */
  function walk(position, dice, rules, paths) {
    var side = position.turn, view = ownView(position, side);
    var theirOff = position.off[other(side)], mother = rules === "plakoto";
    var numbers = diceNumbers(dice);
    /** @type {{reached: Map<string, [number, number | null]>, failure: [number, number, number, Refusal | null], endedEarly: Refusal | null}} */
    var state = { reached: new Map(), failure: [0, -99, -1, null], endedEarly: null };

    function fail(direct, stops, depth, reason) {
      var rank = [direct ? 1 : 0, -stops, depth], old = state.failure;
      if (rank[0] > old[0] || (rank[0] === old[0] && (rank[1] > old[1] || (rank[1] === old[1] && rank[2] > old[2])))) {
        state.failure = [rank[0], rank[1], rank[2], reason];
      }
    }

    function go(ours, pins, ourOff, left, cursor, progress, depth, stops, wrongStar) {
      var finished = progress.every(function (p, i) { return p === paths[i].points.length; });
      if (finished) {
        var key = stateKey(ours, pins), known = state.reached.get(key);
        if (!known || (known[1] !== null && wrongStar === null)) state.reached.set(key, [numbers.length - left.length, wrongStar]);
        return;
      }
      paths.forEach(function (path, index) {
        if (progress[index] === path.points.length) return;
        var here = cursor[index], goal = path.points[progress[index]];
        left.forEach(function (number, nIndex) {
          if (left.slice(0, nIndex).indexOf(number) >= 0) return;
          var there = here - number;
          if (goal !== OFF && there < goal) return;
          var refused = refuseStep(ours, pins, here, number, side);
          if (refused) {
            fail(there === goal || (goal === OFF && there <= 0), stops, depth, refused);
            return;
          }
          var moved = step(ours, pins, here, number);
          var off = ourOff + (moved.move.end === OFF ? 1 : 0);
          var reachedGoal = moved.move.end === goal;
          var starred = reachedGoal && path.stars[progress[index]];
          var falseStar = starred && !moved.move.pins && wrongStar === null ? moved.move.end : wrongStar;
          var newProgress = progress.slice(), newCursor = cursor.slice();
          newProgress[index] += reachedGoal ? 1 : 0;
          newCursor[index] = moved.move.end;
          var rest = left.slice(0, nIndex).concat(left.slice(nIndex + 1));
          if (gameOver(moved.ours, moved.pins, off, theirOff, mother)) {
            var done = newProgress.every(function (p, i) { return p === paths[i].points.length; });
            if (!done) {
              state.endedEarly = state.endedEarly ||
                refusal("game-ended", side, moved.move.start, moved.move.pins ? 1 : 0, 0, 0, moved.move.end);
              return;
            }
          }
          go(moved.ours, moved.pins, off, rest, newCursor, newProgress, depth + 1, stops + (reachedGoal ? 0 : 1), falseStar);
        });
      });
    }

    for (var i = 0; i < paths.length; i++) {
      var points = paths[i].points;
      for (var j = 0; j + 1 < points.length; j++) {
        if (points[j + 1] !== OFF && !makes(points[j] - points[j + 1], numbers)) {
          state.failure = [1, 0, numbers.length, refusal("distance", side, points[j], 0, 0, 0, points[j + 1], dice)];
          return state;
        }
      }
    }
    go(view.ours, view.pins, position.off[side], numbers, paths.map(function (p) { return p.points[0]; }),
      paths.map(function () { return 1; }), 0, 0, null);
    return state;
  }

  /** The legal play that `text` describes; raises an EngineError (NotationError when it
   * cannot be read, IllegalPlayError saying which move and why when it is not allowed).
   * @param {Position} position @param {string} text @param {number[]} dice @param {Rules} [rules] @returns {Play} */
  function parsePlay(position, text, dice, rules) {
    rules = rules || "plakoto";
    var sorted = dice[0] >= dice[1] ? [dice[0], dice[1]] : [dice[1], dice[0]];
    var paths = parsePaths(text);
    var plays = legalPlays(position, sorted, rules);
    /** @type {Map<string, Play>} */
    var legal = new Map();
    plays.forEach(function (play) { legal.set(play.key, play); });
    var walked = walk(position, sorted, rules, paths);
    /** @type {Play | null} */
    var found = null;
    /** @type {number | null} */
    var falsePin = null;
    walked.reached.forEach(function (seen, key) {
      if (found || !legal.has(key)) return;
      if (seen[1] === null) found = legal.get(key) || null;
      else if (falsePin === null) falsePin = seen[1];
    });
    if (found) return found;
    var refused = falsePin !== null ? refusal("false-pin", position.turn, falsePin) : why(walked, plays, sorted, position.turn);
    var error = illegalPlayError("illegal play " + repr(text) + ": " + refusalText(refused));
    error.refusal = refused;
    throw error;
  }

  /** The most telling reason a written play is not legal. @returns {Refusal} */
  function why(walked, plays, dice, side) {
    if (!walked.reached.size) return walked.endedEarly || walked.failure[3] || refusal("unplayable", side);
    if (!plays.length) return refusal("no-move", side);
    var used = Math.max.apply(null, Array.from(walked.reached.values()).map(function (seen) { return seen[0]; }));
    var most = 0, wins = false, count = diceNumbers(dice).length;
    plays.forEach(function (p) {
      if (!p.ended) most = Math.max(most, p.moves.length);
      else if (p.result && p.result.winner) wins = true;
    });
    if (used < count && wins) return refusal("short-of-win", side, 0, count);
    if (used < most) return numbersRefusal(dice, most, side, true);
    if (most === 1 && dice[0] !== dice[1]) return numbersRefusal(dice, most, side, false);
    return refusal("not-allowed", side);
  }

  // -- the tree of partial plays, for a board a person plays on -----------------------------

  /**
   * Moving the checker on own point `start` by `number`: to node `child`, or refused.
   * @typedef {{start: number, number: number, end: number, child: number | null, refusal: Refusal | null, pins: boolean}} Try
   */
  /**
   * A partial play: the position so far (the mover still to move), the numbers left, and
   * what may be tried next; `play` is set when the moves so far make a complete legal play.
   * @typedef {{index: number, position: Position, numbers: number[], depth: number, tries: Try[], play: Play | null}} TreeNode
   */

  /** Every partial play of `dice`, node 0 first (nothing moved yet), each try either allowed
   * (with its child node) or refused with a structured reason. Built from legalPlays(), so
   * it cannot disagree with the generator.
   * @param {Position} position @param {number[]} dice @param {Rules} [rules] @returns {TreeNode[]} */
  function playTree(position, dice, rules) {
    rules = rules || "plakoto";
    var sorted = dice[0] >= dice[1] ? [dice[0], dice[1]] : [dice[1], dice[0]];
    var side = position.turn, theirOff = position.off[other(side)], mother = rules === "plakoto";
    var plays = legalPlays(position, sorted, rules);
    var going = new Map(), ending = new Map(), most = 0, wins = false;
    plays.forEach(function (play) {
      (play.ended ? ending : going).set(play.key, play);
      if (!play.ended) most = Math.max(most, play.moves.length);
      else if (play.result && play.result.winner) wins = true;
    });
    var required = wins ? diceNumbers(sorted).length : most; // a win counts as using every number
    /** @type {TreeNode[]} */
    var nodes = [];
    var index = new Map(), reach = new Map();

    function node(ours, pins, ourOff, numbers, depth, ended) {
      var state = stateKey(ours, pins), key = state + "#" + numbers.join(",") + "#" + ended;
      if (index.has(key)) return index.get(key);
      /** @type {TreeNode} */
      var made = { index: nodes.length, position: fromOwnView(side, ours, pins, ourOff, theirOff, side),
        numbers: numbers, depth: depth, tries: [], play: null };
      nodes.push(made);
      index.set(key, made.index);
      if (ended) {
        made.play = ending.get(state) || null;
        return made.index;
      }
      if (depth === most && going.has(state)) made.play = going.get(state);
      if (numbers.length) expand(made, ours, pins, ourOff);
      return made.index;
    }

    function expand(made, ours, pins, ourOff) {
      var seenNumbers = new Set();
      made.numbers.forEach(function (number, i) {
        if (seenNumbers.has(number)) return;
        seenNumbers.add(number);
        var rest = made.numbers.slice(0, i).concat(made.numbers.slice(i + 1));
        for (var from = 24; from >= 1; from--) {
          if (!(ours[from] > 0) && !(ours[from] < 0 && pins >> from & 1)) continue;
          var refused = refuseStep(ours, pins, from, number, side);
          if (refused) {
            made.tries.push({ start: from, number: number, end: Math.max(from - number, OFF), child: null, refusal: refused, pins: false });
            continue;
          }
          var moved = step(ours, pins, from, number);
          var off = ourOff + (moved.move.end === OFF ? 1 : 0);
          var ended = gameOver(moved.ours, moved.pins, off, theirOff, mother) !== null;
          var child = node(moved.ours, moved.pins, off, rest, made.depth + 1, ended);
          made.tries.push({ start: from, number: number, end: moved.move.end, child: child, refusal: null, pins: moved.move.pins });
        }
      });
    }

    function longest(i) {
      if (reach.has(i)) return reach.get(i);
      var made = nodes[i], best = made.play ? made.depth : -1;
      made.tries.forEach(function (t) { if (t.child !== null) best = Math.max(best, longest(t.child)); });
      reach.set(i, best);
      return best;
    }

    var view = ownView(position, side);
    node(view.ours, view.pins, position.off[side], diceNumbers(sorted), 0, false);
    nodes.forEach(function (made) {
      made.tries = made.tries.map(function (t) {
        if (t.child === null || longest(t.child) >= 0) return t;
        var smaller = required === 1 && sorted[0] !== sorted[1] && t.number !== sorted[0];
        return { start: t.start, number: t.number, end: t.end, child: null, refusal: numbersRefusal(sorted, required, side, !smaller), pins: t.pins };
      });
    });
    return nodes;
  }


  // -- the computer opponent ----------------------------------------------------------------

  /** A small seeded generator (mulberry32): the same seed, the same choices.
   * @param {number} seed @returns {() => number} numbers in [0, 1) */
  function prng(seed) {
    var state = seed >>> 0;
    return function () {
      state = (state + 0x6d2b79f5) >>> 0;
      var t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** For each of the 36 rolls, a bit mask of the distances one checker can cover with it. */
  var REACH = (function () {
    var masks = [];
    for (var a = 1; a <= 6; a++) {
      for (var b = 1; b <= 6; b++) {
        var mask = 1 << a | 1 << b | 1 << (a + b);
        if (a === b) mask |= 1 << (3 * a) | 1 << (4 * a);
        masks.push(mask);
      }
    }
    return masks;
  })();

  /** The share of the 36 rolls that bring one of the opponent's checkers (distances in
   * `mask`) onto a point: direct shots and combined ones alike (blocking ignored). */
  function shotChance(mask) {
    if (!mask) return 0;
    var hits = 0;
    for (var r = 0; r < 36; r++) if (REACH[r] & mask) hits++;
    return hits / 36;
  }

  /** How bad it is for us to have a checker pinned on our own point p (the same measure,
   * seen from the other side, is how good a pin is). */
  function pinCost(p) { return 18 + p * 0.9; }

  /** The club player's judgement of a position from `side`'s point of view, the opponent to
   * move: the race, pins made and suffered, lone checkers within the opponent's reach, the
   * mothers, points made. Higher is better for `side`. */
  function judge(position, side, rules) {
    var view = ownView(position, side);
    return judgeView(view.ours, view.pins, rules);
  }

  /** judge() on `side`'s own view of the board. */
  function judgeView(ours, pins, rules) {
    var mother = rules === "plakoto";
    var theirStart = ours[1] < 0 ? -ours[1] : 0; // their checkers still at their start (our own 1)
    var ourStart = ours[24] > 0 ? ours[24] : 0;
    var theirMotherPinned = mother && (pins & 2) && ours[1] > 0;
    var ourMotherPinned = mother && (pins >> 24 & 1) && ours[24] < 0;
    var score = 0;
    for (var p = 1; p <= 24; p++) {
      // the race: their pips minus ours (a pinned checker counts where it lies)
      if (ours[p] > 0) score -= p * ours[p] - (pins >> p & 1 ? 25 - p : 0);
      else if (ours[p] < 0) score += (25 - p) * -ours[p] - (pins >> p & 1 ? p : 0);
    }
    for (p = 1; p <= 24; p++) {
      var here = ours[p], pinnedHere = pins >> p & 1;
      if (here > 0) {
        if (pinnedHere) score += p === 1 && mother ? 260 - 12 * ourStart : pinCost(25 - p);
        if (here >= 2) score += p <= 6 ? 5 : p <= 12 ? 3 : 1;
        if (here >= 4 && p !== 24) score -= (here - 3) * 1.5;
        if (here === 1 && !pinnedHere) score -= exposure(ours, p, mother, theirStart, theirMotherPinned);
      } else if (here < 0 && pinnedHere) {
        score -= p === 24 && mother ? 260 - 12 * theirStart : pinCost(p);
      }
    }
    if (ourMotherPinned && theirMotherPinned) score = 0;
    return score;
  }

  /** What our lone checker on own point p risks: the chance it is pinned next turn times the
   * cost; our last checker at home (the mother) risks the game under the mother rule. */
  function exposure(ours, p, mother, theirStart, theirMotherPinned) {
    var mask = 0;
    for (var q = Math.max(1, p - 24); q < p; q++) if (ours[q] < 0) mask |= 1 << (p - q);
    var chance = shotChance(mask);
    if (!chance) return 0;
    var cost = pinCost(p);
    if (p === 24 && mother) cost = theirMotherPinned ? 400 : theirStart === 0 ? 900 : 220;
    return chance * cost;
  }

  var WIN = 10000;

  /** The value of a play's result for the side that played it. @param {Result} outcome */
  function resultValue(outcome, side) {
    if (outcome.winner === null) return 0;
    return (outcome.winner === side ? WIN : -WIN) * outcome.points;
  }

  /** The computer's play, or null when nothing can be played. Levels: "beginner" (legal
   * moves, little judgement: it likes pinning and otherwise plays at random) and "club"
   * (judges every legal play). Deterministic for a given seed.
   * @param {Position} position @param {number[]} dice @param {Rules} rules @param {string} level
   * @param {number} seed @returns {Play | null} */
  function botPlay(position, dice, rules, level, seed) {
    if (level !== "beginner" && level !== "club") {
      throw new EngineError("unknown level " + repr(level) + ": write 'beginner' or 'club'");
    }
    var plays = legalPlays(position, dice, rules);
    if (!plays.length) return null;
    var random = prng(seed);
    var side = position.turn;
    /** @type {Play | null} */
    var best = null;
    var bestScore = -Infinity;
    plays.forEach(function (play) {
      var score;
      if (play.result) score = resultValue(play.result, side);
      else if (level === "club") score = judgeView(play.view.ours, play.view.pins, rules);
      else score = play.moves.filter(function (m) { return m.pins; }).length * 10;
      score += random() * (level === "club" ? 0.01 : 25);
      if (score > bestScore) { best = play; bestScore = score; }
    });
    return best;
  }

  var api = {
    CHECKERS: CHECKERS,
    LIMITS: LIMITS,
    EngineError: EngineError,
    engineError: function (message) { return new EngineError(message); },
    pyStrip: pyStrip,
    start: start,
    fromJSON: fromJSON,
    toJSON: toJSON,
    fromCode: fromCode,
    toCode: toCode,
    parseSide: parseSide,
    parseRules: parseRules,
    parseDice: parseDice,
    other: other,
    own: own,
    ownView: ownView,
    pips: pips,
    result: result,
    legalPlays: legalPlays,
    parsePlay: parsePlay,
    formatMoves: formatMoves,
    boardMoves: boardMoves,
    playTree: playTree,
    refusalText: refusalText,
    botPlay: botPlay,
    judge: judge,
    prng: prng,
    repr: repr,
    str: str,
    isInt: isInt,
    internals: { step: step, refuseStep: refuseStep, mayBearOff: mayBearOff, theirView: theirView, blocked: blocked, gameOver: gameOver, stateKey: stateKey },
  };
  if (typeof module === "object" && module.exports) module.exports = api;
  else /** @type {any} */ (root).PlakotoRules = api;
})(typeof window === "object" ? window : this);
