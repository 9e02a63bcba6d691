// @ts-check
"use strict";
// For an article that embeds Plakoto diagrams and allows scripts: load this one file once,
// anywhere in the page, and every diagram frame from this site takes the height of its
// content, live (when the reader unfolds a diagram's text, or the page's width changes).
// Frames already have the right height for their first width without it.
//   <script src="SITE/assets/plakoto-embed.js" defer></script>
// Each frame also shows the article's light or dark scheme, and follows it when the reader
// toggles it (plakoto-scheme.js, served in front of this file): a frame whose address says
// ?theme=, or whose <iframe> has data-theme="light|dark", keeps what it says.
// Nothing else is needed: no ids, no configuration. Frames from other sites are left alone.

(function () {
  var here = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : "";
  var origin = here ? new URL(here).origin : "";

  /** Our frames, each with the scheme it should show (none for those whose address chooses one).
   * @returns {{frame: HTMLIFrameElement, scheme: string | null}[]} */
  function ours() {
    var found = [], frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i += 1) {
      var src;
      try { src = new URL(frames[i].src, window.location.href); } catch (e) { continue; }
      if (src.origin !== origin) { continue; }
      found.push({ frame: frames[i], scheme: src.searchParams.has("theme") ? null : PlakotoScheme.of(frames[i]) });
    }
    return found;
  }

  /** Tell a frame its scheme: it may be sandboxed (an opaque origin), so to any origin; a
   * scheme is no secret. @param {HTMLIFrameElement} frame @param {string | null} scheme */
  function tell(frame, scheme) {
    if (scheme && frame.contentWindow) { frame.contentWindow.postMessage({ type: "plakoto:theme", theme: scheme }, "*"); }
  }

  PlakotoScheme.watch(function () { ours().forEach(function (one) { tell(one.frame, one.scheme); }); });

  window.addEventListener("message", function (event) {
    /** @type {unknown} */
    var data = event.data;
    if (!data || typeof data !== "object" || event.origin !== origin) { return; }
    var message = /** @type {{type?: unknown, height?: unknown}} */ (data);
    if (message.type === "plakoto:ready") {
      ours().forEach(function (one) { if (one.frame.contentWindow === event.source) { tell(one.frame, one.scheme); } });
      return;
    }
    if (message.type !== "plakoto:resize" || typeof message.height !== "number") { return; }
    if (!(message.height > 0 && message.height < 10000)) { return; }
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i += 1) {
      if (frames[i].contentWindow === event.source) {
        frames[i].style.height = Math.ceil(message.height) + "px";
        return;
      }
    }
  });
}());
