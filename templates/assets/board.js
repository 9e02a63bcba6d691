// @ts-check
"use strict";
// The lessons' board made interactive: one script for the exercises (exercise.js) and the
// play page (play.js). The board itself is the SVG render/svg.py draws at build time; this
// script draws a position on it again with the same small shapes (render/svg.py SHAPES) at
// the places render/board.py's geometry() gives, lays a button over each point, and marks
// the chosen checker and where it can go; a checker can travel from point to point
// ("Show the answer", the computer's moves). It holds no rule of the game.

/** @typedef {import("../../types/board").Geometry} BoardGeometry  the board's measures (render/board.py) */
/** @typedef {"white" | "black"} BoardColour */
/** A position as the scripts hold it: 24 counts, point 1 first, white positive.
 * @typedef {{board: number[], pinned: number[], off: {white: number, black: number}}} BoardPosition */

/** One board: the SVG drawn at build time, a layer the script draws on, the point buttons. */
class PlakotoBoard {
  /** @param {SVGSVGElement} svg @param {BoardGeometry} geo @param {string} name  the layer's class */
  constructor(svg, geo, name) {
    this.geo = geo;
    // The title and the board's frame stay; what the build drew of the position gives way
    // to the layer, where each change is drawn again.
    var keep = [svg.querySelector("title"), svg.querySelector(".base")].filter(Boolean);
    svg.replaceChildren.apply(svg, /** @type {Node[]} */ (keep));
    this.layer = /** @type {SVGGElement} */ (document.createElementNS(svg.namespaceURI, "g"));
    this.layer.setAttribute("class", name);
    svg.appendChild(this.layer);
    /** How many slots each point's checkers fill (pinned ones count as PIN_SHIFT). @type {Object<string, number>} */
    this.heights = {};
  }

  /** @param {string} tag @param {Object<string, string | number>} attributes @param {Element} [parent] */
  shape(tag, attributes, parent) {
    var made = document.createElementNS(this.layer.namespaceURI, tag);
    Object.keys(attributes).forEach(function (k) { made.setAttribute(k, String(attributes[k])); });
    (parent || this.layer).appendChild(made);
    return made;
  }

  /** One of the board's small shapes (render/svg.py Shape.at), in a colour.
   * @param {import("../../types/board").ShapeName} name @param {BoardColour | ""} colour
   * @param {number} x @param {number} y @param {Element} [parent] */
  use(name, colour, x, y, parent) {
    var spec = this.geo.shapes[name], attributes = /** @type {Object<string, string | number>} */ ({});
    Object.keys(spec.attributes).forEach(function (k) { attributes[k] = spec.attributes[k].replace("{colour}", colour); });
    if (spec.tag === "circle") { attributes.cx = x; attributes.cy = y; } else { attributes.x = x + spec.dx; attributes.y = y + spec.dy; }
    return this.shape(spec.tag, attributes, parent);
  }

  /** @param {string} tag @param {Object<string, string | number>} attributes @param {string} text @param {Element} [parent] */
  text(tag, attributes, text, parent) {
    var made = this.shape(tag, attributes, parent);
    made.textContent = text;
    return made;
  }

  /** The centre of the checker in `slot` (0 at the edge) on `point`. @param {number} point @param {number} slot */
  slot(point, slot) {
    var p = this.geo.points[point];
    return p.y + p.grow * slot * this.geo.step;
  }

  /** Wipe the layer and draw a position's checkers, pins, counts and trays, as render/svg.py does. @param {BoardPosition} position */
  position(position) {
    this.layer.replaceChildren();
    for (var p = 1; p <= 24; p ++) { this.heights[p] = this.stack(position, p); }
    this.tray(position, "black");
    this.tray(position, "white");
  }

  /** One point's checkers; returns how many slots they fill. @param {BoardPosition} position @param {number} point */
  stack(position, point) {
    var geo = this.geo, count = position.board[point - 1];
    if (!count) { return 0; }
    /** @type {BoardColour} */
    var owner = count > 0 ? "white" : "black";
    var x = geo.points[point].x, first = 0, shown = geo.stack.shown;
    if (position.pinned.indexOf(point) >= 0) {
      this.use("pinned", owner === "white" ? "black" : "white", x, this.slot(point, 0));
      this.use("pin", "", x, geo.points[point].pinMarkY);
      first = geo.stack.pinShift; shown = geo.stack.shownOverPin;
    }
    var visible = Math.min(Math.abs(count), shown), top = null;
    for (var i = 0; i < visible; i ++) { top = this.use("checker", owner, x, this.slot(point, first + i)); }
    if (Math.abs(count) > visible) {
      this.text("text", { x: x, y: this.slot(point, first + visible - 1) + geo.stack.countDy, "class": "ck-count on-" + owner,
        "text-anchor": "middle", "font-size": geo.stack.fontSize, "font-weight": "bold" }, String(Math.abs(count)));
    } else if (top) { top.setAttribute("data-top", String(point)); } // the checker fly() lifts
    return first + visible;
  }

  /** @param {BoardPosition} position @param {BoardColour} side */
  tray(position, side) {
    var t = this.geo.tray, place = t[side], count = position.off[side];
    for (var i = 0; i < count; i ++) { this.use("off", side, t.checkerX, place.y + place.grow * i * t.gap); }
    if (count) {
      this.text("text", { x: t.x + t.width / 2, y: place.countY, "class": "off-count", "text-anchor": "middle",
        "font-size": this.geo.stack.fontSize, "font-weight": "bold" }, String(count));
    }
  }

  /** The roll in the roller's colour, a die faded once its number is played.
   * @param {number[]} dice  the higher first @param {BoardColour} side @param {number[] | null} left  the numbers not played yet (null: none faded) */
  dice(dice, side, left) {
    var self = this, d = this.geo.dice, pip = /** @type {BoardColour} */ (side === "white" ? "black" : "white"), group = this.shape("g", { "class": "dice" });
    var remaining = left ? left.slice() : [];
    dice.forEach(function (value, i) {
      var x = d.x + (i ? d.apart : -d.apart), at = remaining.indexOf(value);
      var used = left !== null && (dice[0] === dice[1] ? left.length <= (i ? 0 : 2) : at < 0);
      if (at >= 0) { remaining.splice(at, 1); }
      var face = self.shape("g", { "class": used ? "die-face die-used" : "die-face" }, group);
      self.use("die", side, x, d.y, face);
      d.spots[String(value)].forEach(function (s) { self.use("pip", pip, x + s[0] * d.spot, d.y + s[1] * d.spot, face); });
    });
  }

  /** Whose turn it is, between the rows of the right half ("White to play"). @param {BoardColour} side @param {string} words */
  turn(side, words) {
    var t = this.geo.turn, group = this.shape("g", { "class": "turn" });
    this.use("turn", side, t.x, t.y, group);
    this.text("text", { x: t.textX, y: t.y + t.textDy, "class": "turn-text", "font-size": t.fontSize, "font-weight": "bold" }, words, group);
  }

  /** The lines under the board, White's then Black's; the side to move in bold.
   * @param {string[]} lines @param {BoardColour | null} turn */
  info(lines, turn) {
    var self = this, i = this.geo.info;
    /** @type {BoardColour[]} */ (["white", "black"]).forEach(function (side, row) {
      var y = i.y + row * i.line, bold = side === turn;
      self.use("line", side, i.markX, y + i.markDy);
      var text = self.text("text", { x: i.x, y: y, "class": "info" + (bold ? " info-turn" : ""), "font-size": i.fontSize }, lines[row]);
      if (bold) { text.setAttribute("font-weight", "bold"); }
    });
  }

  /** Place a checker drawn by use() at a new centre. @param {Element} piece @param {number} x @param {number} y */
  put(piece, x, y) {
    var spec = this.geo.shapes.checker, round = spec.tag === "circle";
    piece.setAttribute(round ? "cx" : "x", String(round ? x : x + spec.dx));
    piece.setAttribute(round ? "cy" : "y", String(round ? y : y + spec.dy));
  }

  /** Where a checker stands or lands: the top of `point`'s stack, or the first free slot
   * above it (`free`); between the trays for off (0). @param {number} point @param {boolean} free */
  spot(point, free) {
    var geo = this.geo;
    if (!point) { return [geo.tray.x + geo.tray.width / 2, geo.dice.y]; }
    return [geo.points[point].x, this.slot(point, free ? Math.min(this.heights[point], geo.stack.shown - 0.5) : this.top(point))];
  }

  /** Move the top checker of `from` to `to` (0: off) over `ms` milliseconds, then call
   * `done`; the position drawn stays the one before the move until the caller draws again.
   * The callers skip it under prefers-reduced-motion.
   * @param {number} from @param {number} to @param {BoardColour} colour @param {number} ms @param {() => void} done */
  fly(from, to, colour, ms, done) {
    var start = this.spot(from, false), end = this.spot(to, true), began = -1;
    var lifted = this.layer.querySelector('[data-top="' + from + '"]');
    if (lifted) { lifted.setAttribute("visibility", "hidden"); }
    var self = this, piece = this.use("checker", colour, start[0], start[1]);
    piece.classList.add("flying");
    /** @param {number} now */
    function frame(now) {
      if (began < 0) { began = now; }
      var k = ms > 0 ? Math.min(1, (now - began) / ms) : 1, e = k < 0.5 ? 2 * k * k : 1 - 2 * (1 - k) * (1 - k);
      self.put(piece, start[0] + (end[0] - start[0]) * e, start[1] + (end[1] - start[1]) * e);
      if (k < 1) { requestAnimationFrame(frame); } else { done(); }
    }
    requestAnimationFrame(frame);
  }

  /** The top checker of a point's stack, as a slot. @param {number} point */
  top(point) { return Math.max(0, Math.min(this.heights[point], this.geo.stack.shown) - 1); }

  /** The ring of a checker that just moved (render/svg.py rings it too). @param {number} point */
  ring(point) {
    this.use("ring", "", this.geo.points[point].x, this.slot(point, this.top(point)));
  }

  /** The chosen checker: a ring round the top of its stack. @param {number} point */
  chosen(point) {
    this.shape("circle", { cx: this.geo.points[point].x, cy: this.slot(point, this.top(point)),
      r: this.geo.radius + 4, "class": "ring-chosen", fill: "none", "stroke-width": 4 });
  }

  /** A dot (radius 11) where the chosen checker can go: on the first free slot of a point, or between the trays.
   * @param {string} where  a point, or "off" */
  target(where) {
    var geo = this.geo;
    if (where === "off") {
      this.shape("circle", { cx: geo.tray.x + geo.tray.width / 2, cy: geo.dice.y, r: 11, "class": "target-dot" });
      return;
    }
    var point = Number(where);
    this.shape("circle", { cx: geo.points[where].x, cy: this.slot(point, Math.min(this.heights[point], 4.5)),
      r: 11, "class": "target-dot" });
  }

  /** Lay the buttons of `group` ([data-point] "1".."24", and "off" over both trays) over
   * their points, and let the arrow keys walk them in the board's own layout (top row
   * 13–24, bottom 12–1); `home` is the one Tab reaches.
   * @param {HTMLElement} group @param {string} home */
  points(group, home) { PlakotoBoard.lay(group, this.geo, home); }

  /** The same without a board drawn on yet (exercise.js draws only once the reader plays):
   * the buttons need only the board's measures `geo`.
   * @param {HTMLElement} group @param {BoardGeometry} geo @param {string} home */
  static lay(group, geo, home) {
    var t = geo.tray, buttons = group.querySelectorAll("button[data-point]");
    for (var i = 0; i < buttons.length; i ++) {
      var button = /** @type {HTMLElement} */ (buttons[i]), where = button.getAttribute("data-point") || "";
      var place = where === "off" ? { x: t.x, y: t.black.areaY, w: t.width, h: t.white.areaY + t.height - t.black.areaY }
        : { x: geo.points[where].x - geo.pointWidth / 2, y: geo.points[where].areaY, w: geo.pointWidth, h: geo.pointHeight };
      button.classList.add("board-point");
      button.style.left = (100 * place.x / geo.width) + "%";
      button.style.top = (100 * place.y / geo.height) + "%";
      button.style.width = (100 * place.w / geo.width) + "%";
      button.style.height = (100 * place.h / geo.height) + "%";
      button.tabIndex = where === home ? 0 : -1;
    }
    group.addEventListener("keydown", function (event) {
      var here = event.target instanceof HTMLElement ? event.target.getAttribute("data-point") : null;
      var next = here ? PlakotoBoard.step(here, event.key) : null;
      if (!next) { return; }
      event.preventDefault();
      var to = group.querySelector("button[data-point='" + next + "']");
      if (!(to instanceof HTMLElement)) { return; } // the edge of a board without "off"
      for (var j = 0; j < buttons.length; j ++) { /** @type {HTMLElement} */ (buttons[j]).tabIndex = -1; }
      to.tabIndex = 0;
      to.focus();
    });
  }

  /** The point an arrow key leads to from `here`, as the board lies: right along the top row
   * runs 13 → 24 → off, along the bottom 12 → 1 → off; up and down cross to the facing point.
   * @param {string} here @param {string} key @returns {string | null} */
  static step(here, key) {
    var p = Number(here), off = here === "off", top = p >= 13;
    if (key === "ArrowRight") { return off ? "off" : top ? (p === 24 ? "off" : String(p + 1)) : (p === 1 ? "off" : String(p - 1)); }
    if (key === "ArrowLeft") { return off ? "1" : top ? String(Math.max(p - 1, 13)) : String(Math.min(p + 1, 12)); }
    if (key === "ArrowUp" || key === "ArrowDown") { return off ? (key === "ArrowUp" ? "24" : "1") : String(25 - p); }
    return null;
  }
}
