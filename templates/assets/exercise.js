// @ts-check
"use strict";
// Exercises. The page carries the engine's tree of partial plays, every refusal already
// worded; this script only walks it. Progress stays in this browser (localStorage).
// The page data is written by plakoto_site/render/exercises.py (tree_data); its shape is
// the typedefs below, and tests/site/test_page_data.py checks the built pages against them.

/**
 * One way to move the checker on a point: where to, by which number, and either the node
 * it leads to or, when the rules refuse it, why.
 * @typedef {Object} Try
 * @property {number | "off"} to  the point it lands on (board numbering), or "off"
 * @property {number} number  the number of the roll it uses
 * @property {number | null} next  the node it leads to, or null when it is refused
 * @property {string} refusal  why the rules refuse it (empty when allowed)
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
 * @property {Object<string, string>} labels  each occupied point in words, by point
 * @property {"" | "accepted" | "legal"} done  a complete play: the one asked for, or another legal one
 * @property {string} play  the complete play in notation (empty until done)
 * @property {string} bearOffRefusal  why bearing off is refused here (empty when it is not)
 */

/**
 * The content of <script type="application/json" class="xdata">.
 * @typedef {Object} ExerciseData
 * @property {"white" | "black"} side  the side to play
 * @property {{checkers: number, pinned: number}} stack  at most this many checkers are
 *   drawn on a point (pinned: on a pinned point); a taller stack shows its count
 * @property {TreeNode[]} nodes  node 0 is the start
 */

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
 */

/** @typedef {{node: number, move: string}} Played */

(function () {
  var STORE = "plakoto-progress";
  // Whatever the storage holds (null, 123, [], broken JSON, another site's data), only a
  // plain object of "solved" marks counts; anything else is read as no progress yet.
  /** @returns {Object<string, unknown>} */
  function progress() {
    var all = null;
    try { all = JSON.parse(localStorage.getItem(STORE) || "{}"); } catch (e) { /* unreadable */ }
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  }
  /** @param {Object<string, unknown>} all @param {string} id */
  function solved(all, id) { return Object.prototype.hasOwnProperty.call(all, id) && all[id] === "solved"; }
  /** @param {string} id */
  function remember(id) {
    try { var all = progress(); all[id] = "solved"; localStorage.setItem(STORE, JSON.stringify(all)); } catch (e) { /* private mode */ }
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

  /** @param {string} className @returns {HTMLSpanElement} */
  function span(className) {
    var element = document.createElement("span");
    element.className = className;
    return element;
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
      /** @type {ExerciseData} */
      this.tree = { side: "white", stack: { checkers: 0, pinned: 0 }, nodes: [] };
      this.node = 0;
      /** @type {Played[]} */
      this.path = [];
      /** @type {string | null} */
      this.source = null;
      this.dice = /** @type {HTMLElement | null} */ (null);
      this.list = /** @type {HTMLElement | null} */ (null);
      if (solved(progress(), this.id)) { this.mark(); }
      var data = root.querySelector(".xdata");
      if (data) { this.moves(JSON.parse(data.textContent || "{}")); } else { this.question(); }
    }

    mark() { this.badge.textContent = this.ui.done; this.badge.hidden = false; }
    /** @param {string} state @param {string} [text] */
    state(state, text) {
      this.root.setAttribute("data-state", state);
      this.feedback.textContent = text || "";
    }
    /** @param {string} text */
    solved(text) { this.state("solved", text); remember(this.id); this.mark(); }

    question() {
      var self = this, form = find(this.root, ".xquestion", HTMLFormElement);
      form.hidden = false;
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var chosen = form.querySelector("input:checked") || form.querySelector("input[type=number]");
        var value = chosen instanceof HTMLInputElement ? String(chosen.value).trim() : "";
        if (value === form.getAttribute("data-answer")) { self.solved(self.ui.solved); } else { self.state("illegal", self.ui.wrong); }
      });
    }

    /** @param {ExerciseData} tree */
    moves(tree) {
      var self = this, root = this.root;
      this.tree = tree; this.node = 0; this.path = []; this.source = null;
      find(root, ".xstatic", HTMLElement).hidden = true;
      find(root, ".xboard", HTMLElement).hidden = false;
      find(root, ".xactions", HTMLElement).hidden = false;
      this.dice = find(root, ".xdice", HTMLElement);
      this.dice.hidden = false;
      this.list = find(root, ".xmoves", HTMLElement);
      root.addEventListener("click", function (event) {
        var target = event.target instanceof Element ? event.target.closest("button") : null;
        if (!target || !root.contains(target)) { return; }
        var action = target.getAttribute("data-action");
        if (target.hasAttribute("data-point")) { self.pick(target.getAttribute("data-point") || ""); }
        else if (action === "move") { self.number(Number(target.getAttribute("data-number"))); }
        else if (action === "undo") { self.undo(); }
        else if (action === "reset") { self.path = []; self.node = 0; self.source = null; self.state("playing"); self.draw(); }
        else if (action === "reveal") { self.reveal(); }
      });
      this.draw();
      this.feedback.textContent = this.ui.choose;
    }

    /** The checkers of one point, drawn as the page data says (at most `stack` of them). @param {TreeNode} node @param {number} point */
    stack(node, point) {
      var count = node.board[point - 1], colour = count > 0 ? "w" : "b";
      var pinned = node.pinned.indexOf(point) >= 0;
      var limit = pinned ? this.tree.stack.pinned : this.tree.stack.checkers;
      /** @type {HTMLSpanElement[]} */
      var checkers = [];
      if (pinned) { checkers.push(span("xck x" + (colour === "w" ? "b" : "w") + " xpinned")); }
      for (var k = 0; k < Math.min(Math.abs(count), limit); k += 1) { checkers.push(span("xck x" + colour)); }
      if (Math.abs(count) > limit) {
        var number = span("xcount");
        number.setAttribute("data-n", String(Math.abs(count)));
        checkers.push(number);
      }
      return checkers;
    }

    draw() {
      var node = this.tree.nodes[this.node];
      var points = this.root.querySelectorAll(".xpt");
      for (var i = 0; i < points.length; i += 1) {
        var button = points[i], point = button.getAttribute("data-point") || "";
        var stack = find(button, ".xstack", HTMLElement);
        stack.replaceChildren.apply(stack, this.stack(node, Number(point)));
        button.setAttribute("aria-label", node.labels[point] || fill(this.ui.none, { point: point }).replace(/\.$/, ""));
        button.setAttribute("aria-pressed", String(point === this.source));
      }
      find(this.root, ".xoff", HTMLElement).setAttribute("data-count", String(node.off[this.tree.side]));
      this.drawNumbers(node);
      var played = this.path.map(function (step) { return step.move; }).join(" ");
      if (this.list) { this.list.textContent = played ? this.ui.played + " " + played : ""; }
      if (node.done === "accepted") { this.solved(this.ui.solved + " " + node.play); }
      else if (node.done === "legal") {
        this.state("legal", fill(this.ui.legal, { play: node.play }));
        find(this.root, ".xexplain", HTMLElement).hidden = false;
      }
    }

    /** Under the board: a button per number once a checker is chosen, else the numbers left. @param {TreeNode} node */
    drawNumbers(node) {
      var dice = this.dice;
      if (!dice) { return; }
      /** @type {(HTMLButtonElement | string)[]} */
      var buttons = [];
      if (this.source !== null) {
        var seen = /** @type {Object<string, boolean>} */ ({});
        for (var n = 0; n < node.numbers.length; n += 1) {
          var number = node.numbers[n];
          if (seen[number]) { continue; }
          seen[number] = true;
          var button = document.createElement("button");
          button.type = "button";
          button.className = "xbutton";
          button.setAttribute("data-action", "move");
          button.setAttribute("data-number", String(number));
          button.textContent = fill(this.ui.move, { number: number });
          buttons.push(button, " ");
        }
      }
      if (buttons.length) { dice.replaceChildren.apply(dice, buttons); }
      else { dice.textContent = node.numbers.length ? this.ui.left + " " + node.numbers.join(", ") : ""; }
    }

    /** @param {(attempt: Try) => boolean} filter */
    tries(filter) {
      var node = this.tree.nodes[this.node];
      return (node.tries[this.source || ""] || []).filter(filter);
    }

    /** @param {Try[]} tries @param {boolean} [off] */
    take(tries, off) {
      var node = this.tree.nodes[this.node];
      if (!tries.length) { this.state("illegal", off && node.bearOffRefusal ? node.bearOffRefusal : this.ui.nowhere); return; }
      var allowed = tries.filter(function (t) { return t.next !== null; });
      if (!allowed.length || allowed[0].next === null) { this.state("illegal", tries[0].refusal); return; }
      this.path.push({ node: this.node, move: allowed[0].move });
      this.node = allowed[0].next;
      this.source = null;
      this.state("playing", "");
      this.draw();
    }

    /** @param {string} point  a point number, or "off" */
    pick(point) {
      if (this.root.getAttribute("data-state") === "solved" || this.root.getAttribute("data-state") === "revealed") { return; }
      var node = this.tree.nodes[this.node];
      if (this.source === null || this.source === point) {
        if (this.source !== null) { this.source = null; this.draw(); return; }
        var tries = node.tries[point];
        if (point === "off") { this.state("illegal", node.bearOffRefusal || this.ui.off); return; }
        if (!tries) { this.state("illegal", fill(this.ui.none, { point: point })); return; }
        if (!tries.some(function (t) { return t.next !== null; })) { this.state("illegal", tries[0].refusal); return; }
        this.source = point;
        this.state("playing", fill(this.ui.chosen, { point: point }));
        this.draw();
        return;
      }
      this.take(this.tries(function (t) { return String(t.to) === point; }), point === "off");
    }

    /** @param {number} number */
    number(number) { this.take(this.tries(function (t) { return t.number === number; })); }

    undo() {
      var last = this.path.pop();
      if (last) { this.node = last.node; }
      this.source = null;
      find(this.root, ".xexplain", HTMLElement).hidden = true;
      this.state("playing", this.ui.choose);
      this.draw();
    }

    reveal() {
      find(this.root, ".xanswer", HTMLDetailsElement).open = true;
      this.state("revealed", "");
    }
  }

  function start() {
    var roots = document.querySelectorAll("[data-plakoto-exercise]");
    for (var i = 0; i < roots.length; i += 1) {
      var root = roots[i];
      if (root instanceof HTMLElement) { new Exercise(root); }
    }
    var summary = document.querySelector("[data-progress]");
    if (summary instanceof HTMLElement) {
      var count = 0, all = progress();
      for (var j = 0; j < roots.length; j += 1) { if (solved(all, roots[j].getAttribute("data-plakoto-exercise") || "")) { count += 1; } }
      summary.textContent = fill(summary.getAttribute("data-progress") || "", { solved: count, total: roots.length });
      summary.hidden = false;
    }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
}());
