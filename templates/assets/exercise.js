"use strict";
// Exercises. The page carries the engine's tree of partial plays, every refusal already
// worded; this script only walks it. Progress stays in this browser (localStorage).
(function () {
  var STORE = "plakoto-progress";
  // Whatever the storage holds (null, 123, [], broken JSON, another site's data), only a
  // plain object of "solved" marks counts; anything else is read as no progress yet.
  function progress() {
    var all = null;
    try { all = JSON.parse(localStorage.getItem(STORE) || "{}"); } catch (e) { /* unreadable */ }
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  }
  function solved(all, id) { return Object.prototype.hasOwnProperty.call(all, id) && all[id] === "solved"; }
  function remember(id) {
    try { var all = progress(); all[id] = "solved"; localStorage.setItem(STORE, JSON.stringify(all)); } catch (e) { /* private mode */ }
  }
  function fill(text, values) { return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; }); }

  function Exercise(root) {
    this.root = root;
    this.id = root.getAttribute("data-plakoto-exercise");
    this.ui = JSON.parse(root.getAttribute("data-ui"));
    this.feedback = root.querySelector("[data-feedback]");
    this.badge = root.querySelector(".xbadge");
    if (solved(progress(), this.id)) { this.mark(); }
    var data = root.querySelector(".xdata");
    if (data) { this.moves(JSON.parse(data.textContent)); } else { this.question(); }
  }

  Exercise.prototype.mark = function () { this.badge.textContent = this.ui.done; this.badge.hidden = false; };
  Exercise.prototype.state = function (state, text) {
    this.root.setAttribute("data-state", state);
    this.feedback.textContent = text || "";
  };
  Exercise.prototype.solved = function (text) { this.state("solved", text); remember(this.id); this.mark(); };

  Exercise.prototype.question = function () {
    var self = this, form = this.root.querySelector(".xquestion");
    form.hidden = false;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var chosen = form.querySelector("input:checked") || form.querySelector("input[type=number]");
      var value = chosen ? String(chosen.value).trim() : "";
      if (value === form.getAttribute("data-answer")) { self.solved(self.ui.solved); } else { self.state("illegal", self.ui.wrong); }
    });
  };

  Exercise.prototype.moves = function (tree) {
    var self = this, root = this.root;
    this.tree = tree; this.node = 0; this.path = []; this.source = null;
    this.side = tree.side;
    root.querySelector(".xstatic").hidden = true;
    root.querySelector(".xboard").hidden = false;
    root.querySelector(".xactions").hidden = false;
    this.dice = root.querySelector(".xdice");
    this.dice.hidden = false;
    this.list = root.querySelector(".xmoves");
    root.addEventListener("click", function (event) {
      var target = event.target.closest ? event.target.closest("button") : null;
      if (!target || !root.contains(target)) { return; }
      if (target.hasAttribute("data-point")) { self.pick(target.getAttribute("data-point")); }
      else if (target.hasAttribute("data-number")) { self.number(Number(target.getAttribute("data-number"))); }
      else if (target.getAttribute("data-do") === "undo") { self.undo(); }
      else if (target.getAttribute("data-do") === "reset") { self.path = []; self.node = 0; self.source = null; self.state("playing"); self.draw(); }
      else if (target.getAttribute("data-do") === "reveal") { self.reveal(); }
    });
    this.draw();
    this.feedback.textContent = this.ui.choose;
  };

  Exercise.prototype.draw = function () {
    var node = this.tree.nodes[this.node], self = this;
    var points = this.root.querySelectorAll(".xpt");
    for (var i = 0; i < points.length; i += 1) {
      var button = points[i], point = button.getAttribute("data-point");
      var count = node.b[point - 1], stack = button.querySelector(".xstack"), html = "";
      var colour = count > 0 ? "w" : "b", pinned = node.p.indexOf(Number(point)) >= 0;
      if (pinned) { html += '<span class="xck x' + (colour === "w" ? "b" : "w") + ' xpinned"></span>'; }
      for (var k = 0; k < Math.min(Math.abs(count), pinned ? 4 : 5); k += 1) { html += '<span class="xck x' + colour + '"></span>'; }
      if (Math.abs(count) > (pinned ? 4 : 5)) { html += '<span class="xcount" data-n="' + Math.abs(count) + '"></span>'; }
      stack.innerHTML = html;
      button.setAttribute("aria-label", node.l[point] || fill(this.ui.none, { point: point }).replace(/\.$/, ""));
      button.setAttribute("aria-pressed", String(point) === String(this.source));
    }
    var off = this.root.querySelector(".xoff");
    off.setAttribute("data-count", node.o[this.side === "white" ? 0 : 1]);
    var numbers = "";
    if (this.source !== null) {
      var seen = {};
      for (var n = 0; n < node.n.length; n += 1) {
        if (seen[node.n[n]]) { continue; }
        seen[node.n[n]] = true;
        numbers += '<button type="button" class="xbutton" data-number="' + node.n[n] + '">' + fill(this.ui.move, { number: node.n[n] }) + "</button> ";
      }
    }
    this.dice.innerHTML = numbers || (node.n.length ? this.ui.left + " " + node.n.join(", ") : "");
    var played = this.path.map(function (step) { return step.move; }).join(" ");
    this.list.textContent = played ? this.ui.played + " " + played : "";
    if (node.d === "accepted") { this.solved(this.ui.solved + " " + node.y); }
    else if (node.d === "legal") {
      this.state("legal", fill(this.ui.legal, { play: node.y }));
      this.root.querySelector(".xexplain").hidden = false;
    }
    void self;
  };

  Exercise.prototype.tries = function (filter) {
    var node = this.tree.nodes[this.node];
    return (node.t[this.source] || []).filter(filter);
  };

  Exercise.prototype.take = function (tries, off) {
    var node = this.tree.nodes[this.node];
    if (!tries.length) { this.state("illegal", off && node.f ? node.f : this.ui.nowhere); return; }
    var allowed = tries.filter(function (t) { return t[2] >= 0; });
    if (!allowed.length) { this.state("illegal", tries[0][3]); return; }
    this.path.push({ node: this.node, move: allowed[0][4] });
    this.node = allowed[0][2];
    this.source = null;
    this.state("playing", "");
    this.draw();
  };

  Exercise.prototype.pick = function (point) {
    if (this.root.getAttribute("data-state") === "solved" || this.root.getAttribute("data-state") === "revealed") { return; }
    var node = this.tree.nodes[this.node];
    if (this.source === null || String(this.source) === point) {
      if (this.source !== null) { this.source = null; this.draw(); return; }
      var tries = node.t[point];
      if (point === "off") { this.state("illegal", node.f || this.ui.off); return; }
      if (!tries) { this.state("illegal", fill(this.ui.none, { point: point })); return; }
      if (!tries.some(function (t) { return t[2] >= 0; })) { this.state("illegal", tries[0][3]); return; }
      this.source = point;
      this.state("playing", fill(this.ui.chosen, { point: point }));
      this.draw();
      return;
    }
    this.take(this.tries(function (t) { return String(t[0]) === point; }), point === "off");
  };

  Exercise.prototype.number = function (number) { this.take(this.tries(function (t) { return t[1] === number; })); };

  Exercise.prototype.undo = function () {
    var last = this.path.pop();
    if (last) { this.node = last.node; }
    this.source = null;
    this.root.querySelector(".xexplain").hidden = true;
    this.state("playing", this.ui.choose);
    this.draw();
  };

  Exercise.prototype.reveal = function () {
    this.root.querySelector(".xanswer").open = true;
    this.state("revealed", "");
  };

  function start() {
    var roots = document.querySelectorAll("[data-plakoto-exercise]");
    for (var i = 0; i < roots.length; i += 1) { roots[i].exercise = new Exercise(roots[i]); }
    var summary = document.querySelector("[data-progress]");
    if (summary) {
      var count = 0, all = progress();
      for (var j = 0; j < roots.length; j += 1) { if (solved(all, roots[j].getAttribute("data-plakoto-exercise"))) { count += 1; } }
      summary.textContent = fill(summary.getAttribute("data-progress"), { solved: count, total: roots.length });
      summary.hidden = false;
    }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
}());
