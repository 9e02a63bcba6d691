// @ts-check
"use strict";
// Light or dark for a board shown in someone else's page: the boards follow the page they are
// in, not only the reader's system. In this order: an explicit data-theme="light|dark" on
// the element or around it; the host page's usual markers (Material for MkDocs's
// [data-md-color-scheme=slate|default], Bootstrap's [data-bs-theme], a "dark" or "light"
// class on <html> or <body>); the color-scheme the page's root declares, when it declares
// one scheme; then the reader's system. The MkDocs figures, the embed host script
// (plakoto-embed.js, which tells each frame) and the viewer (plakoto-viewer.js) share it.

/** @typedef {"light" | "dark"} Scheme */

var PlakotoScheme = (function () {
  /** @param {string | null} value @param {string} dark @param {string} light @returns {Scheme | null} */
  function named(value, dark, light) {
    return value === dark ? "dark" : value === light ? "light" : null;
  }

  /** The class "dark" or "light" on an element. @param {Element | null} element @returns {Scheme | null} */
  function byClass(element) {
    if (!element) { return null; }
    return element.classList.contains("dark") ? "dark" : element.classList.contains("light") ? "light" : null;
  }

  /** The scheme an element in the page should be shown in.
   * @param {Element} element @returns {Scheme} */
  function of(element) {
    var own = element.closest("[data-theme]");
    var theme = own ? named(own.getAttribute("data-theme"), "dark", "light") : null;
    if (theme) { return theme; }
    var material = element.closest("[data-md-color-scheme]");
    theme = material ? named(material.getAttribute("data-md-color-scheme"), "slate", "default") : null;
    if (theme) { return theme; }
    var bootstrap = element.closest("[data-bs-theme]");
    theme = bootstrap ? named(bootstrap.getAttribute("data-bs-theme"), "dark", "light") : null;
    theme = theme || byClass(document.body) || byClass(document.documentElement);
    if (theme) { return theme; }
    var declared = window.getComputedStyle ? window.getComputedStyle(document.documentElement).colorScheme : "";
    declared = (declared || "").replace("only", "").trim();
    if (declared === "dark" || declared === "light") { return declared; }
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  /** Call `changed` whenever a marker above may have changed: an attribute of <html> or
   * <body>, or the system's setting. @param {() => void} changed */
  function watch(changed) {
    if (window.MutationObserver) {
      var observer = new MutationObserver(changed);
      var options = { attributes: true, attributeFilter: ["class", "style", "data-theme", "data-md-color-scheme", "data-bs-theme"] };
      observer.observe(document.documentElement, options);
      if (document.body) { observer.observe(document.body, options); }
    }
    var media = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
    if (media && media.addEventListener) { media.addEventListener("change", changed); }
  }

  /** Keep data-plakoto-scheme="light|dark" on every element `selector` finds, now and on
   * every change (the stylesheet colours the boards by it). @param {string} selector */
  function follow(selector) {
    function mark() {
      var found = document.querySelectorAll(selector);
      for (var i = 0; i < found.length; i += 1) {
        var scheme = of(found[i]);
        if (found[i].getAttribute("data-plakoto-scheme") !== scheme) { found[i].setAttribute("data-plakoto-scheme", scheme); }
      }
    }
    mark();
    watch(mark);
    return mark;
  }

  return { of: of, watch: watch, follow: follow };
}());
