// @ts-check
"use strict";
// Exercises. The page carries the engine's tree of partial plays, the same in every
// language, and its words, every refusal already worded; this script only walks the tree.
// Progress stays in this browser (localStorage). The page data is written by
// plakoto_site/render/exercises.py (tree_data, tree_words); its shape is the typedefs
// below, and tests/site/test_page_data.py checks the built pages against them.

/**
 * One way to move the checker on a point: where to, by which number, and either the node
 * it leads to or, when the rules refuse it, why.
 * @typedef {Object} Try
 * @property {number | "off"} to  the point it lands on (board numbering), or "off"
 * @property {number} number  the number of the roll it uses
 * @property {number | null} next  the node it leads to, or null when it is refused
 * @property {number | null} refusal  why the rules refuse it (ExerciseWords.refusals), or
 *   null when allowed
 * @property {string} move  the move in notation, as the list of moves shows it
 */

/**
 * A position on the way through the roll.
 * @typedef {Object} TreeNode
 * @property {number[]} board  24 counts, point 1 first: white positive, black negative
 * @property {number[]} pinned  the points whose bottom checker is pinned
 * @property {{white: number, black: number}} off  checkers borne off
 * @property {number[]} numbers  the numbers of the roll not played yet
 * @property {Object<string, Try[]>} tries  by start point (board numbering)
 * @property {Object<string, number>} labels  each occupied point in words (ExerciseWords.labels), by point
 * @property {"" | "accepted" | "legal"} done  a complete play: the one asked for, or another legal one
 * @property {string} play  the complete play in notation (empty until done)
 * @property {number | null} [why]  why a complete legal play is not the answer
 *   (ExerciseWords.whys), or null when the build cannot tell
 * @property {number | null} bearOffRefusal  why bearing off is refused here
 *   (ExerciseWords.refusals), or null when it is not
 * @property {number[]} info  the lines under the board (ExerciseWords.info): White's pips
 *   and borne-off, then Black's
 */

/**
 * The content of <script type="application/json" class="xdata">: no words, so the same
 * in every language.
 * @typedef {Object} ExerciseData
 * @property {"white" | "black"} side  the side to play
 * @property {number[]} dice  the roll, the higher number first
 * @property {Route} solution  the moves of the answer, which "Show the answer" plays
 * @property {{checkers: number, pinned: number}} stack  at most this many checkers are
 *   drawn on a point (pinned: on a pinned point); a taller stack shows its count
 * @property {Geometry} board  the measures of the lessons' board (render/board.py)
 * @property {TreeNode[]} nodes  node 0 is the start
 */

/**
 * The content of <script type="application/json" class="xwords">, right after the tree's:
 * its words in the page's language, which the tree's numbers point to.
 * @typedef {Object} ExerciseWords
 * @property {string} turn  the words beside the turn mark on the board ("White to play")
 * @property {string} off  a checker borne off, in a move in the board's numbers ("3 → off")
 * @property {string[]} refusals  why the rules refuse a try
 * @property {string[]} labels  an occupied point in words
 * @property {string[]} info  a line under the board: a side's pips and checkers borne off
 * @property {string[]} whys  why a complete legal play is not the answer
 */

/** @typedef {import("../../types/board").Geometry} Geometry  the board's measures (render/board.py) */

/**
 * The sentences of data-ui, in the page's language; %(name)s are filled in here.
 * @typedef {Object} ExerciseUi
 * @property {string} choose
 * @property {string} chosen
 * @property {string} none
 * @property {string} off
 * @property {string} nowhere
 * @property {string} move
 * @property {string} solved
 * @property {string} legal
 * @property {string} wrong
 * @property {string} played
 * @property {string} left
 * @property {string} done
 * @property {string} now
 * @property {string} next
 * @property {string} complete
 * @property {string} yes  said before a right attempt's feedback (a tick is shown)
 * @property {string} no  said before a wrong attempt's feedback (a cross is shown)
 * @property {string} empty
 * @property {string} shown
 */

/** A move made: the node it was made from, in notation, where it started and landed (board numbering).
 * @typedef {{node: number, move: string, start: number, to: number | "off"}} Played */
/** The moves that take a checker (or the answer) from a node to another. @typedef {{path: Played[], node: number}} Route */

(function () {
  // One record per language: each language's pages are a course of their own.
  var STORE = "plakoto-progress-" + document.documentElement.lang;
  var script = document.currentScript;
  // Whatever the storage holds (null, 123, [], broken JSON, another site's data), only a
  // plain object of "solved" marks counts; anything else is read as no progress yet.
  /** @returns {Object<string, unknown>} */
  function progress() {
    var all = null;
    try { all = JSON.parse(localStorage.getItem(STORE) || "{}"); } catch (e) { /* unreadable */ }
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  }
  /** @param {Object<string, unknown>} all @param {string} id */
  function solved(all, id) { return all[id] === "solved"; }  // nothing inherited is "solved"
  /** @param {string} id */
  function remember(id) {
    try { var all = progress(); all[id] = "solved"; localStorage.setItem(STORE, JSON.stringify(all)); } catch (e) { /* private mode */ }
    document.dispatchEvent(new Event("plakoto-progress"));
  }
  /** @param {string} text @param {Object<string, string | number>} values */
  function fill(text, values) { return text.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); }); }

  /**
   * @template {Element} T
   * @param {ParentNode} parent @param {string} selector @param {{new(): T}} type
   * @returns {T}
   */
  function find(parent, selector, type) {
    var found = parent.querySelector(selector);
    if (!(found instanceof type)) { throw new Error("exercise.js: no " + selector); }
    return found;
  }

  class Exercise {
    /** @param {HTMLElement} root */
    constructor(root) {
      this.root = root;
      this.id = root.getAttribute("data-plakoto-exercise") || "";
      /** @type {ExerciseUi} */
      this.ui = JSON.parse(root.getAttribute("data-ui") || "{}");
      this.feedback = find(root, "[data-feedback]", HTMLElement);
      this.badge = find(root, ".xbadge", HTMLElement);
      this.explain = find(root, ".xexplain", HTMLElement);
      this.tree = /** @type {ExerciseData} */ ({});
      this.words = /** @type {ExerciseWords} */ ({});
      this.node = 0;
      /** @type {Played[]} */
      this.path = [];
      /** @type {string | null} */
      this.source = null;
      /** Where the chosen checker can go, and how. @type {Object<string, Route>} */
      this.targets = {};
      this.dice = /** @type {HTMLElement | null} */ (null);
      this.off = /** @type {HTMLElement | null} */ (null);
      this.list = /** @type {HTMLElement | null} */ (null);
      this.board = /** @type {PlakotoBoard | null} */ (null);
      /** The answer being played: a second press starts it again. */
      this.run = 0;
      if (solved(progress(), this.id)) { this.mark(this.ui.done); }
      var data = root.querySelector(".xdata"), words = root.querySelector(".xwords");
      if (data && words) { this.moves(JSON.parse(data.textContent || ""), JSON.parse(words.textContent || "")); }
      else { this.question(); }
    }

    /** @param {string} text */
    mark(text) { this.badge.textContent = text; this.badge.hidden = false; }
    /** The feedback line; an attempt's verdict leads it, a tick or a cross with its word for
     * screen readers, and brings it into view.
     * @param {string} state @param {string} [text] @param {"yes" | "no"} [verdict] */
    state(state, text, verdict) {
      var line = /** @type {HTMLElement} */ (this.feedback.parentElement);
      this.root.setAttribute("data-state", state);
      line.setAttribute("data-verdict", verdict || ""); // the mark: site.css
      line.children[1].textContent = verdict ? this.ui[verdict] + " " : "";
      this.feedback.textContent = text || "";
      var box = line.getBoundingClientRect();
      if (verdict && (box.bottom > innerHeight || box.top < 0)) { line.scrollIntoView({ block: "nearest" }); }
    }
    /** @param {string} text */
    solved(text) { this.state("solved", text, "yes"); remember(this.id); this.mark(this.ui.now); }

    question() {
      var self = this, form = find(this.root, ".xquestion", HTMLFormElement);
      var right = form.getAttribute("data-answer") || "";
      /** Why each wrong answer is wrong, by its value (a pip count: "high", "low"). @type {Object<string, string>} */
      var whys = JSON.parse(form.getAttribute("data-whys") || "{}");
      form.hidden = false;
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var chosen = form.querySelector("input:checked") || form.querySelector("input[type=number]");
        var value = chosen instanceof HTMLInputElement ? String(chosen.value).trim() : "";
        if (!value) { self.state("playing", self.ui.empty); }
        else if (value === right) {
          self.solved(self.ui.solved);
          self.explain.hidden = false; // why, when the question says (a drill's play)
        } else {
          var why = whys[value] || whys[Number(value) > Number(right) ? "high" : "low"] || self.ui.wrong;
          self.state("illegal", fill(why, { value: value }), "no");
        }
      });
    }

    /** @param {ExerciseData} tree @param {ExerciseWords} words */
    moves(tree, words) {
      var self = this, root = this.root;
      this.tree = tree; this.words = words;
      // The board drawn at build time shows the start; board.js draws on it only once the
      // reader plays (draw), so a page of exercises starts quickly.
      var group = find(root, ".xboard", HTMLElement);
      PlakotoBoard.lay(group, tree.board, tree.side === "white" ? "24" : "1");
      group.hidden = false;
      find(root, ".xactions", HTMLElement).hidden = false;
      this.off = find(root, ".xoff", HTMLElement);
      this.dice = find(root, ".xdice", HTMLElement);
      this.dice.hidden = false;
      this.list = find(root, ".xmoves", HTMLElement);
      root.addEventListener("click", function (event) {
        var target = event.target instanceof Element ? event.target.closest("button") : null;
        if (!target || !root.contains(target)) { return; }
        var action = target.getAttribute("data-action");
        if (target.hasAttribute("data-point")) { self.pick(target.getAttribute("data-point") || ""); }
        else if (action === "move") { self.number(Number(target.getAttribute("data-number"))); }
        else if (action === "undo" || action === "reset" || action === "reveal") { self[action](); }
      });
      this.draw();
      this.feedback.textContent = this.ui.choose;
    }

    /** Why the rules refuse a try, in words. @param {number | null} refusal */
    refusal(refusal) { return refusal === null ? "" : this.words.refusals[refusal]; }

    /** A move in the board's numbers, as the reader sees it: "5 → 10", "3 → off". @param {Played} step */
    onBoard(step) { return step.start + " → " + (step.to === "off" ? this.words.off : step.to); }

    /** The board played on: the build's drawing, drawn again by board.js from the first move on. */
    drawn() {
      if (!this.board) { this.board = new PlakotoBoard(find(this.root, ".xstatic svg", SVGSVGElement), this.tree.board, "board-layer"); }
      return this.board;
    }

    draw() {
      var node = this.tree.nodes[this.node], words = this.words;
      // the start, nothing chosen: what the build drew, until board.js has drawn once
      if (this.board || this.node || this.source !== null) { this.drawBoard(node); }
      var points = this.root.querySelectorAll(".xpt");
      for (var i = 0; i < points.length; i += 1) {
        var button = points[i], point = button.getAttribute("data-point") || "";
        button.setAttribute("aria-label", point in node.labels ? words.labels[node.labels[point]]
          : fill(this.ui.none, { point: point }).replace(/\.$/, ""));
        button.setAttribute("aria-pressed", String(point === this.source));
      }
      this.drawNumbers(node);
      // "Bear off" only where bearing off is possible
      if (this.off) { this.off.hidden = node.bearOffRefusal !== null || !node.numbers.length; }
      var played = this.path.map(function (step) { return step.move; }).join(" ");
      var seen = this.path.map(this.onBoard, this).join(", ");
      if (this.list) { this.list.textContent = played ? fill(this.ui.played, { play: played, board: seen }) : ""; }
      if (this.root.getAttribute("data-state") === "revealed") { return; }
      if (node.done === "accepted") { this.solved(this.ui.solved + " " + node.play); }
      else if (node.done === "legal") {
        var why = node.why == null ? "" : words.whys[node.why];
        this.state("legal", fill(this.ui.legal, { play: node.play }) + (why ? " " + why : ""), "no");
        this.explain.hidden = Boolean(why); // the lesson's words, when the build cannot tell why
      }
    }

    /** The position of `node` on the board, the dice, the moves ringed, the choice and its dots. @param {TreeNode} node */
    drawBoard(node) {
      var tree = this.tree, words = this.words, board = this.drawn();
      board.position(node);
      board.dice(tree.dice, tree.side, node.numbers);
      board.turn(tree.side, words.turn);
      // the checkers moved so far ringed, as the lessons ring the last play's
      var own = tree.side === "white" ? 1 : -1;
      this.path.forEach(function (step) { if (step.to !== "off" && node.board[step.to - 1] * own > 0) { board.ring(step.to); } });
      board.info(node.info.map(function (line) { return words.info[line]; }), tree.side);
      if (this.source !== null && this.source !== "off") { board.chosen(Number(this.source)); }
      Object.keys(this.targets).forEach(function (where) { board.target(where); });
    }

    /** Under the board: a button per number once a checker is chosen, else the numbers left. @param {TreeNode} node */
    drawNumbers(node) {
      var dice = this.dice, ui = this.ui;
      if (!dice) { return; }
      /** @type {(HTMLButtonElement | string)[]} */
      var buttons = [];
      if (this.source !== null) {
        node.numbers.forEach(function (number, i, numbers) {
          if (numbers.indexOf(number) < i) { return; } // a double's number once
          var button = document.createElement("button");
          button.type = "button";
          button.className = "xbutton";
          button.setAttribute("data-action", "move");
          button.setAttribute("data-number", String(number));
          button.textContent = fill(ui.move, { number: number });
          buttons.push(button, " ");
        });
      }
      if (buttons.length) { dice.replaceChildren.apply(dice, buttons); }
      // a complete play may leave a number no checker can use: nothing is left to play
      else { dice.textContent = node.numbers.length && !node.done ? ui.left + " " + node.numbers.join(", ") : ""; }
    }

    // -- moving ------------------------------------------------------------------------------

    /** Where the checker on `point` can go from the current node: one number or several in
     * a row, each with the moves that take it there (the fewest). @param {string} point */
    reach(point) {
      var nodes = this.tree.nodes;
      /** @type {Object<string, Route>} */
      var found = {};
      /** @param {number} at @param {string} from @param {Played[]} path */
      function walk(at, from, path) {
        (nodes[at].tries[from] || []).forEach(function (t) {
          if (t.next === null) { return; }
          var where = String(t.to), line = path.concat([{ node: at, move: t.move, start: Number(from), to: t.to }]);
          if (!(where in found) || found[where].path.length > line.length) { found[where] = { path: line, node: t.next }; }
          if (t.to !== "off" && !nodes[t.next].done) { walk(t.next, where, line); }
        });
      }
      walk(this.node, point, []);
      return found;
    }

    /** @param {string | null} point */
    choose(point) {
      this.source = point;
      this.targets = point === null ? {} : this.reach(point);
      if (point !== null) { this.state("playing", fill(this.ui.chosen, { point: point })); }
      this.draw();
    }

    /** @param {Route} route */
    go(route) {
      this.path = this.path.concat(route.path);
      this.node = route.node;
      this.source = null;
      this.targets = {};
      this.state("playing", "");
      this.draw();
    }

    /** @param {string} point  a point number, or "off" */
    pick(point) {
      var state = this.root.getAttribute("data-state");
      if (state === "solved" || state === "revealed") { return; }
      var node = this.tree.nodes[this.node], own = node.tries[point];
      var movable = Boolean(own) && own.some(function (t) { return t.next !== null; });
      if (!node.numbers.length) { this.state(state || "legal", this.ui.complete); return; }
      var no = /** @type {"no"} */ ("no");
      if (this.source === point) { this.choose(null); return; }
      if (this.source !== null) {
        if (point in this.targets) { this.go(this.targets[point]); return; }
        if (movable) { this.choose(point); return; }
        var tries = (node.tries[this.source] || []).filter(function (t) { return String(t.to) === point; });
        var refused = tries.filter(function (t) { return t.refusal !== null; });
        this.state("illegal", refused.length ? this.refusal(refused[0].refusal)
          : point === "off" && this.refusal(node.bearOffRefusal) || this.ui.nowhere, no);
        return;
      }
      if (point === "off") { this.state("illegal", this.refusal(node.bearOffRefusal) || this.ui.off, no); return; }
      if (!own) { this.state("illegal", fill(this.ui.none, { point: point }), no); return; }
      if (!movable) { this.state("illegal", this.refusal(own[0].refusal), no); return; }
      this.choose(point);
    }

    /** @param {number} number */
    number(number) {
      var node = this.tree.nodes[this.node];
      var tries = (node.tries[this.source || ""] || []).filter(function (t) { return t.number === number; });
      var allowed = tries.filter(function (t) { return t.next !== null; })[0];
      if (allowed) { this.go({ path: [{ node: this.node, move: allowed.move, start: Number(this.source), to: allowed.to }], node: /** @type {number} */ (allowed.next) }); return; }
      this.state("illegal", tries.length ? this.refusal(tries[0].refusal) : this.ui.nowhere, "no");
    }

    undo() {
      var last = this.path.pop();
      if (last) { this.node = last.node; }
      this.source = null; this.targets = {};
      this.explain.hidden = true;
      this.state("playing", this.ui.choose);
      this.draw();
    }

    reset() {
      this.path = []; this.node = 0; this.source = null; this.targets = {};
      this.explain.hidden = true;
      this.state("playing", this.ui.choose);
      this.draw();
    }

    /** Open the answer and play it on the board, a move at a time: each checker travels
     * there as the play page's do (board.js fly), or, for a reader who asks for less
     * motion, simply stands there at the next step. */
    reveal() {
      var self = this, route = this.tree.solution, step = 0, run = this.run += 1;
      find(this.root, ".xanswer", HTMLDetailsElement).open = true;
      this.explain.hidden = true;
      this.path = []; this.node = 0; this.source = null; this.targets = {};
      this.state("revealed", "");
      function stale() { return run !== self.run || self.root.getAttribute("data-state") !== "revealed"; }
      function next() {
        if (stale()) { return; }
        if (step === route.path.length) { self.state("revealed", self.ui.shown); return; }
        var move = route.path[step];
        function land() {
          if (stale()) { return; }
          self.path.push(move);
          step += 1;
          self.node = step < route.path.length ? route.path[step].node : route.node;
          self.draw();
          setTimeout(next, still() ? 800 : 400);
        }
        if (still()) { land(); } else { self.drawn().fly(move.start, move.to === "off" ? 0 : move.to, self.tree.side, 400, land); }
      }
      this.drawn(); // fly() lifts a checker board.js drew
      this.draw();
      setTimeout(next, 800);
    }
  }

  /** Whether the reader asks for less motion. */
  function still() { return Boolean(window.matchMedia) && matchMedia("(prefers-reduced-motion: reduce)").matches; }

  // board.js, which draws the boards played on, comes after the page is read: the build
  // drew every board already, and the lessons' own scripts stay within their budget.
  function start() {
    var board = script && script.getAttribute("data-board");
    if (board && typeof PlakotoBoard === "undefined") {
      var load = document.createElement("script");
      load.src = board;
      load.onload = begin;
      document.head.appendChild(load);
    } else { begin(); }
  }

  // The exercises start a few at a time, each batch a short task, so that a page of twenty
  // answers the reader's first tap or scroll at once (Lighthouse's Total Blocking Time).
  function begin() {
    var roots = Array.prototype.slice.call(document.querySelectorAll("[data-plakoto-exercise]"));
    (function some() {
      var until = performance.now() + 8;
      while (roots.length && performance.now() < until) {
        var root = roots.shift();
        if (root instanceof HTMLElement) { new Exercise(root); }
      }
      if (roots.length) { setTimeout(some, 0); } else { loadProgress(); }
    }());
  }

  function loadProgress() {
    // The progress shown beyond the exercises (the map, the counts, the ticks) and the "Next
    // exercise" buttons are a script of their own, loaded only where the page has some: the
    // lessons' scripts stay within their budget.
    var more = script && script.getAttribute("data-more");
    if (more && document.querySelector("[data-exercises], [data-progress], [data-progress-map], [data-count-ids], [data-plakoto-exercise] ~ [data-plakoto-exercise]")) {
      var load = document.createElement("script");
      load.src = more;
      document.head.appendChild(load);
    }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
}());
