// The browser rules' own API, beyond what the conformance test compares with the Python
// engine: the tree of partial plays, refusals as data, the computer opponent, and loading
// as a classic script. Expected values are worked out by hand from RULES.md.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { execFileSync } = require("node:child_process");

const ROOT = path.join(__dirname, "..", "..");
const SCRIPT = path.join(ROOT, "templates", "assets", "plakoto-rules.js");
const R = require(SCRIPT);

const code = (text) => R.fromCode(text);
/** The refusal of a written play, as data. */
function refusalOf(positionCode, text, dice, rules) {
  try {
    R.parsePlay(code(positionCode), text, dice, rules || "plakoto");
  } catch (error) {
    assert.ok(error instanceof R.EngineError, String(error));
    return error.refusal;
  }
  assert.fail(`${text} was accepted`);
}

// -- the reference sequences of RULES.md -------------------------------------------------

test("the reference sequences of RULES.md", () => {
  const first = R.parsePlay(R.start(), "24/19 24/18", [6, 5]);
  assert.equal(R.toCode(first.position), "W:24x13,19,18;B:1x15;T:B");
  assert.deepEqual([R.pips(first.position, "white"), R.pips(first.position, "black")], [349, 360]);
  const second = R.parsePlay(first.position, "24/23 24/21", [3, 1]);
  assert.deepEqual(second.position.board.slice(0, 4), [-13, -1, 0, -1]);
  assert.deepEqual([R.pips(second.position, "white"), R.pips(second.position, "black")], [349, 356]);
  const pin = R.parsePlay(code("W:24x8,20,13x6;B:1x10,5x4,15;T:W"), "20/15* 13/10", [5, 3]);
  assert.equal(pin.notation, "20/15* 13/10");
  assert.equal(R.toCode(pin.position), "W:24x8,15,13x5,10;B:1x10,5x4;P:15;T:B");
  assert.deepEqual([R.pips(pin.position, "white"), R.pips(pin.position, "black")], [282, 330]);
  const off = R.parsePlay(code("W:6x2,5x2,4x2,3,2,1;B:19x3,20x3,21x3,22x2,23x2,24x2;T:W"), "6/off 5/off", [6, 5]);
  assert.equal(off.position.off.white, 8);
  assert.deepEqual([R.pips(off.position, "white"), R.pips(off.position, "black")], [25, 57]);
});

test("the interchange form round-trips and bad input says why", () => {
  const start = R.start();
  assert.deepEqual(R.fromJSON(R.toJSON(start)), start);
  assert.equal(R.toCode(start), "W:24x15;B:1x15;T:W");
  assert.throws(() => R.fromJSON({ board: [1] }), /'board' must be a list of 24 whole numbers/);
  assert.throws(() => R.fromCode("W:24x16;B:1x15"), /has 16 white checkers: at most 15/);
});

// -- refusals as data --------------------------------------------------------------------

test("each refusal kind comes as data a page can word, and in words", () => {
  const cases = [
    ["W:24x14,13;B:1x13,18x2;T:W", "24/18 13/8", [6, 5], { kind: "closed", point: 18, count: 2 }, "point 18 is closed: 2 black checkers"],
    ["W:24x13,15,13;B:1x13,10;P:15;T:B", "10/5", [5, 1], { kind: "pinned", point: 10 }, "the checker on 10 is pinned and cannot move"],
    ["W:24x13,15,13;B:1x13,10;P:15;T:B", "15/10 24/23", [5, 1], { kind: "pinner", point: 10 }, "point 10 is closed: the white checker there is pinning one of yours, and a pinner cannot be pinned"],
    ["W:24x8,20,13x6;B:1x10,5x4,15;T:W", "20/14", [5, 3], { kind: "distance", point: 20, end: 14 }, "the roll 5-3 cannot move a checker from 20 to 14 (6 pips)"],
    ["W:24x8,20,13x6;B:1x10,5x4,15;T:W", "20/15", [5, 3], { kind: "both-numbers" }, "both numbers can be played, so both must be"],
    ["W:24x8,20,13x6;B:1x10,5x4,15;T:W", "20/15* 13/10*", [5, 3], { kind: "false-pin", point: 10 }, "the checker landing on 10 pins nothing there: leave out the * after 10"],
    ["W:24x8,20,13x6;B:1x10,5x4,15;T:W", "12/7 12/9", [5, 3], { kind: "no-checker", point: 12 }, "there is no checker of yours on 12"],
    ["W:24x14,10;B:1x11,18x2,19x2;T:W", "10/5", [6, 5], { kind: "larger-number", number: 6, other: 5 }, "6 and 5 can each be played alone; the larger, 6, must be"],
    ["W:24x14,20;B:1x11,2x2,18x2;T:W", "20/14", [6, 6], { kind: "more-numbers", count: 2, number: 6 }, "2 of the 6s can be played, so 2 must be"],
    ["W:6,4x14;B:19x15;T:W", "4/off 6/5", [5, 1], { kind: "higher-point", point: 4, number: 5, other: 5 }, "cannot bear off from 4 with a 5: there is a checker on 5, so a 5 must move a checker from a higher point"],
    ["W:6x3,5x3,4x3,2x3,1x2;B:3,20x7,21x7;P:3;T:W", "6/off 5/off", [6, 5], { kind: "pin-stops-bear-off", point: 3 }, "cannot bear off: the checker on 3 is pinned"],
    ["W:8,5x14;B:19x15;T:W", "5/off 5/off", [5, 5], { kind: "not-home", point: 8 }, "cannot bear off: the checker on 8 is not yet in the home board"],
    ["W:1x4;B:19x15;T:W", "1/off(3)", [3, 3], { kind: "short-of-win", count: 4 }, "this roll can win the game, and a win counts as using every number: win, or play all 4 numbers"],
    ["W:24x14,6;B:1x11,18x2,19x2;T:W", "", [6, 5], { kind: "no-move" }, "no move is possible with this roll"],
    ["W:24,13x7,6x7;B:18,12x7,19x7;T:B", "7/1* 24/21", [6, 3], { kind: "game-ended", point: 7, end: 1, count: 1 }, "the game ends after 7/1*; nothing more can be played"],
  ];
  for (const [position, text, dice, want, sentence] of cases) {
    const got = refusalOf(position, text, dice);
    for (const [key, value] of Object.entries(want)) assert.equal(got[key], value, `${text}: ${key} of ${JSON.stringify(got)}`);
    assert.ok(["white", "black"].includes(got.side));
    assert.equal(R.refusalText(got), sentence); // each written out by hand from RULES.md
  }
});

test("a lone checker that pins is never a landing place, nor pinned itself", () => {
  // White's lone checker on 15 pins a black one; Black (to move, 5-1) has its own 15 and 24.
  // By hand: 24/23 24/19, 24/18, 24/19 15/14 and 15/9 (15/14/9); never 15/10 onto the pinner.
  const plays = R.legalPlays(code("W:24x13,15,13;B:1x13,10;P:15;T:B"), [5, 1], "plakoto");
  assert.deepEqual(plays.map((p) => p.notation).sort(), ["15/9", "24/18", "24/19 15/14", "24/23 24/19"]);
});

// -- the tree of partial plays -------------------------------------------------------------

test("the tree at the start with 6-5: one checker, either number, and the complete plays", () => {
  const tree = R.playTree(R.start(), [6, 5]);
  const root = tree[0];
  assert.deepEqual(root.numbers, [6, 5]);
  const allowed = root.tries.filter((t) => t.child !== null).map((t) => [t.start, t.number, t.end]);
  assert.deepEqual(allowed, [[24, 6, 18], [24, 5, 19]]);
  const after6 = tree[root.tries.find((t) => t.number === 6).child];
  assert.deepEqual(after6.numbers, [5]);
  assert.equal(after6.play, null); // one number left to play
  const ends = after6.tries.filter((t) => t.child !== null).map((t) => [t.start, t.end]);
  assert.deepEqual(ends.sort(), [[18, 13], [24, 19]].sort());
  const complete = ends.map(([start]) => tree[after6.tries.find((t) => t.start === start).child].play.notation);
  assert.deepEqual(complete.sort(), ["24/13", "24/19 24/18"]);
});

test("the tree refuses with the same kinds: a closed point, a pinned checker, the larger number", () => {
  const closed = R.playTree(code("W:24x14,13;B:1x13,18x2;T:W"), [6, 5])[0];
  const to18 = closed.tries.find((t) => t.start === 24 && t.number === 6);
  assert.equal(to18.child, null);
  assert.equal(to18.refusal.kind, "closed");
  assert.equal(to18.refusal.point, 18);
  assert.equal(to18.refusal.count, 2);

  const pinned = R.playTree(code("W:24x13,15,13;B:1x13,10;P:15;T:B"), [5, 1])[0];
  const underWhite = pinned.tries.find((t) => t.start === 10);
  assert.equal(underWhite.refusal.kind, "pinned");

  const larger = R.playTree(code("W:24x14,10;B:1x11,18x2,19x2;T:W"), [6, 5])[0];
  const five = larger.tries.find((t) => t.start === 10 && t.number === 5);
  assert.equal(five.child, null);
  assert.equal(five.refusal.kind, "larger-number");
  const six = larger.tries.find((t) => t.start === 10 && t.number === 6);
  assert.equal(R.playTree(code("W:24x14,10;B:1x11,18x2,19x2;T:W"), [6, 5])[six.child].play.notation, "10/4");
});

test("where every move would draw, the root itself is a complete play (the pass)", () => {
  const tree = R.playTree(code("W:7,6x13;B:1,19x13,24;P:24;T:W"), [6, 6]);
  assert.equal(tree[0].play.notation, "");
  const drawing = tree[0].tries.find((t) => t.start === 7 && t.child !== null);
  assert.deepEqual(tree[drawing.child].play.result, { winner: null, points: 0, reason: "both-mothers" });
});

// -- the computer opponent -----------------------------------------------------------------

/** Positions met in seeded games between the two levels, with the roll to play. */
function positionsFromGames(games) {
  const found = [];
  for (let seed = 0; seed < games; seed++) {
    const random = R.prng(seed);
    const rules = seed % 2 ? "tapa" : "plakoto";
    let position = R.start(seed % 3 ? "white" : "black");
    for (let ply = 0; ply < 200 && !R.result(position, rules); ply++) {
      const dice = [1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6)];
      found.push([position, dice, rules]);
      const level = ply % 2 ? "beginner" : "club";
      const play = R.botPlay(position, dice, rules, level, seed * 1000 + ply);
      if (play && play.result) break;
      position = play ? play.position : { ...position, turn: R.other(position.turn) };
    }
  }
  return found;
}

test("the computer always plays one of the legal plays, or nothing when none exists", () => {
  let checked = 0, passes = 0;
  for (const [position, dice, rules] of positionsFromGames(30)) {
    const legal = new Set(R.legalPlays(position, dice, rules).map((p) => p.notation));
    for (const level of ["beginner", "club"]) {
      const play = R.botPlay(position, dice, rules, level, checked);
      if (legal.size === 0) {
        assert.equal(play, null);
        passes++;
      } else {
        assert.ok(legal.has(play.notation), `${level} played ${play.notation} from ${R.toCode(position)} ${dice}`);
      }
      checked++;
    }
  }
  assert.ok(checked > 2000, String(checked));
  assert.ok(passes > 0, "some positions have no legal play");
});

test("the same seed gives the same play; the levels are named", () => {
  const position = code("W:24x8,20,13x6;B:1x10,5x4,15;T:W");
  for (const level of ["beginner", "club"]) {
    const plays = [1, 1, 1].map((seed) => R.botPlay(position, [5, 3], "plakoto", level, seed).notation);
    assert.equal(new Set(plays).size, 1);
  }
  assert.throws(() => R.botPlay(position, [5, 3], "plakoto", "master", 1), /unknown level 'master'/);
});

test("the club player takes a win, pins the lone mother, and does not leave its own exposed", () => {
  // 6/off 2/off wins; 6/4/off would not.
  assert.deepEqual(R.botPlay(code("W:6,2;B:19x15;T:W"), [6, 2], "plakoto", "club", 1).result,
    { winner: "white", points: 2, reason: "bear-off" });
  // Black's mother stands alone on 1 and White has a checker on 7: 7/1* pins it (White
  // has left its start, so it wins 2 points at once).
  const pinMother = R.botPlay(code("W:13x7,7,6x7;B:1,12x7,19x7;T:W"), [6, 3], "plakoto", "club", 1);
  assert.equal(pinMother.result && pinMother.result.reason, "mother");
  // White's mother is alone on 24 with Black's checkers on 18 and 20 (own 7 and 5) one
  // roll away; 2-1 lets White keep the mother home (13/11 13/12) or run it (24/21).
  // Running the mother to 21 leaves it a lone checker in front of them as well, but it no
  // longer costs the game: the club player must keep a 2-point loss away from direct shots.
  const play = R.botPlay(code("W:24,13x7,6x7;B:18,20,12x6,19x7;T:W"), [2, 1], "plakoto", "club", 1);
  assert.ok(play.notation.startsWith("24/"), play.notation);
});

test("the club player judges its plays from its own side, not the opponent's", () => {
  // White 5-2 with a blot on 8 and Black's lone checker on 11: 13/11* pins it and 13/8
  // covers the blot. Rated from Black's side the same list puts 13/6 first (leaving both).
  const play = R.botPlay(code("W:24x10,13x4,8;B:1x14,11;T:W"), [5, 2], "plakoto", "club", 1);
  assert.equal(play.notation, "13/11* 13/8");
});

// -- the command line and loading in a page --------------------------------------------------

test("the bot verb answers a legal play, or the empty play with the turn passed", () => {
  const input = [
    { code: "start", dice: [6, 5], level: "club", seed: 3 },
    { code: "W:24x14,6;B:1x11,18x2,19x2;T:W", dice: [6, 5], level: "beginner", seed: 1 },
    { code: "start", dice: [6, 5], level: "master", seed: 1 },
  ].map((r) => JSON.stringify(r)).join("\n") + "\n";
  const out = execFileSync("node", [path.join(ROOT, "scripts", "engine.js"), "bot"], { input }).toString();
  const [first, none, bad] = out.trim().split("\n").map((line) => JSON.parse(line));
  assert.ok(["24/19 24/18", "24/13"].includes(first.play));
  assert.equal(first.position.turn, "black");
  assert.equal(first.result, null);
  assert.equal(none.play, "");
  assert.equal(none.position.turn, "black");
  assert.deepEqual(none.position.board, R.fromCode("W:24x14,6;B:1x11,18x2,19x2;T:W").board);
  assert.equal(bad.error, "unknown level 'master': write 'beginner' or 'club'");
});

test("the script loads in a page as window.PlakotoRules, with no module system", () => {
  const window = {};
  vm.runInNewContext(fs.readFileSync(SCRIPT, "utf8"), { window });
  assert.equal(typeof window.PlakotoRules.legalPlays, "function");
  assert.equal(window.PlakotoRules.legalPlays(window.PlakotoRules.start(), [6, 5]).length, 2);
});

test("a play in board numbers reads as the lessons write it (Words.board_moves)", () => {
  const played = (positionCode, text, dice) => R.parsePlay(code(positionCode), text, dice);
  const pin = played("W:24x8,20,13x6;B:1x10,5x4,15;T:W", "20/15* 13/10", [5, 3]);
  assert.equal(R.boardMoves("white", pin.moves, "off"), "20 → 15*, 13 → 10");
  // Black in board numbers: its 24 is point 1; the higher landing first.
  const black = played("W:24x15;B:1x15;T:B", "24/21 24/23", [3, 1]);
  assert.equal(R.boardMoves("black", black.moves, "off"), "1 → 2, 1 → 4");
  // One checker going on is one chain; the same chain twice is written once, counted.
  const doubles = played("W:24x15;B:1x15;T:W", "24/18(2) 18/12(2)", [6, 6]);
  assert.equal(R.boardMoves("white", doubles.moves, "off"), "24 → 18 → 12 (2)");
  const on = played("W:24x8,20,13x6;B:1x10,5x4,15;T:W", "20/15*/12", [5, 3]);
  assert.equal(R.boardMoves("white", on.moves, "off"), "20 → 15* → 12");
  const home = played("W:6,5,4x13;B:1x15;T:W", "6/off 5/off", [6, 5]);
  assert.equal(R.boardMoves("white", home.moves, "dehors"), "6 → dehors, 5 → dehors");
});
