// @ts-check
"use strict";
// The embed page inside another site's iframe: it talks to the article around it with
// postMessage (EMBEDDING.md, "Talking to the frame") and folds the text away. Only embed
// pages load it, after diagram.js, whose steppers it drives (window.PlakotoSteppers) and
// whose steps it hears ("plakoto:step" events on the figures).

/**
 * What this script uses of a diagram.js stepper.
 * @typedef {Object} Stepper
 * @property {HTMLElement} figure
 * @property {{frames: {name: string}[]}} data
 * @property {HTMLElement[]} frames
 * @property {number} index  the step shown
 * @property {(index: number, options: {announce: boolean, history: boolean, animate: boolean}) => void} show
 */

(function () {
  /** @type {Stepper[]} */
  var steppers = /** @type {any} */ (window).PlakotoSteppers || [];

  /**
   * A message to the article around the frame.
   * @typedef {Object} FrameMessage
   * @property {string} type  "plakoto:ready", "plakoto:step", "plakoto:resize" or "plakoto:error"
   * @property {string | null} [diagram]  the diagram's id
   * @property {number} [step]  the step shown
   * @property {number} [steps]  how many steps there are (the start counts)
   * @property {string[]} [names]  each step's name, in order
   * @property {number} [height]  the content's height in CSS pixels
   * @property {string} [theme]  "light" or "dark"
   * @property {string} [message]  what went wrong, in English
   */

  /**
   * A step of `stepper` by number, or by its name (from the page data); anything else (an
   * object, a huge or broken number, a long text) finds nothing.
   * @param {Stepper} stepper @param {unknown} step @returns {number} the frame's index, or -1
   */
  function find(stepper, step) {
    if (typeof step === "number") { return Number.isInteger(step) && step >= 0 && step < stepper.frames.length ? step : -1; }
    if (typeof step !== "string" || step.length > 200) { return -1; }
    for (var f = 0; f < stepper.data.frames.length; f += 1) {
      if (String(f) === step || stepper.data.frames[f].name === step) { return f; }
    }
    return -1;
  }

  /** @param {FrameMessage} message */
  function tell(message) {
    if (window.parent !== window) { window.parent.postMessage(message, "*"); }
  }

  /** @param {Stepper | undefined} stepper @returns {FrameMessage} */
  function ready(stepper) {
    var figure = stepper ? stepper.figure : document.querySelector("figure[data-plakoto-diagram]");
    var names = stepper ? stepper.data.frames.map(function (frame) { return frame.name; }) : ["start"];
    return {
      type: "plakoto:ready",
      diagram: figure ? figure.getAttribute("data-plakoto-diagram") : null,
      steps: names.length,
      names: names,
      step: stepper ? stepper.index : 0,
      theme: document.documentElement.getAttribute("data-theme") ||
        (window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light")
    };
  }

  /** @param {unknown} step @returns {string} */
  function shown(step) {
    try { return JSON.stringify(step).slice(0, 80); } catch (e) { return String(typeof step); }
  }

  /** The compact embed: board and controls, the text folded behind a button. */
  function compact() {
    var toggle = document.querySelector("button[data-action='text']");
    if (!(toggle instanceof HTMLButtonElement)) { return; }
    var button = toggle, root = document.documentElement, show = button.textContent || "";
    root.setAttribute("data-compact", "");
    button.addEventListener("click", function () {
      var open = !root.hasAttribute("data-text");
      if (open) { root.setAttribute("data-text", ""); } else { root.removeAttribute("data-text"); }
      button.setAttribute("aria-expanded", open ? "true" : "false");
      button.textContent = open ? (button.getAttribute("data-hide") || show) : show;
    });
  }

  function embedding() {
    compact();
    var params = new URLSearchParams(window.location.search);
    var theme = params.get("theme");
    if (theme === "light" || theme === "dark") { document.documentElement.setAttribute("data-theme", theme); }
    var stepper = steppers[0];
    if (stepper && params.has("step")) {
      var index = find(stepper, params.get("step"));
      if (index >= 0) { stepper.show(index, { announce: false, history: false, animate: false }); }
    }
    window.addEventListener("message", function (event) {
      // Any page may send anything: only the article around the frame (its parent window:
      // not a sibling frame, nor a page that opened this one) is heard, and only
      // {type: "plakoto:go", step: a number or a name} and {type: "plakoto:theme", theme:
      // "light" or "dark"} count; a wrong step is answered. Comparing windows works even in
      // WordPress's sandbox, whose origin is opaque.
      if (window.parent === window || event.source !== window.parent) { return; }
      /** @type {unknown} */
      var data = event.data, type, step, theme;
      if (!data || typeof data !== "object") { return; }
      try {
        type = /** @type {{type?: unknown}} */ (data).type;
        step = /** @type {{step?: unknown}} */ (data).step;
        theme = /** @type {{theme?: unknown}} */ (data).theme;
      } catch (e) { return; }
      if (type === "plakoto:theme") {
        if (theme === "light" || theme === "dark") {
          document.documentElement.setAttribute("data-theme", theme);
        } else {
          tell({ type: "plakoto:error", message: "plakoto:theme: theme must be \"light\" or \"dark\", not " + shown(theme) });
        }
        return;
      }
      if (type !== "plakoto:go") { return; }
      var count = stepper ? stepper.frames.length : 1;
      var target = stepper ? find(stepper, step) : (step === 0 || step === "start" ? 0 : -1);
      if (target < 0) {
        var info = ready(stepper);
        tell({ type: "plakoto:error", diagram: info.diagram, step: info.step,
          message: "plakoto:go: no step " + shown(step) + "; steps are 0 to " + (count - 1) +
            " or their names: " + (info.names || []).join(", ") });
      } else if (stepper) {
        stepper.show(target, { announce: true, history: false, animate: false });
      }
    });
    var last = 0;
    function size() {
      var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height !== last) { last = height; tell({ type: "plakoto:resize", height: height }); wordpress(height); }
    }
    // WordPress shows an oEmbed from a site it does not trust in a sandboxed frame whose
    // address ends in "#?secret=…", hidden until the frame tells its height in WordPress's
    // own words ({message: "height", value, secret}); its wp-embed script then shows the
    // frame at that height (200 to 1000 pixels) and hides the link it showed instead.
    var secret = (/[#&?]secret=([A-Za-z0-9]+)/.exec(window.location.hash) || [])[1];
    /** @param {number} height */
    function wordpress(height) {
      if (secret && window.parent !== window) { window.parent.postMessage({ message: "height", value: height, secret: secret }, "*"); }
    }
    window.addEventListener("message", function (event) {
      // wp-embed says "ready" once the article has loaded: tell it the height again.
      var data = /** @type {{message?: unknown, secret?: unknown}} */ (event.data);
      if (secret && data && typeof data === "object" && data.message === "ready" && data.secret === secret) { wordpress(last); }
    });
    if (window.ResizeObserver) { new ResizeObserver(size).observe(document.documentElement); }
    size();
    tell(ready(stepper));
  }

  document.addEventListener("plakoto:step", function (event) {
    var figure = event.target instanceof Element ? event.target : null;
    var step = /** @type {CustomEvent<number>} */ (event).detail;
    tell({ type: "plakoto:step", diagram: figure ? figure.getAttribute("data-plakoto-diagram") : null, step: step });
  });
  embedding();
}());
