// @ts-check
"use strict";
// Step-through boards. Every frame is already on the page (that is what readers without
// JavaScript, and printers, get); this script only shows one frame at a time. No rules
// of the game live here: positions, plays and captions all come from the page, and the
// frames' ids, step names and anchors from its data (plakoto_site/render/diagrams.py,
// diagram_data; tests/site/test_page_data.py checks the built pages against the typedefs).

/**
 * One frame of a diagram.
 * @typedef {Object} FrameData
 * @property {string} id  the frame element's id
 * @property {string} name  its step's name ("start", a step's name, or its number)
 * @property {string[]} anchors  every URL fragment that shows it
 */

/**
 * The content of <script type="application/json" class="diagram-data"> in a figure.
 * @typedef {Object} DiagramData
 * @property {string} id  the diagram's id
 * @property {FrameData[]} frames  in order, frame 0 is the start
 */

/** @typedef {"first" | "prev" | "next" | "last"} StepAction */
/** @typedef {{announce: boolean, history: boolean, animate: boolean}} ShowOptions */

(function () {
  var reduceMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  /** @type {Stepper[]} */
  var steppers = [];
  /** The steppers whose step buttons must be placed again, at the next frame. @type {Stepper[]} */
  var unplaced = [];

  /** Place the step buttons of `stepper` before the next paint: every board measured first,
   * then every place set, so the page is laid out once, not once per diagram. @param {Stepper} stepper */
  function replace(stepper) {
    if (unplaced.indexOf(stepper) < 0 && unplaced.push(stepper) === 1) { requestAnimationFrame(placeAll); }
  }
  function placeAll() {
    var tops = unplaced.map(function (stepper) { return stepper.boardFoot(); });
    unplaced.forEach(function (stepper, i) { if (tops[i] !== null) { stepper.figure.style.setProperty("--controls-top", tops[i] + "px"); } });
    unplaced = [];
  }

  /** @param {Element} frame @param {string} selector */
  function text(frame, selector) {
    var element = frame.querySelector(selector);
    return element ? (element.textContent || "").replace(/\s+/g, " ").trim() : "";
  }

  /** @param {Element} parent @param {string} selector @returns {HTMLElement} */
  function element(parent, selector) {
    var found = parent.querySelector(selector);
    if (!(found instanceof HTMLElement)) { throw new Error("diagram.js: no " + selector); }
    return found;
  }

  /** @param {Element} figure @returns {DiagramData | null} */
  function pageData(figure) {
    // or, in someone else's page, the figure's data-diagram attribute (integrations/fence.py)
    var script = figure.querySelector("script.diagram-data");
    return JSON.parse((script ? script.textContent : figure.getAttribute("data-diagram")) || "null");
  }

  /** @param {HTMLElement} frame */
  function animate(frame) {
    if (!Element.prototype.animate) { return; }
    if (reduceMotion && reduceMotion.matches) { return; }
    var moved = frame.querySelectorAll("[data-dx]");
    for (var i = 0; i < moved.length; i += 1) {
      var dx = moved[i].getAttribute("data-dx");
      var dy = moved[i].getAttribute("data-dy");
      moved[i].animate(
        [{ transform: "translate(" + dx + "px, " + dy + "px)" }, { transform: "translate(0px, 0px)" }],
        { duration: 320, easing: "ease-out" }
      );
    }
  }

  class Stepper {
    /** @param {HTMLElement} figure @param {DiagramData} data */
    constructor(figure, data) {
      this.figure = figure;
      this.data = data;
      /** @type {HTMLElement[]} */
      this.frames = data.frames.map(function (frame) { return element(figure, "#" + CSS.escape(frame.id)); });
      this.live = element(figure, "[data-live]");
      this.controls = element(figure, ".controls");
      this.counter = element(this.controls, ".counter");
      this.index = 0;
      var self = this;
      figure.classList.add("js-stepper");
      this.controls.hidden = false;
      // The view takes the keyboard focus: a named group, so a screen reader says what it is.
      var view = element(figure, ".view");
      view.setAttribute("tabindex", "0");
      view.setAttribute("role", "group");
      view.setAttribute("aria-label", view.getAttribute("data-label") || "");
      this.controls.addEventListener("click", function (event) {
        var button = event.target instanceof Element ? event.target.closest("button[data-action]") : null;
        if (button) { self.act(button.getAttribute("data-action") || ""); }
      });
      figure.addEventListener("keydown", function (event) { self.key(event); });
      swiping(view, function (forward) { self.act(forward !== self.rtl() ? "next" : "prev"); });
      // "Embed this step": the snippet to copy opens at the step shown, when asked to.
      this.snippet = figure.querySelector(".embed-code textarea");
      this.original = this.snippet instanceof HTMLTextAreaElement ? this.snippet.value : "";
      this.thisStep = figure.querySelector("input[data-embed-step]");
      if (this.snippet && this.thisStep instanceof HTMLInputElement && this.thisStep.parentElement) {
        var choice = this.thisStep.closest(".embed-step");
        if (choice instanceof HTMLElement) { choice.hidden = false; }
        this.thisStep.addEventListener("change", function () { self.embedStep(); });
      }
      this.show(0, { announce: false, history: false, animate: false });
      window.addEventListener("resize", function () { replace(self); });
    }

    /** Where the board shown ends, which is where its step buttons go (site.css), or null. */
    boardFoot() {
      var board = this.frames[this.index].querySelector(".frame-board");
      return board instanceof HTMLElement ? board.offsetTop + board.offsetHeight : null;
    }

    /** Whether the page reads right to left (the board does not, its arrows do). */
    rtl() { return getComputedStyle(this.figure).direction === "rtl"; }

    /** The snippet to copy: the embed page's address with ?step=<the step's name> when
     * "Embed this step" is ticked and a step after the start is shown. */
    embedStep() {
      if (!(this.snippet instanceof HTMLTextAreaElement)) { return; }
      var ticked = this.thisStep instanceof HTMLInputElement && this.thisStep.checked;
      var name = this.data.frames[this.index] ? this.data.frames[this.index].name : "start";
      this.snippet.value = ticked && this.index > 0
        ? this.original.replace(/(src="[^"?]*)"/, "$1?step=" + encodeURIComponent(name) + "\"")
        : this.original;
    }

    /** @param {string} action  a step action; anything else does nothing */
    act(action) {
      var last = this.frames.length - 1;
      /** @type {Object<string, number>} */
      var targets = { first: 0, prev: this.index - 1, next: this.index + 1, last: last };
      if (!Object.prototype.hasOwnProperty.call(targets, action)) { return; }
      var target = targets[action];
      this.show(Math.max(0, Math.min(last, target)), { announce: true, history: !embedded, animate: action === "next" });
    }

    /** @param {KeyboardEvent} event */
    key(event) {
      if (event.altKey || event.ctrlKey || event.metaKey) { return; }
      var rtl = this.rtl();
      /** @type {Object<string, StepAction>} */
      var actions = {
        ArrowRight: rtl ? "prev" : "next",
        ArrowLeft: rtl ? "next" : "prev",
        Home: "first",
        End: "last"
      };
      var action = Object.prototype.hasOwnProperty.call(actions, event.key) ? actions[event.key] : null;
      if (!action) { return; }
      event.preventDefault();
      this.act(action);
    }

    /** @param {number} index @param {ShowOptions} options */
    show(index, options) {
      var frame = this.frames[index];
      if (!frame) { return; }
      var changed = index !== this.index;
      this.index = index;
      for (var i = 0; i < this.frames.length; i += 1) { this.frames[i].hidden = i !== index; }
      this.figure.setAttribute("data-step", String(index));
      replace(this);
      this.counter.textContent = text(frame, ".frame-counter");
      var buttons = this.controls.querySelectorAll("button[data-action]");
      for (var j = 0; j < buttons.length; j += 1) {
        var action = buttons[j].getAttribute("data-action");
        var atEdge = (index === 0 && (action === "first" || action === "prev")) ||
          (index === this.frames.length - 1 && (action === "last" || action === "next"));
        buttons[j].setAttribute("aria-disabled", atEdge ? "true" : "false");
      }
      if (options.announce) {
        this.live.textContent = [text(frame, ".frame-counter"), text(frame, ".frame-play"),
          text(frame, ".frame-caption"), text(frame, ".frame-result")].filter(Boolean).join(" ");
      }
      if (!changed) { return; }
      // The address names the step shown, without a history entry per step: Back leaves
      // the page, and a shared address opens the board at that step.
      if (options.history && window.history && history.replaceState) {
        history.replaceState({ plakoto: this.figure.id, step: index }, "", "#" + frame.id);
      }
      if (options.animate) { animate(frame); }
      this.embedStep();
      this.figure.dispatchEvent(new CustomEvent("plakoto:step", { bubbles: true, detail: index }));
    }

    /** @param {string} anchor  a URL fragment @returns {number} the frame it shows, or -1 */
    anchored(anchor) {
      for (var f = 0; f < this.data.frames.length; f += 1) {
        if (this.data.frames[f].anchors.indexOf(anchor) >= 0) { return f; }
      }
      return -1;
    }
  }

  /**
   * A horizontal swipe over a board on a touch screen: ``then(true)`` for a swipe towards
   * the left (on, in a left-to-right page). Vertical moves stay the page's scrolling.
   * @param {HTMLElement} view @param {(towardsLeft: boolean) => void} then
   */
  function swiping(view, then) {
    /** @type {{x: number, y: number, id: number} | null} */
    var start = null;
    view.addEventListener("pointerdown", function (event) {
      start = event.pointerType === "touch" ? { x: event.clientX, y: event.clientY, id: event.pointerId } : null;
    });
    view.addEventListener("pointercancel", function () { start = null; });
    view.addEventListener("pointerup", function (event) {
      if (!start || event.pointerId !== start.id) { return; }
      var dx = event.clientX - start.x, dy = event.clientY - start.y;
      start = null;
      if (Math.abs(dx) >= 40 && Math.abs(dx) > 2 * Math.abs(dy)) { then(dx < 0); }
    });
  }

  /**
   * The left and right arrow keys, pressed while nothing on the page has the focus: they step
   * the board nearest the middle of the window (a reader need not tab to it first).
   * @param {KeyboardEvent} event
   */
  function pageKey(event) {
    var target = event.target;
    if (event.defaultPrevented || (target !== document.body && target !== document.documentElement)) { return; }
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") { return; }  // Home and End still scroll the page
    var middle = window.innerHeight / 2, nearest = null, best = Infinity;
    for (var i = 0; i < steppers.length; i += 1) {
      var box = steppers[i].figure.getBoundingClientRect();
      if (box.bottom < 0 || box.top > window.innerHeight) { continue; }
      var distance = Math.abs((box.top + box.bottom) / 2 - middle);
      if (distance < best) { best = distance; nearest = steppers[i]; }
    }
    if (nearest) { nearest.key(event); }
  }

  // Inside an iframe the embed page talks to the article around it: embed-frame.js, which
  // only embed pages load, finds the steppers here and hears each step as an event.
  var embedded = document.documentElement.hasAttribute("data-embed");

  function copying() {
    var buttons = document.querySelectorAll("button[data-action='copy']");
    for (var i = 0; i < buttons.length; i += 1) {
      var each = buttons[i];
      if (!(each instanceof HTMLButtonElement)) { continue; }
      each.hidden = false;
      each.addEventListener("click", function (event) {
        var target = event.currentTarget;
        if (!(target instanceof HTMLButtonElement)) { return; }
        var button = target;
        var field = document.getElementById(button.getAttribute("data-copy") || "");
        if (!(field instanceof HTMLTextAreaElement)) { return; }
        var label = button.textContent;
        field.select();
        var done = function () {
          button.textContent = button.getAttribute("data-done");
          setTimeout(function () { button.textContent = label; }, 2000);
        };
        if (navigator.clipboard) { navigator.clipboard.writeText(field.value).then(done, done); } else { done(); }
      });
    }
  }

  /** @param {boolean} scroll */
  function fromHash(scroll) {
    var hash = "";
    try { hash = decodeURIComponent(window.location.hash.slice(1)); } catch (e) { return; }  // "#%": not ours
    if (!hash) { return; }
    for (var i = 0; i < steppers.length; i += 1) {
      var stepper = steppers[i], f = stepper.anchored(hash);
      if (f >= 0) {
        stepper.show(f, { announce: false, history: false, animate: false });
        if (scroll) { stepper.figure.scrollIntoView({ block: "start" }); }
        return;
      }
    }
  }

  function start() {
    var figures = document.querySelectorAll("figure[data-plakoto-diagram]");
    for (var i = 0; i < figures.length; i += 1) {
      var figure = figures[i], data = pageData(figure);
      if (figure instanceof HTMLElement && data && data.frames.length > 1) {
        steppers.push(new Stepper(figure, data));
      }
    }
    copying();
    if (!embedded) { fromHash(true); }
    /** @type {any} */ (window).PlakotoSteppers = steppers;
    document.addEventListener("keydown", pageKey);
    window.addEventListener("popstate", function () { fromHash(false); });
    window.addEventListener("hashchange", function () { fromHash(true); });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
