// @ts-check
"use strict";
// The reader's progress where the page shows it: the progress map (home and Practice
// pages), a lesson's "2 of 3 exercises solved", the Practice page's count and the ticks
// beside lessons and drills all solved; and the "Next exercise" buttons. exercise.js keeps what was solved (localStorage,
// one record per language) and loads this script lazily, only on pages that show some of
// it: the lessons' own scripts stay small. It redraws whenever exercise.js says that
// something was solved.

(function () {
  var STORE = "plakoto-progress-" + document.documentElement.lang;
  /** @returns {Object<string, unknown>} */
  function progress() {
    var all = null;
    try { all = JSON.parse(localStorage.getItem(STORE) || "{}"); } catch (e) { /* unreadable */ }
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  }
  /** @param {Object<string, unknown>} all @param {string} id */
  function solved(all, id) { return Object.prototype.hasOwnProperty.call(all, id) && all[id] === "solved"; }
  /** @param {string} text @param {number} done @param {number} total */
  function fill(text, done, total) { return text.replace("%(solved)s", String(done)).replace("%(total)s", String(total)); }
  /** @param {string} selector @returns {HTMLElement[]} */
  function all(selector) { return /** @type {HTMLElement[]} */ (Array.prototype.slice.call(document.querySelectorAll(selector))); }
  /** @param {Element} element @param {string} name */
  function ids(element, name) { return (element.getAttribute(name) || "").split(" ").filter(Boolean); }

  function draw() {
    var kept = progress();
    /** @param {string} id */
    function done(id) { return solved(kept, id); }
    // the ticks beside a lesson, a drill or a drill page whose exercises are all solved
    all("[data-exercises]").forEach(function (item) {
      var tick = item.querySelector(".xtick"), every = ids(item, "data-exercises").every(done);
      if (every && !tick) {
        tick = document.createElement("span");
        tick.className = "xtick";
        tick.setAttribute("role", "img");
        tick.setAttribute("aria-label", item.getAttribute("data-tick") || "");
        tick.textContent = "✓";
        item.insertBefore(tick, item.children[1] || null);
      } else if (!every && tick) { tick.remove(); }
    });
    // the map: a square filled per exercise solved, a count per lesson and drill
    all("[data-progress-map]").forEach(function (map) {
      var count = map.getAttribute("data-count") || "";
      map.querySelectorAll("li[data-ids]").forEach(function (group) {
        var list = ids(group, "data-ids"), line = group.querySelector(".pm-count");
        if (line) { line.textContent = fill(count, list.filter(done).length, list.length); }
      });
      map.querySelectorAll("i[data-id]").forEach(function (cell) { cell.classList.toggle("on", done(cell.getAttribute("data-id") || "")); });
      map.hidden = false;
    });
    // a lesson's count under its title, and the Practice page's (drills included)
    all("[data-count-ids], [data-progress]").forEach(function (line) {
      var list = line.hasAttribute("data-count-ids") ? ids(line, "data-count-ids")
        : all("[data-progress-map] i[data-id]").map(function (cell) { return cell.getAttribute("data-id") || ""; });
      line.textContent = fill(line.getAttribute("data-count") || line.getAttribute("data-progress") || "", list.filter(done).length, list.length);
      line.hidden = false;
    });
  }

  /** "Next exercise" under each exercise that has another after it on the page. */
  function nextButtons() {
    var roots = all("[data-plakoto-exercise]");
    roots.slice(0, -1).forEach(function (root, i) {
      var next = roots[i + 1], button = document.createElement("button");
      button.type = "button";
      button.className = "xbutton xnext";
      button.textContent = JSON.parse(root.getAttribute("data-ui") || "{}").next;
      root.appendChild(button);
      button.addEventListener("click", function () {
        next.tabIndex = -1;
        next.scrollIntoView({ block: "start" });
        next.focus({ preventScroll: true });
        history.replaceState(history.state, "", "#" + next.id);
      });
    });
  }

  nextButtons();
  document.addEventListener("plakoto-progress", draw);
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("[data-action='clear-progress']") : null;
    if (!button) { return; }
    try { localStorage.removeItem(STORE); } catch (e) { /* private mode */ }
    draw();
  });
  draw();
}());
