// @ts-check
"use strict";
// For an article that embeds Plakoto diagrams and allows scripts: load this one file once,
// anywhere in the page, and every diagram frame from this site takes the height of its
// content, live (when the reader unfolds a diagram's text, or the page's width changes).
// Frames already have the right height for their first width without it.
//   <script src="SITE/assets/plakoto-embed.js" defer></script>
// Nothing else is needed: no ids, no configuration. Frames from other sites are left alone.

(function () {
  var here = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : "";
  var origin = here ? new URL(here).origin : "";

  window.addEventListener("message", function (event) {
    /** @type {unknown} */
    var data = event.data;
    if (!data || typeof data !== "object" || event.origin !== origin) { return; }
    var message = /** @type {{type?: unknown, height?: unknown}} */ (data);
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
