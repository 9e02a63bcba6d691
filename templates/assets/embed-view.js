// @ts-check
"use strict";
// The page /<lang>/embed/view/: draws the diagram carried in its own address, after the "#"
// (EMBEDDING.md, "A diagram in a link"; plakoto_site/render/viewer.py, diagram_link):
//   #1.<the diagram's TOML, compressed with zlib (deflate, with its Adler-32 check), in base64url>
// "1." is the format's version. A link that does not decode to text exactly as written
// (cut short, changed by hand) is said to be damaged: no board is drawn from it.

(function () {
  var box = document.getElementById("diagram");
  if (!box) { return; }
  var place = box;

  /** @param {string} text @returns {ArrayBuffer} */
  function bytes(text) {
    var binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    var out = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i += 1) { out[i] = binary.charCodeAt(i); }
    return out.buffer;
  }

  /** @param {string} hash @returns {Promise<string>} */
  function decode(hash) {
    var found = /^#1\.([A-Za-z0-9_-]+)$/.exec(hash);
    if (!found) { return Promise.reject(new Error("not a diagram link of version 1")); }
    var stream = new Blob([bytes(found[1])]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      return new TextDecoder("utf-8", { fatal: true }).decode(buffer);
    });
  }

  function show() {
    place.replaceChildren();
    decode(window.location.hash).then(function (source) {
      var pre = document.createElement("pre");
      pre.className = "plakoto";
      pre.textContent = source;
      place.appendChild(pre);
      PlakotoViewer.render(pre);
    }, function () {
      PlakotoViewer.fail(place, place.getAttribute("data-damaged") || "This link's diagram is damaged.");
    });
  }

  show();
  window.addEventListener("hashchange", show);
}());
