"use strict";
// Step-through boards. Every frame is already on the page (that is what readers without
// JavaScript, and printers, get); this script only shows one frame at a time. No rules
// of the game live here: positions, plays and captions all come from the page.
(function () {
  var reduceMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var steppers = [];

  function text(frame, selector) {
    var element = frame.querySelector(selector);
    return element ? element.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function animate(frame) {
    if (!frame.animate && !Element.prototype.animate) { return; }
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

  function Stepper(figure) {
    this.figure = figure;
    this.frames = Array.prototype.slice.call(figure.querySelectorAll(".frames > .frame"));
    this.live = figure.querySelector("[data-live]");
    this.controls = figure.querySelector(".controls");
    this.counter = this.controls.querySelector(".counter");
    this.index = 0;
    var self = this;
    figure.classList.add("js-stepper");
    this.controls.hidden = false;
    // The view takes the keyboard focus: a named group, so a screen reader says what it is.
    var view = figure.querySelector(".view");
    view.setAttribute("tabindex", "0");
    view.setAttribute("role", "group");
    view.setAttribute("aria-label", view.getAttribute("data-label"));
    this.controls.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("button[data-action]") : null;
      if (button) { self.act(button.getAttribute("data-action")); }
    });
    figure.addEventListener("keydown", function (event) { self.key(event); });
    this.show(0, { announce: false, history: false, animate: false });
  }

  Stepper.prototype.act = function (action) {
    var last = this.frames.length - 1;
    var target = { first: 0, prev: this.index - 1, next: this.index + 1, last: last }[action];
    if (target === undefined) { return; }
    this.show(Math.max(0, Math.min(last, target)), { announce: true, history: !embedded, animate: action === "next" });
  };

  Stepper.prototype.key = function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var rtl = getComputedStyle(this.figure).direction === "rtl";
    var actions = {
      ArrowRight: rtl ? "prev" : "next",
      ArrowLeft: rtl ? "next" : "prev",
      Home: "first",
      End: "last"
    };
    var action = actions[event.key];
    if (!action) { return; }
    event.preventDefault();
    this.act(action);
  };

  Stepper.prototype.show = function (index, options) {
    var frame = this.frames[index];
    if (!frame) { return; }
    var changed = index !== this.index;
    this.index = index;
    for (var i = 0; i < this.frames.length; i += 1) { this.frames[i].hidden = i !== index; }
    this.figure.setAttribute("data-step", String(index));
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
    if (options.history && changed && window.history && history.pushState) {
      history.pushState({ plakoto: this.figure.id, step: index }, "", "#" + frame.id);
    }
    if (options.animate && changed) { animate(frame); }
    if (changed) { tell({ type: "plakoto:step", diagram: this.figure.getAttribute("data-plakoto-diagram"), step: index }); }
  };

  Stepper.prototype.find = function (step) {
    // A step by number, or by its name (the part of a frame's id after the diagram's);
    // anything else (an object, a huge or broken number, a long text) finds nothing.
    if (typeof step === "number") { return Number.isInteger(step) && step >= 0 && step < this.frames.length ? step : -1; }
    if (typeof step !== "string" || step.length > 200) { return -1; }
    for (var f = 0; f < this.frames.length; f += 1) {
      if (String(f) === String(step) || this.frames[f].getAttribute("data-step-name") === String(step)) { return f; }
    }
    return -1;
  };

  // -- inside an iframe: the embed page talks to the article around it --------------------
  var embedded = document.documentElement.hasAttribute("data-embed");

  function tell(message) {
    if (embedded && window.parent !== window) { window.parent.postMessage(message, "*"); }
  }

  function embedding() {
    var params = new URLSearchParams(window.location.search);
    var theme = params.get("theme");
    if (theme === "light" || theme === "dark") { document.documentElement.setAttribute("data-theme", theme); }
    var stepper = steppers[0];
    if (stepper && params.has("step")) {
      var index = stepper.find(params.get("step"));
      if (index >= 0) { stepper.show(index, { announce: false, history: false, animate: false }); }
    }
    window.addEventListener("message", function (event) {
      // Any page may send anything: only {type: "plakoto:go", step: a number or a name} counts.
      var data = event.data, type, step;
      if (!stepper || !data || typeof data !== "object") { return; }
      try { type = data.type; step = data.step; } catch (e) { return; }
      if (type !== "plakoto:go") { return; }
      var target = stepper.find(step);
      if (target >= 0) { stepper.show(target, { announce: true, history: false, animate: false }); }
    });
    var last = 0;
    function size() {
      var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height !== last) { last = height; tell({ type: "plakoto:resize", height: height }); }
    }
    if (window.ResizeObserver) { new ResizeObserver(size).observe(document.documentElement); }
    size();
  }

  function copying() {
    var buttons = document.querySelectorAll("button[data-copy]");
    for (var i = 0; i < buttons.length; i += 1) {
      buttons[i].hidden = false;
      buttons[i].addEventListener("click", function (event) {
        var button = event.currentTarget;
        var field = document.getElementById(button.getAttribute("data-copy"));
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

  function fromHash(scroll) {
    var hash = "";
    try { hash = decodeURIComponent(window.location.hash.slice(1)); } catch (e) { return; }  // "#%": not ours
    if (!hash) { return; }
    for (var i = 0; i < steppers.length; i += 1) {
      var stepper = steppers[i];
      for (var f = 0; f < stepper.frames.length; f += 1) {
        var frame = stepper.frames[f];
        var id = stepper.figure.id;
        if (frame.id === hash || hash === id + "-" + f || hash === id + "-" + frame.getAttribute("data-step-name")) {
          stepper.show(f, { announce: false, history: false, animate: false });
          if (scroll) { stepper.figure.scrollIntoView({ block: "start" }); }
          return;
        }
      }
    }
  }

  function start() {
    var figures = document.querySelectorAll("figure[data-plakoto-diagram]");
    for (var i = 0; i < figures.length; i += 1) {
      if (figures[i].querySelectorAll(".frames > .frame").length > 1) {
        steppers.push(new Stepper(figures[i]));
      }
    }
    copying();
    if (embedded) { embedding(); } else { fromHash(true); }
    window.addEventListener("popstate", function () { fromHash(false); });
    window.addEventListener("hashchange", function () { fromHash(true); });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
