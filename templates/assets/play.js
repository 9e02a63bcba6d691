// @ts-check
"use strict";
/* The play page: a whole game on the lessons' board. Rules: plakoto-rules.js; the board's
   measures and every sentence: #play-data. Page contract: see templates/play.html. */
(function () {
  /** @typedef {"white" | "black"} Side */
  /** @typedef {"plakoto" | "tapa"} RuleSet */
  /** @typedef {{board: number[], pinned: number[], off: {white: number, black: number}, turn: Side}} Position */
  /** @typedef {{winner: Side | null, points: number, reason: string}} Result */
  /** @typedef {{start: number, end: number, number: number, pins: boolean}} Move */
  /** @typedef {{moves: Move[], notation: string, position: Position, result: Result | null}} Play */
  /** @typedef {{kind: string, side: Side, point: number, count: number, number: number, other: number, end: number, dice: number[] | null}} Refusal */
  /** @typedef {{start: number, number: number, end: number, child: number | null, refusal: Refusal | null, pins: boolean}} Try */
  /** @typedef {{position: Position, numbers: number[], tries: Try[], play: Play | null}} TreeNode */
  /** @typedef {import("../../types/board").Geometry} Geometry  the board's measures (render/board.py) */
  /**
   * What the page carries for this script.
   * A sentence with a count comes as its forms by CLDR plural category, under `plurals`.
   * @typedef {{board: Geometry, words: Object<string, string>, refusals: Object<string, string>,
   *   outcomes: Object<string, string>, plurals: Object<string, Object<string, string>>,
   *   rules: {plakoto: string, tapa: string}, lessons: Object<string, string>, motherLesson: string}} PageData
   */
  /** @typedef {{rules: RuleSet, mode: "computer" | "two-players", level: "beginner" | "club", human: Side, length: number, forced: boolean}} Settings */
  /**
   * The reader's settings, kept with the game: how fast checkers travel, whether a roll that
   * cannot be played waits for Done, whether a complete turn waits for Done.
   * @typedef {{pace: "slow" | "normal" | "fast", passing: "wait" | "go-on", sending: "done" | "at-once"}} Prefs
   */
  /** One line of the record: a play (notation empty when the side could not move). @typedef {{side: Side, dice: number[], notation: string, board: string}} Entry */
  /**
   * The whole game, saved in localStorage after every change.
   * @typedef {{version: number, address: string, settings: Settings, score: {white: number, black: number}, position: Position,
   *   dice: number[] | null, state: "rolling" | "moving" | "passed" | "computer" | "over", opening: boolean, result: Result | null,
   *   log: Entry[], path: number[], draws: number, matchOver: boolean, prefs?: Prefs}} Game
   */

  var STORE = "plakoto-play";
  var VERSION = 1;
  var root = /** @type {HTMLElement | null} */ (document.querySelector("[data-plakoto-game]"));
  var source = document.getElementById("play-data");
  /** @type {any} */
  var Rules = /** @type {any} */ (window).PlakotoRules;
  if (!root || !source || !Rules || typeof PlakotoBoard === "undefined") return;
  var game_root = root;
  /** @type {PageData} */
  var data = JSON.parse(source.textContent || "{}");
  var geo = data.board;
  var words = data.words;
  var params = new URLSearchParams(location.search);
  var seedText = params.get("seed");
  /** ?seed=N: the dice and the computer's choices repeat. */
  var seed = seedText !== null && /^\d{1,9}$/.test(seedText) ? Number(seedText) : null;
  /** Test hooks, honoured only with ?seed: ?position=<code> starts from that position;
   * ?delay=<ms> sets the computer's pause. */
  var startCode = seed !== null ? params.get("position") : null;
  try { if (startCode && Rules.result(Rules.fromCode(startCode))) startCode = null; } catch (e) { startCode = null; } // ignored: unreadable, or over
  var delayText = seed !== null ? params.get("delay") : null;
  var delay = delayText !== null && /^\d{1,5}$/.test(delayText) ? Number(delayText) : null;
  /** Each pace: how long a checker travels, and the pause between the computer's steps (ms). */
  var PACE = { slow: { fly: 650, pause: 900 }, normal: { fly: 380, pause: 450 }, fast: { fly: 160, pause: 180 } };
  /** How long a roll that cannot be played stays on the board, set to go on by itself (ms). */
  var PASS_WAIT = 3000;
  var address = (seed !== null ? "seed=" + seed : "") + (startCode ? ";position=" + startCode : "");

  /** The lessons' board (board.js, where checkers also travel) with what only a game needs:
   * dice of two colours, checkers that are dragged, and arrows for a play made or suggested. */
  class GameBoard extends PlakotoBoard {
    /** The roll as board.js draws it, or one colour per die (the opening roll); each die a
     * [data-die] group, its number in data-value, data-used once played (the page contract).
     * @param {number[]} dice @param {Side | Side[]} side @param {number[] | null} left  the numbers not played yet (null: none faded) */
    dice(dice, side, left) {
      var self = this, d = this.geo.dice, group = this.shape("g", { "class": "dice" }), remaining = left ? left.slice() : [];
      dice.forEach(function (value, i) {
        var colour = Array.isArray(side) ? side[i] : side, x = d.x + (i ? d.apart : -d.apart), at = remaining.indexOf(value);
        var used = left !== null && (dice[0] === dice[1] ? left.length <= (i ? 0 : 2) : at < 0);
        if (at >= 0) remaining.splice(at, 1);
        var face = self.shape("g", { "class": used ? "die-face die-used" : "die-face", "data-die": "", "data-value": value }, group);
        if (used) face.setAttribute("data-used", "");
        self.use("die", colour, x, d.y, face);
        d.spots[String(value)].forEach(function (s) { self.use("pip", Rules.other(colour), x + s[0] * d.spot, d.y + s[1] * d.spot, face); });
      });
    }

  /** The checker being dragged from `from`, drawn under the pointer (client coordinates).
   * @param {number} from @param {Side} colour @param {number} x @param {number} y */
  follow(from, colour, x, y) {
    var svg = this.layer.ownerSVGElement, matrix = svg && svg.getScreenCTM();
    if (!matrix) { return; }
    var at = new DOMPoint(x, y).matrixTransform(matrix.inverse());
    var piece = this.layer.querySelector(".dragged");
    if (!piece) {
      var lifted = this.layer.querySelector('[data-top="' + from + '"]');
      if (lifted) { lifted.setAttribute("visibility", "hidden"); }
      piece = this.use("checker", colour, at.x, at.y);
      piece.classList.add("dragged");
    }
    this.put(piece, at.x, at.y);
  }

  /** An arrow from `from` to `to` (0: off): a play's move. `ahead`: a move still to make
   * (from the top checker to the first free slot), else one made (the other way round).
   * @param {number} from @param {number} to @param {string} name  its class @param {boolean} ahead */
  arrow(from, to, name, ahead) {
    var a = this.spot(from, !ahead), b = this.spot(to, ahead);
    var dx = b[0] - a[0], dy = b[1] - a[1], long = Math.hypot(dx, dy) || 1, ux = dx / long, uy = dy / long;
    var head = 16, tip = [b[0] - ux * 6, b[1] - uy * 6], back = [tip[0] - ux * head, tip[1] - uy * head];
    var group = this.shape("g", { "class": name });
    this.shape("line", { x1: a[0], y1: a[1], x2: back[0], y2: back[1] }, group);
    this.shape("polygon", { points: [tip, [back[0] - uy * head / 2, back[1] + ux * head / 2],
      [back[0] + uy * head / 2, back[1] - ux * head / 2]].map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" ") }, group);
  }
  }

  /** @param {string} name */
  function q(name) { return /** @type {HTMLElement} */ (game_root.querySelector(name)); }
  var board = new GameBoard(/** @type {SVGSVGElement} */ (/** @type {unknown} */ (q("svg.board"))), geo, "play-layer");
  var feedback = q("[data-feedback]");
  var ruleLink = /** @type {HTMLAnchorElement} */ (q("[data-rule-link]"));
  var log = q("[data-log]");
  var score = q("[data-score]");
  var you = q("[data-you]");
  var numbers = q("[data-numbers]");
  var exported = /** @type {HTMLTextAreaElement} */ (q("[data-export]"));
  var form = /** @type {HTMLFormElement} */ (q("[data-setup]"));
  var settingsBox = /** @type {HTMLDetailsElement} */ (q("[data-settings]"));
  var hits = q("[data-points]");

  // -- words ----------------------------------------------------------------------------

  /** Fill a catalog sentence's %(name)s placeholders. @param {string} text @param {Object<string, string | number>} values */
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s|%%/g, function (whole, key) { return key ? String(values[key]) : "%"; });
  }
  /** @param {Side} side @param {string} name */
  function sided(name, side) { return words[name + (side === "white" ? "White" : "Black")]; }
  /** @param {number[]} dice */
  function rollText(dice) { return dice[0] + "–" + dice[1]; }
  /** A play in board numbers, as the lessons write it: "1 → 7* → 12". @param {Side} side @param {Move[]} moves */
  function boardMoves(side, moves) { return Rules.boardMoves(side, moves, words.off); }
  /** @param {Entry} entry */
  function entryText(entry) {
    if (!entry.notation) return fill(sided("pass", entry.side), { roll: rollText(entry.dice) });
    return fill(sided("played", entry.side), { roll: rollText(entry.dice), play: entry.notation, board: entry.board });
  }
  var rule = new Intl.PluralRules(document.documentElement.lang || "en");
  /** Of a sentence's forms by CLDR plural category (one, few, many, other…, as the page's
   * catalog gives them), the one the page language's rule chooses for `count`.
   * @param {Object<string, string>} forms @param {number} count */
  function plural(forms, count) { return forms[rule.select(count)] || forms.other || forms.many || ""; }
  /** A sentence with a count, in the form the language's plural rule gives for it.
   * @param {string} name @param {number} count @param {Object<string, string | number>} [values] */
  function counted(name, count, values) {
    return fill(plural(data.plurals[name], count), Object.assign({ count: count }, values));
  }
  /** The test hook of the plural sentences (tests/browser/test_plurals.py). */
  /** @type {any} */ (window).PlakotoPlay = { counted: counted };
  /** @param {Refusal} r */
  function refusalText(r) {
    var text = data.plurals[r.kind] ? plural(data.plurals[r.kind], r.count) : data.refusals[r.kind] || data.refusals["not-allowed"];
    var point = r.kind === "higher-point" ? r.other : r.point;
    return fill(text, {
      point: point ? Rules.own(r.side, point) : "", end: r.end ? Rules.own(r.side, r.end) : words.off,
      count: r.count, number: r.number, roll: r.dice ? rollText(r.dice) : "",
    });
  }
  /** @param {Result} result */
  function resultText(result) {
    return data.outcomes[(result.winner || "none") + "-" + result.reason + "-" + result.points] || "";
  }

  // -- dice -------------------------------------------------------------------------------

  /** @type {() => number} */
  var seeded = seed !== null ? Rules.prng(seed) : Math.random;
  /** One die: the seeded generator, or crypto.getRandomValues with rejection sampling. */
  function die() {
    game.draws += 1;
    if (seed !== null) return Math.floor(seeded() * 6) + 1;
    var byte = new Uint8Array(1);
    do { crypto.getRandomValues(byte); } while (byte[0] >= 252); // 252 = 6 × 42: no modulo bias
    return byte[0] % 6 + 1;
  }
  function roll() { var a = die(), b = die(); return a >= b ? [a, b] : [b, a]; }
  /** The computer's seed for this turn. */
  function botSeed() {
    if (seed !== null) return (seed * 7919 + game.log.length * 104729 + game.score.white * 31 + game.score.black) >>> 0;
    var word = new Uint32Array(1);
    crypto.getRandomValues(word);
    return word[0];
  }

  // -- the game -----------------------------------------------------------------------------

  /** @returns {Settings} */
  function formSettings() {
    var value = function (/** @type {string} */ name) {
      var field = /** @type {any} */ (form.elements.namedItem(name));
      return field ? String(field.value) : "";
    };
    var opponent = value("opponent");
    return {
      rules: value("rules") === "tapa" ? "tapa" : "plakoto",
      mode: opponent === "two-players" ? "two-players" : "computer",
      level: opponent === "beginner" ? "beginner" : "club",
      human: value("colour") === "black" ? "black" : "white",
      length: [1, 3, 5, 7].indexOf(Number(value("length"))) >= 0 ? Number(value("length")) : 1,
      forced: Boolean(/** @type {HTMLInputElement | null} */ (form.elements.namedItem("forced")) &&
        /** @type {HTMLInputElement} */ (form.elements.namedItem("forced")).checked),
    };
  }

  /** @param {Settings} settings @param {{white: number, black: number}} points @returns {Game} */
  function freshGame(settings, points) {
    var position = startCode ? Rules.toJSON(Rules.fromCode(startCode)) : Rules.start("white");
    return { version: VERSION, address: address, settings: settings, score: points, position: position, dice: null,
      state: "rolling", opening: !startCode, result: null, log: [], path: [], draws: 0, matchOver: false };
  }

  /** @type {Game} */
  var game = freshGame(formSettings(), { white: 0, black: 0 });
  /** @type {TreeNode[] | null} */
  var tree = null;
  /** @type {number | null} the chosen checker's point (absolute) */
  var chosen = null;
  /** @type {Object<string, number[]>} reachable points of the chosen checker: the tries to get there */
  var targets = {};
  /** @typedef {{from: number, to: number}} Arrow  a move in board numbers (0: off) */
  /** @type {Arrow[]} the last play, marked from → to until the next one */
  var lastMoves = [];
  /** @type {Arrow[]} the hint, drawn as arrows until a move is made */
  var hinted = [];
  /** @type {{dice: number[], side: Side} | null} the roll just played, left on the board until the next */
  var lastRoll = null;
  /** @type {number[] | null} the opening roll (White's die, Black's), shown until the first move */
  var opened = null;
  /** The reader was asked whether to end the game in a draw; Done again plays it. */
  var askedDraw = false;
  /** Counts turns, so that a move still travelling from a game left behind does nothing. */
  var turns = 0;
  var timer = 0;
  var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  // -- the reader's settings ------------------------------------------------------------------

  var prefsForm = /** @type {HTMLFormElement} */ (q("[data-prefs]"));
  var CHOICES = { pace: ["normal", "slow", "fast"], passing: ["wait", "go-on"], sending: ["done", "at-once"] };
  /** Each setting as `saved` has it when the page knows that value, else as the form shows it.
   * @param {any} saved @returns {Prefs} */
  function readPrefs(saved) {
    /** @type {Object<string, string>} */
    var found = {};
    Object.keys(CHOICES).forEach(function (name) {
      var allowed = /** @type {Object<string, string[]>} */ (CHOICES)[name];
      var field = /** @type {RadioNodeList | null} */ (prefsForm.elements.namedItem(name));
      var value = saved && typeof saved === "object" ? saved[name] : null;
      found[name] = allowed.indexOf(value) >= 0 ? value : field && allowed.indexOf(field.value) >= 0 ? field.value : allowed[0];
    });
    return /** @type {Prefs} */ (/** @type {unknown} */ (found));
  }
  /** @param {Prefs} p */
  function showPrefs(p) {
    Object.keys(p).forEach(function (name) {
      var input = /** @type {HTMLInputElement | null} */ (prefsForm.querySelector('input[name="' + name + '"][value="' + /** @type {any} */ (p)[name] + '"]'));
      if (input) input.checked = true;
    });
  }
  /** @type {Prefs} */
  var prefs = readPrefs(null);
  // With reduced motion nothing travels: the pace does not apply, and the page says why.
  /** @type {HTMLFieldSetElement} */ (q("[data-pace]")).disabled = still;
  q("[data-still]").hidden = !still;
  prefsForm.addEventListener("change", function () {
    prefs = readPrefs(null);
    if (game.state === "passed" && prefs.passing === "go-on") goOnAfterPass();
    save();
  });

  /** @param {Side} side */
  function isComputer(side) { return game.settings.mode === "computer" && side !== game.settings.human; }
  function node() {
    var at = 0;
    if (!tree) return null;
    for (var i = 0; i < game.path.length; i++) at = /** @type {number} */ (tree[at].tries[game.path[i]].child);
    return tree[at];
  }
  /** The position on the board now, part-way through a turn included. @returns {Position} */
  function shown() { var n = node(); return n ? n.position : game.position; }

  function save() {
    game.prefs = prefs;
    try { localStorage.setItem(STORE, JSON.stringify(game)); } catch (e) { /* private mode, full storage */ }
  }

  /** The longest record a game can have: 400 plays is far beyond any real game (E04). */
  var LONGEST = 400;

  /** A saved game, checked against the rules as untrusted input: null when there is none,
   * false when there is one that cannot be trusted (unreadable, an impossible state, a
   * finished position still being played, an oversized record). Never throws.
   * @returns {Game | null | false} */
  function restore() {
    try {
      var text = localStorage.getItem(STORE);
      if (!text) return null;
      if (text.length > 200000) return false;
      var saved = JSON.parse(text);
      if (!saved || typeof saved !== "object" || saved.version !== VERSION) return false;
      if (saved.address !== address) return null; // another test hook's game: not ours to judge
      var s = saved.settings, sides = ["white", "black"];
      /** @param {any} value @param {any[]} allowed */
      var is = function (value, allowed) { return allowed.indexOf(value) >= 0; };
      /** @param {any} n @param {number} most */
      var count = function (n, most) { return Number.isInteger(n) && n >= 0 && n <= most; };
      if (!s || !is(s.rules, ["plakoto", "tapa"]) || !is(s.mode, ["computer", "two-players"]) ||
          !is(s.level, ["beginner", "club"]) || !is(s.human, sides) || !is(s.length, [1, 3, 5, 7]) ||
          !is(saved.state, ["rolling", "moving", "passed", "computer", "over"])) return false;
      var position = Rules.toJSON(Rules.fromJSON(saved.position));
      var dice = saved.dice === null ? null : Rules.parseDice(saved.dice);
      var score = saved.score, most = s.length + 1; // a match ends at its length; a game adds 2 at most
      if (!Array.isArray(saved.log) || saved.log.length > LONGEST || !Array.isArray(saved.path) ||
          saved.path.length > 4 || !saved.path.every(function (/** @type {any} */ i) { return count(i, 99); }) ||
          !count(saved.draws, 1e6) || !score || !count(score.white, most) || !count(score.black, most)) return false;
      if (!saved.log.every(function (/** @type {any} */ e) {
        return e && is(e.side, sides) && Array.isArray(e.dice) && e.dice.length === 2 && e.dice.every(function (/** @type {any} */ d) { return count(d, 6) && d > 0; }) &&
          typeof e.notation === "string" && e.notation.length < 80 && typeof e.board === "string" && e.board.length < 200;
      })) return false;
      // The state must be one the rules can reach from this position.
      var ended = Rules.result(position, s.rules), state = saved.state;
      var matchOver = score.white >= s.length || score.black >= s.length;
      if ((state === "over") !== Boolean(ended) || (matchOver && state !== "over")) return false;
      var playable = dice && !ended ? Rules.legalPlays(position, dice, s.rules).length > 0 : false;
      if ((state === "moving" && !playable) || (state === "passed" && (!dice || playable))) return false;
      if (s.mode === "computer" && state === "passed" && position.turn !== s.human) return false;
      if (state === "computer" && (s.mode !== "computer" || position.turn === s.human)) return false;
      if (state === "rolling" && dice) return false;
      return { version: VERSION, address: address, settings: s, score: { white: score.white, black: score.black },
        position: position, dice: dice, state: state, opening: Boolean(saved.opening) && !saved.log.length, result: ended,
        log: saved.log, path: saved.path, draws: saved.draws, matchOver: matchOver, prefs: readPrefs(saved.prefs) };
    } catch (e) {
      return false; // a corrupt saved game is ignored, never fatal
    }
  }

  /** @param {string} text @param {Refusal | null} [refused] */
  function say(text, refused) {
    feedback.textContent = text;
    var href = refused ? data.lessons[refused.kind] : "";
    ruleLink.hidden = !href;
    if (href) ruleLink.href = href;
  }

  function newMatch() {
    clearTimeout(timer);
    game = freshGame(formSettings(), { white: 0, black: 0 });
    seeded = seed !== null ? Rules.prng(seed) : Math.random;
    begin();
  }

  /** Play again: a new match with the same choices. */
  function again() {
    clearTimeout(timer);
    game = freshGame(game.settings, { white: 0, black: 0 });
    seeded = seed !== null ? Rules.prng(seed) : Math.random;
    begin();
  }

  function nextGame() {
    clearTimeout(timer);
    var draws = game.draws;
    game = freshGame(game.settings, game.score);
    game.draws = draws;
    begin();
  }

  function begin() {
    lastMoves = []; lastRoll = null; opened = null;
    settingsBox.open = false;
    startTurn();
    if (game.opening) say(words.openingPrompt);
  }

  /** Before a roll: the opening roll, the computer's turn, or a person's. @param {string} [before] what was just said */
  function startTurn(before) {
    tree = null; chosen = null; targets = {}; hinted = []; askedDraw = false; turns += 1;
    game.dice = null; game.path = [];
    var side = game.position.turn, lead = before ? before + " " : "";
    if (!game.opening && isComputer(side)) {
      game.state = "computer";
      say(lead + words.thinking);
      schedule(computerTurn);
    } else {
      game.state = "rolling";
      if (!game.opening) say(lead + sided("roll", side));
    }
    render();
  }

  /** @param {() => void} action @param {number} [wait] */
  function schedule(action, wait) { clearTimeout(timer); timer = window.setTimeout(action, wait === undefined ? pause() : wait); }
  /** The pause between the computer's steps: the reader's pace, or the test hook's ?delay. */
  function pause() { return delay !== null ? delay : PACE[prefs.pace].pause; }

  function rollPressed() {
    if (game.state !== "rolling") return;
    settingsBox.open = false;
    lastMoves = [];
    if (game.opening) { openingRoll(); return; }
    var dice = roll();
    say(fill(sided("rolled", game.position.turn), { roll: rollText(dice) }));
    startMoving(dice);
  }

  /** One die each; the higher starts with both numbers; ties roll again (RULES.md). */
  function openingRoll() {
    var white = die(), black = die();
    opened = [white, black];
    if (white === black) {
      say(fill(words.openingTie, { number: white }));
      render();
      return;
    }
    var starter = white > black ? "white" : "black";
    var dice = white > black ? [white, black] : [black, white];
    game.opening = false;
    game.position = Object.assign({}, game.position, { turn: starter });
    say(fill(sided("opening", /** @type {Side} */ (starter)), { white: white, black: black, roll: rollText(dice) }));
    if (isComputer(game.position.turn)) {
      game.state = "computer";
      game.dice = dice;
      render();
      schedule(function () { computerPlay(dice); }, pause() * 2);
    } else {
      startMoving(dice);
    }
  }

  /** @param {number[]} dice */
  function startMoving(dice) {
    game.dice = dice;
    game.path = [];
    var plays = Rules.legalPlays(game.position, dice, game.settings.rules);
    if (!plays.length) { pass(dice); return; }
    tree = Rules.playTree(game.position, dice, game.settings.rules);
    game.state = "moving";
    render();
    if (game.settings.forced && plays.length === 1) {
      schedule(function () { if (game.state === "moving" && !game.path.length) finish(plays[0]); });
    }
  }

  /** A roll that cannot be played. The computer's pass is said and the reader's turn
   * begins; a person's roll stays on the board with its sentence until Done. @param {number[]} dice */
  function pass(dice) {
    var side = game.position.turn;
    var entry = { side: side, dice: dice, notation: "", board: "" };
    game.log.push(entry);
    lastMoves = []; opened = null; tree = null;
    if (isComputer(side)) {
      lastRoll = { dice: dice, side: side };
      game.position = Object.assign({}, game.position, { turn: Rules.other(side) });
      startTurn(entryText(entry));
      return;
    }
    game.dice = dice;
    game.state = "passed";
    say(passText(dice));
    render();
    if (prefs.passing === "go-on") goOnAfterPass();
  }

  /** The reader's setting: a roll that cannot be played goes on by itself after a few
   * seconds (Done still goes on at once). */
  function goOnAfterPass() {
    var turn = turns;
    schedule(function () { if (turn === turns && game.state === "passed" && prefs.passing === "go-on") done(); }, PASS_WAIT);
  }

  /** @param {number[]} dice */
  function passText(dice) {
    return fill(game.settings.mode === "computer" ? words.passYou : sided("passOn", game.position.turn), { roll: rollText(dice) });
  }

  function computerTurn() {
    var dice = roll();
    game.dice = dice;
    lastRoll = null;
    say(fill(sided("rolled", game.position.turn), { roll: rollText(dice) }));
    render();
    schedule(function () { computerPlay(dice); });
  }

  /** The computer's play, one move at a time: each checker travels from its point to its
   * target (at once with prefers-reduced-motion), the dice fading as their numbers are used.
   * @param {number[]} dice */
  function computerPlay(dice) {
    game.dice = dice;
    var play = Rules.botPlay(game.position, dice, game.settings.rules, game.settings.level, botSeed());
    if (!play) { pass(dice); return; }
    tree = Rules.playTree(game.position, dice, game.settings.rules);
    game.path = [];
    lastMoves = []; // the reader's play was marked until now
    travel(/** @type {TreeNode[]} */ (tree), play, function (index) { game.path.push(index); render(); },
      function () { if (game.state === "computer") finish(play, dice); });
  }

  /** Show a play one move at a time: each checker travels from its point to its target (at
   * once with prefers-reduced-motion, or with no pause), then `show` draws the try made
   * (an index into the node's tries); `done` once all are made. A new turn or replay step
   * stops it. @param {TreeNode[]} nodes  the roll's play tree @param {Play} play
   * @param {(index: number) => void} show @param {() => void} done */
  function travel(nodes, play, show, done) {
    var side = nodes[0].position.turn, turn = turns, at = 0, made = 0;
    function next() {
      if (turn !== turns) return;
      var m = play.moves[made], index = -1;
      if (m) {
        nodes[at].tries.forEach(function (t, i) {
          if (index < 0 && t.start === m.start && t.number === m.number && t.end === m.end && t.child !== null) index = i;
        });
      }
      if (index < 0) { done(); return; }
      var step = function () {
        if (turn !== turns) return;
        at = /** @type {number} */ (nodes[at].tries[index].child);
        made += 1;
        show(index);
        schedule(next);
      };
      if (still || pause() < 40) step();
      else board.fly(Rules.own(side, m.start), m.end ? Rules.own(side, m.end) : 0, side, PACE[prefs.pace].fly, step);
    }
    next();
  }

  /** A whole play made: record it, say it, pass the turn or end the game.
   * @param {Play} play @param {number[]} [dice] */
  function finish(play, dice) {
    var side = game.position.turn, before = game.position;
    var rolled = dice || /** @type {number[]} */ (game.dice);
    var entry = { side: side, dice: rolled, notation: play.notation, board: side === "black" ? boardMoves(side, play.moves) : "" };
    if (!play.moves.length) entry.notation = "";
    game.log.push(entry);
    lastMoves = play.moves.map(function (m) { return { from: Rules.own(side, m.start), to: m.end === 0 ? 0 : Rules.own(side, m.end) }; });
    lastRoll = { dice: rolled, side: side };
    opened = null;
    game.position = play.position;
    var result = play.result || Rules.result(play.position, game.settings.rules);
    // a pinned mother that ends the game is said by the result
    var sentence = entryText(entry) + (result && /mother/.test(result.reason) ? "" : events(before, play.position));
    if (result) { over(result, sentence); return; }
    startTurn(sentence);
  }

  /** Pins, releases and a pinned mother between two positions, in words; against the
   * computer, the reader's own checker is "your checker". @param {Position} before @param {Position} after */
  function events(before, after) {
    var said = "";
    /** @param {Side} side */
    var yours = function (side) { return game.settings.mode === "computer" && side === game.settings.human; };
    after.pinned.forEach(function (p) {
      if (before.pinned.indexOf(p) >= 0) return;
      var under = /** @type {Side} */ (after.board[p - 1] > 0 ? "black" : "white");
      var mother = p === (under === "black" ? 1 : 24);
      var name = mother ? sided("motherPinned", under) : yours(under) ? sided("pinnedYouBy", Rules.other(under)) : sided("pinned", under);
      said += " " + fill(name, { point: p });
    });
    before.pinned.forEach(function (p) {
      var under = /** @type {Side} */ (before.board[p - 1] > 0 ? "black" : "white");
      if (after.pinned.indexOf(p) < 0) said += " " + fill(yours(under) ? words.freedYou : sided("freed", under), { point: p });
    });
    return said;
  }

  /** @param {Result} result @param {string} last */
  function over(result, last) {
    tree = null; chosen = null; targets = {};
    game.state = "over";
    game.result = result;
    if (result.winner) game.score[result.winner] += result.points;
    var s = game.score, text = last + " " + resultText(result);
    if (s.white >= game.settings.length || s.black >= game.settings.length) {
      game.matchOver = true;
      text += " " + fill(s.white > s.black ? words.matchWhite : words.matchBlack, { white: s.white, black: s.black });
    } else {
      text += " " + words.nextGame;
    }
    say(text);
    if (/mother/.test(result.reason) && data.motherLesson) {
      ruleLink.hidden = false;
      ruleLink.href = data.motherLesson;
    }
    render();
  }

  // -- moving checkers ------------------------------------------------------------------------

  /** Where the checker on `point` can go from the current node, each with the tries to get
   * there (one checker may use several numbers in a row). @param {number} point */
  function reach(point) {
    /** @type {Object<string, number[]>} */
    var found = {};
    var side = game.position.turn, current = node();
    if (!current || !tree) return found;
    var nodes = tree;
    /** @param {TreeNode} at @param {number} from @param {number[]} path */
    function walk(at, from, path) {
      at.tries.forEach(function (t, i) {
        if (t.start !== from || t.child === null) return;
        var where = t.end === 0 ? "off" : String(Rules.own(side, t.end));
        var line = path.concat([i]);
        if (!(where in found) || found[where].length > line.length) found[where] = line;
        if (t.end !== 0 && !nodes[t.child].play?.result) walk(nodes[t.child], t.end, line);
      });
    }
    walk(current, Rules.own(side, point), []);
    return found;
  }

  /** @param {string} target */
  function pointPressed(target) {
    if (game.state !== "moving" || replay) return;
    var current = node();
    if (!current) return;
    var side = game.position.turn;
    var position = current.position;
    if (target !== "off" && chosen !== null && Number(target) === chosen) { choose(null); return; }
    if (target in targets) { moveAlong(targets[target]); return; }
    var point = target === "off" ? 0 : Number(target);
    var mine = point > 0 && position.board[point - 1] * (side === "white" ? 1 : -1) > 0;
    if (mine && Object.keys(reach(point)).length) { choose(point); return; }
    refuse(point, current, side);
  }

  /** Why the try just made is not allowed. @param {number} point @param {TreeNode} current @param {Side} side */
  function refuse(point, current, side) {
    var position = current.position;
    var own = point ? Rules.own(side, point) : 0;
    /** @type {Refusal | null} */
    var refused = null;
    if (chosen !== null) {
      var from = Rules.own(side, chosen);
      current.tries.forEach(function (t) {
        if (!refused && t.start === from && t.refusal && (t.end === own || (own === 0 && t.end === 0))) refused = t.refusal;
      });
      if (!refused) {
        current.tries.forEach(function (t) { if (!refused && t.start === from && t.refusal && own > 0 && from - own > t.number) refused = t.refusal; });
      }
      if (!refused) {
        refused = { kind: own === 0 && current.numbers.length ? "not-allowed" : own && from <= own ? "backwards" : "distance", side: side, point: from, count: from - own,
          number: 0, other: 0, end: own, dice: game.dice };
        if (own === 0) refused = firstRefusal(current, from) || refused;
      }
    } else if (point) {
      refused = firstRefusal(current, own);
      if (!refused) {
        var theirs = position.board[point - 1] * (side === "white" ? 1 : -1) < 0;
        var pinnedMine = theirs && position.pinned.indexOf(point) >= 0;
        refused = { kind: pinnedMine ? "pinned" : "no-checker", side: side, point: own, count: 0, number: 0, other: 0, end: 0, dice: null };
      }
    }
    if (refused) {
      game_root.setAttribute("data-refused", refused.kind);
      say(refusalText(refused), refused);
    }
  }

  /** The reason the checker on own point `from` cannot move at all. @param {TreeNode} current @param {number} from */
  function firstRefusal(current, from) {
    var found = current.tries.find(function (t) { return t.start === from && t.refusal; });
    return found ? found.refusal : null;
  }

  /** @param {number | null} point */
  function choose(point) {
    chosen = point;
    targets = point === null ? {} : reach(point);
    if (point !== null) {
      var list = Object.keys(targets).map(function (k) { return k === "off" ? words.off : k; }).join(", ");
      say(fill(words.chosen, { point: point, targets: list }));
    }
    render();
  }

  /** @param {number} number */
  function numberPressed(number) {
    var current = node();
    if (game.state !== "moving" || chosen === null || !current) return;
    var from = Rules.own(game.position.turn, chosen), index = -1;
    current.tries.forEach(function (t, i) { if (index < 0 && t.start === from && t.number === number) index = i; });
    if (index < 0) return;
    var t = current.tries[index];
    if (t.refusal) { say(refusalText(t.refusal), t.refusal); return; }
    moveAlong([index]);
  }

  /** @param {number[]} steps tries from the current node */
  function moveAlong(steps) {
    var side = game.position.turn, text = [], before = shown();
    for (var i = 0; i < steps.length; i++) {
      var current = /** @type {TreeNode} */ (node());
      var t = current.tries[steps[i]];
      text.push(Rules.own(side, t.start) + " → " + (t.end === 0 ? words.off : Rules.own(side, t.end)));
      game.path.push(steps[i]);
    }
    chosen = null; targets = {}; hinted = []; lastMoves = []; askedDraw = false; opened = null;
    game_root.removeAttribute("data-refused");
    var now = /** @type {TreeNode} */ (node());
    var more = now.tries.some(function (t) { return t.child !== null; });
    // The reader's setting: a turn with every number played is sent at once, as by Done (a draw still asks).
    if (prefs.sending === "at-once" && now.play && !more) { render(); done(); return; }
    say(fill(words.moved, { from: text[0].split(" → ")[0], to: text[text.length - 1].split(" → ")[1] }) +
      events(before, now.position) + (now.play ? " " + (more ? words.complete : words.allPlayed) : ""));
    render();
  }

  function undo() {
    if (game.state !== "moving" || !game.path.length) return;
    game.path.pop();
    chosen = null; targets = {}; askedDraw = false;
    say(fill(sided("rolled", game.position.turn), { roll: rollText(/** @type {number[]} */ (game.dice)) }));
    render();
  }

  /** Done: send the turn's play (a drawing play only once asked), or go on after a pass. */
  function done() {
    if (game.state === "passed") {
      var side = game.position.turn;
      lastRoll = { dice: /** @type {number[]} */ (game.dice), side: side };
      game.position = Object.assign({}, game.position, { turn: Rules.other(side) });
      startTurn();
      return;
    }
    var current = node();
    if (game.state !== "moving" || !current || !current.play) return;
    var result = current.play.result;
    if (result && !result.winner && !askedDraw) {
      askedDraw = true;
      say(words.drawAsk);
      return;
    }
    finish(current.play);
  }

  function hint() {
    if (game.state !== "moving" || !game.dice) return;
    var play = Rules.botPlay(game.position, game.dice, game.settings.rules, "club", 1);
    if (!play) return;
    var side = game.position.turn;
    var text = play.notation + (side === "black" ? " (" + boardMoves(side, play.moves) + ")" : "");
    game.path = [];
    chosen = null; targets = {};
    hinted = play.moves.map(function (/** @type {Move} */ m) { return { from: Rules.own(side, m.start), to: m.end === 0 ? 0 : Rules.own(side, m.end) }; });
    say(fill(words.hint, { play: text }));
    render();
  }

  // -- replay: the record as a diagram, with the lessons' step buttons --------------------

  /** @type {{at: number, positions: Position[], plays: (Play | null)[]} | null} */
  var replay = null;
  var replayBox = q("[data-replay-box]");

  /** Step the record from its start: each play's position, from the game's first one. */
  function openReplay() {
    if (!game.log.length || game.state === "computer") return;
    var at = startCode ? Rules.toJSON(Rules.fromCode(startCode)) : Rules.start(game.log[0].side);
    var positions = [at], plays = /** @type {(Play | null)[]} */ ([null]);
    game.log.forEach(function (e) {
      var play = e.notation ? Rules.parsePlay(at, e.notation, e.dice, game.settings.rules) : null;
      at = play ? play.position : Object.assign({}, at, { turn: Rules.other(e.side) });
      positions.push(at);
      plays.push(play);
    });
    replay = { at: game.log.length, positions: positions, plays: plays };
    replayBox.hidden = false;
    showStep(game.log.length, false);
    /** @type {HTMLElement} */ (replayBox.querySelector('[data-action="replay-prev"]')).focus();
  }

  function closeReplay() {
    replay = null; turns += 1;
    replayBox.hidden = true;
    game_root.removeAttribute("data-replay");
    render();
  }

  /** Play k of the record in the lessons' words: the sentence above a diagram's caption
   * (Words.played), then what the play did (a pin, a release) and how the game ended.
   * @param {number} k */
  function replayCaption(k) {
    var r = /** @type {NonNullable<typeof replay>} */ (replay), play = r.plays[k], entry = game.log[k - 1];
    var text = play ? fill(sided("lessonPlayed", entry.side), {
      roll: rollText(entry.dice), moves: boardMoves(entry.side, play.moves), play: play.notation,
    }) : entryText(entry);
    var ended = Rules.result(r.positions[k], game.settings.rules);
    return text + (ended && /mother/.test(ended.reason) ? "" : events(r.positions[k - 1], r.positions[k])) +
      (ended ? " " + resultText(ended) : "");
  }

  /** @param {number} k  how many plays of the record are made @param {boolean} moving  travel there from k - 1 */
  function showStep(k, moving) {
    if (!replay) return;
    k = Math.max(0, Math.min(k, game.log.length));
    var r = replay, play = r.plays[k], entry = game.log[k - 1];
    r.at = k; turns += 1;
    game_root.setAttribute("data-replay", String(k));
    /** @param {Position} position @param {number[] | null} left */
    var draw = function (position, left) {
      board.position(position);
      if (entry) board.dice(entry.dice, entry.side, left);
      board.info(infoLines(position), null);
    };
    var arrows = function () {
      (play ? play.moves : []).forEach(function (m) {
        board.arrow(Rules.own(entry.side, m.start), m.end ? Rules.own(entry.side, m.end) : 0, "last-move", false);
      });
    };
    /** @type {HTMLElement} */ (replayBox.querySelector("[data-replay-caption]")).textContent = k ? k + ". " + replayCaption(k) : words.replayStart;
    /** @type {HTMLElement} */ (replayBox.querySelector(".counter")).textContent = k + " / " + game.log.length;
    if (moving && play && k > 0) {
      var nodes = /** @type {TreeNode[]} */ (Rules.playTree(r.positions[k - 1], entry.dice, game.settings.rules)), at = 0;
      draw(r.positions[k - 1], null);
      travel(nodes, play, function (index) { at = /** @type {number} */ (nodes[at].tries[index].child); draw(nodes[at].position, nodes[at].numbers); },
        function () { draw(r.positions[k], []); arrows(); });
    } else {
      draw(r.positions[k], []);
      arrows();
    }
  }

  replayBox.addEventListener("keydown", function (event) {
    var to = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (!to) return;
    event.preventDefault();
    stepTo(to);
  });
  /** @param {string} to */
  function stepTo(to) {
    if (!replay) return;
    var k = replay.at, last = game.log.length;
    if (to === "first") showStep(0, false);
    else if (to === "prev") showStep(Math.max(0, k - 1), false);
    else if (to === "next") showStep(Math.min(last, k + 1), k < last);
    else showStep(last, false);
  }

  // -- copying ---------------------------------------------------------------------------------

  function record() {
    var lines = [fill(words.recordTitle, { rules: data.rules[game.settings.rules] })];
    game.log.forEach(function (entry, i) { lines.push((i + 1) + ". " + entryText(entry)); });
    if (game.result) lines.push(resultText(game.result));
    return lines.join("\n") + "\n";
  }

  function diagramSource() {
    var lang = document.documentElement.lang || "en";
    var key = /^[a-z]{2,3}$/.test(lang) ? lang : "en";
    return [
      "# A position from the play page. Make it an embeddable diagram with:",
      "#     python build.py diagram this-file.toml",
      'id = "game-position"',
      "rules = " + JSON.stringify(game.settings.rules),
      "start = " + JSON.stringify(Rules.toCode(shown())),
      "title = { " + key + " = " + JSON.stringify(words.diagramTitle) + " }",
      "",
      "[captions." + key + "]",
      "start = " + JSON.stringify(fill(words.diagramCaption, { move: game.log.length })),
      "",
    ].join("\n");
  }

  /** The whole game as a diagram source, each play a step, opened in the board editor: the
   * source travels in the editor's address as a diagram link does (#1. and the source
   * deflated, in base64url: EMBEDDING.md, "A diagram in a link"). @param {string} href */
  function openInEditor(href) {
    if (!game.log.length) { location.href = href; return; }
    var lang = document.documentElement.lang || "en", key = /^[a-z]{2,3}$/.test(lang) ? lang : "en";
    var at = startCode ? Rules.toJSON(Rules.fromCode(startCode)) : Rules.start(game.log[0].side);
    var lines = ["rules = " + JSON.stringify(game.settings.rules), "start = " + JSON.stringify(Rules.toCode(at)),
      "title = { " + key + " = " + JSON.stringify(fill(words.recordTitle, { rules: data.rules[game.settings.rules] })) + " }"];
    game.log.forEach(function (entry) {
      lines.push("", "[[steps]]", 'roll = "' + entry.dice.join("-") + '"', "play = " + JSON.stringify(entry.notation));
    });
    var stream = new Blob([new TextEncoder().encode(lines.join("\n") + "\n")]).stream().pipeThrough(new CompressionStream("deflate"));
    new Response(stream).arrayBuffer().then(function (buffer) {
      var bytes = new Uint8Array(buffer), binary = "";
      for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
      location.href = href + "#1." + btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    });
  }

  /** @param {string} text */
  function copy(text) {
    exported.value = text;
    exported.hidden = false;
    var done = function () { say(words.copied); };
    var failed = function () { exported.select(); say(words.copyFailed); };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, failed);
    else failed();
  }

  // -- drawing: board.js, on the board render/svg.py drew -----------------------------------

  /** The lines under the board, the side to move first in bold and marked. @param {Position} position */
  function infoLines(position) {
    return /** @type {Side[]} */ (["white", "black"]).map(function (side) {
      var turn = game.state !== "over" && position.turn === side;
      return (turn ? "▶ " : "") + fill(sided("info", side), { pips: counted("pips", Rules.pips(position, side)), off: counted("off", position.off[side]) });
    });
  }

  /** The label a screen reader gives a point. @param {Position} position @param {number} point */
  function pointLabel(position, point) {
    var count = position.board[point - 1];
    if (!count) return fill(words.pointEmpty, { point: point });
    var owner = /** @type {Side} */ (count > 0 ? "white" : "black");
    var name = position.pinned.indexOf(point) >= 0 ? (owner === "white" ? "pointOverBlack" : "pointOverWhite") : "point";
    return fill(words[name], { point: point, checkers: counted(owner === "white" ? "checkersWhite" : "checkersBlack", Math.abs(count)) });
  }

  function render() {
    if (replay) closeReplay();
    var position = shown(), current = node();
    board.position(position);
    lastMoves.forEach(function (m) {
      board.arrow(m.from, m.to, "last-move", false);
      if (m.to && position.board[m.to - 1]) board.ring(m.to);
    });
    hinted.forEach(function (m) { board.arrow(m.from, m.to, "hint-move", true); });
    if (chosen !== null) board.chosen(chosen);
    Object.keys(targets).forEach(function (where) { board.target(where); });
    var left = current ? current.numbers : game.state === "passed" ? [] : null;
    if (opened) board.dice(opened, ["white", "black"], game.dice ? left : null);
    else if (game.dice && game.state !== "over") board.dice(game.dice, game.position.turn, left);
    else if (lastRoll) board.dice(lastRoll.dice, lastRoll.side, []);
    if (game.state !== "over" && !game.opening) board.turn(position.turn, sided("turn", position.turn));
    board.info(infoLines(position), game.state !== "over" ? position.turn : null);
    drawHits(position);
    drawControls(current);
    drawLog();
    contract(position);
    save();
  }

  /** The clickable points over the board: buttons a keyboard can reach (board.js lays them out). @param {Position} position */
  function drawHits(position) {
    if (!hits.firstChild) {
      for (var p = 1; p <= 25; p++) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "game-point";
        b.setAttribute("data-point", p === 25 ? "off" : String(p));
        hits.appendChild(b);
      }
      board.points(hits, "24");
    }
    var buttons = hits.querySelectorAll("button");
    for (var i = 0; i < buttons.length; i++) {
      var button = /** @type {HTMLButtonElement} */ (buttons[i]), where = button.getAttribute("data-point") || "";
      var label = where === "off" ? fill(words.trays, { white: position.off.white, black: position.off.black })
        : pointLabel(position, Number(where));
      button.setAttribute("aria-label", label);
      button.setAttribute("aria-pressed", String(chosen !== null && String(chosen) === where));
      button.classList.toggle("is-target", where in targets);
      // a checker that can be dragged: the finger drags it instead of scrolling the page
      button.classList.toggle("is-mine", game.state === "moving" && Number(where) > 0 &&
        position.board[Number(where) - 1] * (position.turn === "white" ? 1 : -1) > 0);
    }
  }

  /** @param {TreeNode | null} current */
  function drawControls(current) {
    var state = game.state;
    /** @param {string} action @param {boolean} enabled */
    function enable(action, enabled) {
      var b = /** @type {HTMLButtonElement | null} */ (game_root.querySelector('button[data-action="' + action + '"]'));
      if (b) b.disabled = !enabled;
    }
    enable("roll", state === "rolling");
    enable("undo", state === "moving" && game.path.length > 0);
    enable("done", (state === "moving" && Boolean(current && current.play)) || state === "passed");
    enable("hint", state === "moving");
    enable("replay", state !== "computer" && game.log.length > 0);
    // What to press next stands out: Roll, Done once the turn is complete or passed, Next game.
    q('button[data-action="roll"]').classList.toggle("game-main", state === "rolling");
    q('button[data-action="done"]').classList.toggle("game-main", state === "passed" || (state === "moving" && Boolean(current && current.play)));
    q('button[data-action="next"]').classList.add("game-main");
    var next = /** @type {HTMLButtonElement} */ (q('button[data-action="next"]'));
    next.hidden = !(state === "over" && !game.matchOver);
    q('button[data-action="again"]').hidden = q('button[data-action="new-match"]').hidden = !(state === "over" && game.matchOver);
    you.textContent = game.settings.mode === "computer" ? sided("you", game.settings.human) : words.youBoth;
    while (numbers.firstChild) numbers.removeChild(numbers.firstChild);
    if (state === "moving" && chosen !== null && current) {
      var seen = /** @type {number[]} */ ([]);
      current.numbers.forEach(function (n) {
        if (seen.indexOf(n) >= 0) return;
        seen.push(n);
        var b = document.createElement("button");
        b.type = "button";
        b.className = "control game-number";
        b.setAttribute("data-number", String(n));
        b.textContent = fill(words.number, { number: n });
        numbers.appendChild(b);
      });
    }
    score.textContent = counted("score", game.settings.length, { rules: data.rules[game.settings.rules], white: game.score.white, black: game.score.black });
  }

  function drawLog() {
    while (log.children.length > game.log.length) log.removeChild(/** @type {Node} */ (log.lastChild));
    for (var i = log.children.length; i < game.log.length; i++) {
      var item = document.createElement("li");
      item.textContent = entryText(game.log[i]);
      item.className = "log-" + game.log[i].side;
      log.appendChild(item);
    }
  }

  /** The page contract: what tests and other tools read. @param {Position} position */
  function contract(position) {
    var r = game_root;
    r.setAttribute("data-rules", game.settings.rules);
    r.setAttribute("data-mode", game.settings.mode);
    r.setAttribute("data-position", JSON.stringify(Rules.toJSON(position)));
    r.setAttribute("data-dice", game.dice && game.state !== "over" ? game.dice[0] + "-" + game.dice[1] : "");
    r.setAttribute("data-turn", game.position.turn);
    r.setAttribute("data-state", game.state);
    r.setAttribute("data-result", game.result ? JSON.stringify(game.result) : "");
  }

  // -- listening ------------------------------------------------------------------------------

  game_root.addEventListener("click", function (event) {
    var target = /** @type {HTMLElement} */ (event.target);
    var button = /** @type {HTMLElement | null} */ (target.closest("button"));
    if (!button || !game_root.contains(button)) return;
    var action = button.getAttribute("data-action");
    if (button.hasAttribute("data-point")) { if (Date.now() - dropped > 400) pointPressed(button.getAttribute("data-point") || ""); }
    else if (button.hasAttribute("data-number")) numberPressed(Number(button.getAttribute("data-number")));
    else if (action === "roll") rollPressed();
    else if (action === "undo") undo();
    else if (action === "done") done();
    else if (action === "hint") hint();
    else if (action === "next") nextGame();
    else if (action === "replay") openReplay();
    else if (action === "replay-close") closeReplay();
    else if (action && action.indexOf("replay-") === 0) stepTo(action.slice(7));
    else if (action === "again") again();
    else if (action === "new-match") { settingsBox.open = true; /** @type {HTMLElement} */ (form.querySelector("input")).focus(); }
    else if (action === "copy-game") copy(record());
    else if (action === "copy-position") copy(diagramSource());
    else if (action === "copy-editor") openInEditor(button.getAttribute("data-href") || "");
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); newMatch(); });
  function colourChoice() {
    var colour = /** @type {HTMLFieldSetElement} */ (q("[data-colour]"));
    colour.disabled = formSettings().mode === "two-players";
  }
  form.addEventListener("change", colourChoice);

  /** Show a saved game's choices in the form. @param {Settings} s */
  function showSettings(s) {
    /** @param {string} name @param {string} value */
    function tick(name, value) {
      var input = /** @type {HTMLInputElement | null} */ (form.querySelector('input[name="' + name + '"][value="' + value + '"]'));
      if (input) input.checked = true;
    }
    tick("rules", s.rules);
    tick("opponent", s.mode === "two-players" ? "two-players" : s.level);
    tick("colour", s.human);
    /** @type {HTMLSelectElement} */ (form.elements.namedItem("length")).value = String(s.length);
    /** @type {HTMLInputElement} */ (form.elements.namedItem("forced")).checked = s.forced;
    colourChoice();
  }

  /** Dragging a checker, with a mouse, a pen or a finger: lifted, it lights its targets
   * and follows the pointer; let go, it moves there (or says why not). A tap stays a tap.
   * @type {{from: string, id: number, x: number, y: number, moved: boolean} | null} */
  var drag = null;
  var dropped = 0;
  hits.addEventListener("pointerdown", function (event) {
    var from = /** @type {HTMLElement} */ (event.target).closest("[data-point]");
    drag = from && game.state === "moving" && event.button <= 0
      ? { from: from.getAttribute("data-point") || "", id: event.pointerId, x: event.clientX, y: event.clientY, moved: false } : null;
  });
  hits.addEventListener("pointermove", function (event) {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.moved) {
      if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 8) return;
      if (String(chosen) !== drag.from) pointPressed(drag.from);
      if (String(chosen) !== drag.from) { drag = null; return; }
      drag.moved = true;
    }
    event.preventDefault();
    board.follow(Number(drag.from), game.position.turn, event.clientX, event.clientY);
  });
  /** @param {PointerEvent} event */
  function drop(event) {
    var was = drag;
    if (!was || event.pointerId !== was.id) return;
    drag = null;
    if (!was.moved) return;
    dropped = Date.now(); // the click that may follow is not a tap
    var over = event.type === "pointerup" ? document.elementFromPoint(event.clientX, event.clientY) : null;
    var target = over && over.closest("[data-points] [data-point]"), to = target && target.getAttribute("data-point");
    if (to && to !== was.from && game.state === "moving") pointPressed(to);
    render();
  }
  hits.addEventListener("pointerup", drop);
  hits.addEventListener("pointercancel", drop);

  /** Go on with a saved game that restore() has checked. @param {Game} saved */
  function resume(saved) {
    game = saved;
    prefs = saved.prefs || prefs;
    showPrefs(prefs);
    showSettings(game.settings);
    tree = null;
    if (game.state === "moving" && game.dice) {
      /** @type {TreeNode[]} */
      var nodes = Rules.playTree(game.position, game.dice, game.settings.rules);
      var ok = true, at = 0;
      tree = nodes;
      game.path.forEach(function (i) {
        var t = ok ? nodes[at].tries[i] : null;
        if (!t || t.child === null) ok = false; else at = t.child;
      });
      if (!ok) game.path = [];
    } else {
      game.path = [];
    }
    if (seed !== null) { seeded = Rules.prng(seed); for (var i = 0; i < game.draws; i++) seeded(); }
    settingsBox.open = false;
    var last = game.log.length ? entryText(game.log[game.log.length - 1]) : "";
    var dice = game.dice;
    if (game.state === "computer") { say(words.thinking); schedule(dice ? function () { computerPlay(dice || []); } : computerTurn); }
    else if (game.state === "over" && game.result) say(last + " " + resultText(game.result));
    else if (game.state === "rolling") say((last ? last + " " : "") + (game.opening ? words.openingPrompt : sided("roll", game.position.turn)));
    else if (game.state === "passed") { say(passText(/** @type {number[]} */ (game.dice))); if (prefs.passing === "go-on") goOnAfterPass(); }
    else say(last);
    render();
  }

  // -- start ----------------------------------------------------------------------------------

  var waiting = game_root.querySelectorAll("[data-setup] button, [data-action^=copy]");
  for (var w = 0; w < waiting.length; w++) /** @type {HTMLButtonElement} */ (waiting[w]).disabled = false;
  var saved = restore();
  if (saved) {
    try { resume(saved); } catch (e) { saved = false; } // never thrown at the reader: a fresh game instead
  }
  if (!saved) {
    game = freshGame(formSettings(), { white: 0, black: 0 });
    tree = null;
    seeded = seed !== null ? Rules.prng(seed) : Math.random;
    say((saved === false ? words.savedBroken + " " : "") + (startCode ? sided("roll", game.position.turn) : words.openingPrompt));
    render();
  }
  game_root.classList.add("running");  // the score and what is said are this script's now: shown
})();
