// @ts-check
"use strict";
// The viewer for any page (EMBEDDING.md, "In any page: the viewer script"): a diagram written
// as text in the page, in <script type="text/plakoto"> or <pre class="plakoto">, in the TOML
// the build reads, becomes a step-through figure. Every step is replayed by the rules
// (plakoto-rules.js, proven equal to the Python engine); a mistake shows the engine's message
// in place of the figure. The figure lives in a shadow root, so the page's CSS cannot reach
// it; its words come from the catalogs (data-lang="en|ru|el|uk"), its scheme from the page
// (plakoto-scheme.js). The build serves this file behind the rules, board.js and
// plakoto-scheme.js, with PlakotoViewerData first (plakoto_site/render/viewer.py).

/** A position as the rules hold it (plakoto-rules.js). @typedef {{board: number[], pinned: number[],
 *   off: {white: number, black: number, [side: string]: number}, turn: "white" | "black"}} Position */
/** @typedef {{geometry: import("../../types/board").Geometry, base: string, width: number, height: number, font: string,
 *   css: string, words: Object<string, Object<string, string>>}} ViewerData */
/** One frame of a replayed diagram. @typedef {{name: string, position: Position, play: any, dice: number[] | null,
 *   side: "white" | "black" | null}} ViewerFrame */
/** A mistake, where it is. @typedef {{line: number, message: string}} SourceError */

var PlakotoViewer = (function () {
  var data = /** @type {ViewerData} */ (/** @type {any} */ (window).PlakotoViewerData);
  var rules = /** @type {any} */ (window).PlakotoRules;
  var SVG = "http://www.w3.org/2000/svg";

  // -- the TOML the build reads (the subset diagram sources use) ------------------------------

  /** @param {number} line @param {string} message @returns {SourceError} */
  function mistake(line, message) { return { line: line, message: message }; }

  /** One value at the start of `text`: a string, a number, a boolean, an array or an inline
   * table. @param {string} text @param {number} line @returns {[any, string]} the value and the rest */
  function value(text, line) {
    text = text.replace(/^\s+/, "");
    var m;
    if ((m = /^"((?:[^"\\]|\\.)*)"/.exec(text))) {
      return [m[1].replace(/\\(u[0-9a-fA-F]{4}|.)/g, function (_, e) {
        /** @type {Object<string, string>} */
        var escapes = { n: "\n", t: "\t", r: "\r" };
        return e.length > 1 ? String.fromCharCode(parseInt(e.slice(1), 16)) : escapes[e] || e;
      }), text.slice(m[0].length)];
    }
    if ((m = /^'([^']*)'/.exec(text))) { return [m[1], text.slice(m[0].length)]; }
    if ((m = /^(true|false)\b/.exec(text))) { return [m[1] === "true", text.slice(m[0].length)]; }
    if ((m = /^[+-]?\d+(?![\d.eE])/.exec(text))) { return [Number(m[0]), text.slice(m[0].length)]; }
    if (text.charAt(0) === "[" || text.charAt(0) === "{") {
      var table = text.charAt(0) === "{", list = /** @type {any[]} */ ([]), object = /** @type {Object<string, any>} */ ({});
      var rest = text.slice(1).replace(/^\s+/, "");
      while (rest.charAt(0) !== (table ? "}" : "]")) {
        if (!rest) { throw mistake(line, "a " + (table ? "{ table }" : "[ list ]") + " is not closed on its line"); }
        if (table) {
          var key = /^([A-Za-z0-9_-]+)\s*=/.exec(rest);
          if (!key) { throw mistake(line, "cannot read the table at " + JSON.stringify(rest.slice(0, 20))); }
          var got = value(rest.slice(key[0].length), line);
          object[key[1]] = got[0]; rest = got[1];
        } else {
          var item = value(rest, line);
          list.push(item[0]); rest = item[1];
        }
        rest = rest.replace(/^\s*,?\s*/, "");
      }
      return [table ? object : list, rest.slice(1)];
    }
    throw mistake(line, "cannot read the value " + JSON.stringify(text.slice(0, 30)) + ": write text in quotes");
  }

  /** @param {string} text @returns {string} the line without its comment */
  function uncommented(text) {
    var quote = "";
    for (var i = 0; i < text.length; i += 1) {
      var c = text.charAt(i);
      if (quote) { if (c === "\\" && quote === '"') { i += 1; } else if (c === quote) { quote = ""; } }
      else if (c === '"' || c === "'") { quote = c; }
      else if (c === "#") { return text.slice(0, i); }
    }
    return text;
  }

  /** The source as data, and the line of each key ("start", "steps.0.play", "steps.0").
   * @param {string} source @returns {{data: Object<string, any>, lines: Object<string, number>}} */
  function readToml(source) {
    var data = /** @type {Object<string, any>} */ ({}), lines = /** @type {Object<string, number>} */ ({});
    var table = data, path = "", all = source.split(/\r?\n/);
    for (var n = 0; n < all.length; n += 1) {
      var line = n + 1, text = uncommented(all[n]).trim();
      while (/[[{,]$/.test(text) && n + 1 < all.length) { n += 1; text += " " + uncommented(all[n]).trim(); }
      if (!text) { continue; }
      var header = /^\[\[\s*([A-Za-z0-9_-]+)\s*\]\]$/.exec(text) || /^\[\s*([A-Za-z0-9_.-]+)\s*\]$/.exec(text);
      if (header) {
        var names = header[1].split("."), at = data;
        path = "";
        names.forEach(function (name, i) {
          var here = at[name];
          if (Array.isArray(here) && !(i === names.length - 1 && text.charAt(1) === "[")) {
            path += name + "." + (here.length - 1) + ".";
            at = here[here.length - 1];
            return;
          }
          if (i === names.length - 1 && text.charAt(1) === "[") {
            here = at[name] = at[name] || [];
            here.push({});
            path += name + "." + (here.length - 1) + ".";
            at = here[here.length - 1];
            return;
          }
          at = at[name] = at[name] || {};
          path += name + ".";
        });
        lines[path.slice(0, -1)] = line;
        table = at;
        continue;
      }
      var pair = /^([A-Za-z0-9_.-]+)\s*=(.*)$/.exec(text);
      if (!pair) { throw mistake(line, "cannot read this line: write key = \"value\", or a [table] or [[steps]] header"); }
      var parsed = value(pair[2], line);
      if (parsed[1].trim()) { throw mistake(line, "unexpected text after the value: " + JSON.stringify(parsed[1].trim())); }
      var keys = pair[1].split("."), into = table;
      keys.slice(0, -1).forEach(function (k) { into = into[k] = into[k] || {}; });
      into[keys[keys.length - 1]] = parsed[0];
      lines[path + pair[1]] = line;
    }
    return { data: data, lines: lines };
  }

  // -- the replay, as plakoto_site/content/diagrams.py does it ---------------------------------

  var KNOWN = ["id", "rules", "start", "steps", "title", "captions", "caption"];
  var STEP_KEYS = ["name", "roll", "play", "caption", "expect", "illegal"];

  /** @param {string} text @param {number} frame @param {number} line @returns {number[]} */
  function roll(text, frame, line) {
    var m = /^\s*([1-6])\s*[-–]\s*([1-6])\s*$/.exec(text);
    if (!m) { throw mistake(line, "step " + frame + ": cannot read the roll " + JSON.stringify(text) + ": write two numbers 1 to 6, e.g. \"3-1\""); }
    return rules.parseDice([Number(m[1]), Number(m[2])]);
  }

  /** @param {Object<string, any>} data @param {Object<string, number>} lines @returns {{rules: string, frames: ViewerFrame[]}} */
  function replay(data, lines) {
    Object.keys(data).forEach(function (key) {
      if (KNOWN.indexOf(key) < 0) { throw mistake(lines[key] || 1, "unknown key " + rules.repr(key)); }
    });
    /** @type {string} */
    var ruleSet;
    /** @type {Position} */
    var position;
    try { ruleSet = rules.parseRules(String(data.rules || "plakoto")); } catch (e) { throw mistake(lines.rules || 1, /** @type {Error} */ (e).message); }
    try { position = rules.fromCode(String(data.start || "start")); } catch (e) {
      throw mistake(lines.start || 1, /** @type {Error} */ (e).message + " — see the position code in the README");
    }
    /** @type {ViewerFrame[]} */
    var frames = [{ name: "start", position: position, play: null, dice: null, side: null }];
    var steps = data.steps || [];
    if (!Array.isArray(steps)) { throw mistake(lines.steps || 1, "steps must be [[steps]] tables"); }
    steps.forEach(function (step, index) {
      var frame = index + 1, at = "steps." + index, line = lines[at] || 1;
      Object.keys(step).forEach(function (key) {
        if (STEP_KEYS.indexOf(key) < 0) { throw mistake(lines[at + "." + key] || line, "step " + frame + ": unknown key " + rules.repr(key)); }
      });
      if (rules.result(position, ruleSet)) { throw mistake(line, "step " + frame + " comes after the game ended at step " + index + " — remove the steps after the end of the game"); }
      var dice = roll(String(step.roll || ""), frame, lines[at + ".roll"] || line), side = position.turn, text = step.play;
      var playLine = lines[at + ".play"] || line;
      if (typeof text !== "string") { throw mistake(playLine, "step " + frame + " has no play — add play = \"…\" in the mover's own numbering"); }
      refute(position, dice, ruleSet, frame, step.illegal, lines[at + ".illegal"] || line);
      var legal = rules.legalPlays(position, dice, ruleSet), play = null;
      if (!text.trim()) {
        if (legal.length) { throw mistake(playLine, "step " + frame + ": " + side + " can play " + dice.join("-") + ", so the play cannot be empty"); }
        position = { board: position.board, pinned: position.pinned, off: position.off, turn: rules.other(side) };
      } else {
        try { play = rules.parsePlay(position, text, dice, ruleSet); } catch (e) {
          var once = starOnce(text);
          if (once !== null && reads(position, once, dice, ruleSet)) {
            throw mistake(playLine, "step " + frame + " (" + side + " " + dice.join("-") + "): illegal play " + rules.repr(text) +
              ": a * before a repeat claims a pin for every checker it repeats, but only the first checker to land pins" +
              " — write the * once: play = \"" + once + "\"");
          }
          var example = legal.length ? "e.g. " + (legal[0].notation || "no move (a pass)") : "no legal play exists";
          throw mistake(playLine, "step " + frame + " (" + side + " " + dice.join("-") + "): " + /** @type {Error} */ (e).message +
            " — write a legal play in the mover's own numbering: " + example);
        }
        position = play.position;
      }
      if (step.expect !== undefined) { expectations(position, play ? play.result : null, step.expect, frame, lines[at + ".expect"] || line); }
      frames.push({ name: step.name ? String(step.name) : String(frame), position: position, play: play, dice: dice, side: side });
    });
    return { rules: ruleSet, frames: frames };
  }

  /** `text` with each starred repeat written out, the * on the first checker only
   * ("24/12*(2)" is "24/12* 24/12"), or null without one (content/diagrams.py: star_once).
   * @param {string} text @returns {string | null} */
  function starOnce(text) {
    var out = /** @type {string[]} */ ([]), found = false;
    text.trim().split(/[\s,;]+/).forEach(function (word) {
      var m = /^(\S*\*\S*)\(([2-4])\)$/.exec(word);
      if (!m) { out.push(word); return; }
      found = true;
      out.push(m[1]);
      for (var i = 1; i < Number(m[2]); i += 1) { out.push(m[1].replace(/\*/g, "")); }
    });
    return found ? out.join(" ") : null;
  }

  /** @param {Position} position @param {string} text @param {number[]} dice @param {string} ruleSet */
  function reads(position, text, dice, ruleSet) {
    try { rules.parsePlay(position, text, dice, ruleSet); } catch (e) { return false; }
    return true;
  }

  /** A step's `illegal` plays must each be refused by the rules, as the build checks them.
   * @param {Position} position @param {number[]} dice @param {string} ruleSet @param {number} frame
   * @param {any} texts @param {number} line */
  function refute(position, dice, ruleSet, frame, texts, line) {
    if (texts === undefined) { return; }
    if (!Array.isArray(texts) || !texts.every(function (t) { return typeof t === "string"; })) {
      throw mistake(line, "step " + frame + ": illegal must be a list of plays — write illegal = [\"13/7 13/8\"]");
    }
    texts.forEach(function (/** @type {string} */ text) {
      var play;
      try { play = rules.parsePlay(position, text, dice, ruleSet); } catch (e) { return; }
      throw mistake(line, "step " + frame + ": " + rules.repr(text) + " is listed as illegal, but the engine accepts it as " +
        rules.repr(play.notation) + " — remove it from illegal, or change the position");
    });
  }

  /** A value as the build's messages write it (content/diagrams.py: _show). @param {any} v @returns {string} */
  function shown(v) {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      return "{ " + Object.keys(v).map(function (k) { return k + " = " + shown(v[k]); }).join(", ") + " }";
    }
    if (v === null) { return "none"; }
    if (typeof v === "boolean") { return v ? "True" : "False"; }
    return typeof v === "string" ? "\"" + v + "\"" : String(v);
  }

  var EXPECT_KEYS = ["off", "pips", "result"];

  /** A step's `expect` table, checked against the position after it, as the build does.
   * @param {Position} position @param {any} outcome the play's result, or null
   * @param {any} expect @param {number} frame @param {number} line */
  function expectations(position, outcome, expect, frame, line) {
    var at = "step " + frame + ": ", fix = " — correct the expectation, or the play";
    if (!expect || typeof expect !== "object" || Array.isArray(expect)) { throw mistake(line, at + "expect must be a table"); }
    Object.keys(expect).sort().forEach(function (key) {
      if (EXPECT_KEYS.indexOf(key) < 0) { throw mistake(line, at + "unknown expectation " + rules.repr(key) + " — the keys here are " + EXPECT_KEYS.join(", ")); }
    });
    /** @type {[string, Object<string, number>][]} */
    var counted = [["pips", { white: rules.pips(position, "white"), black: rules.pips(position, "black") }],
      ["off", { white: position.off.white, black: position.off.black }]];
    counted.forEach(function (pair) {
      var key = pair[0], actual = pair[1], wanted = expect[key];
      if (wanted === undefined) { return; }
      if (!wanted || typeof wanted !== "object" || Array.isArray(wanted) || Object.keys(wanted).some(function (k) {
        return !Object.prototype.hasOwnProperty.call(actual, k) || actual[k] !== wanted[k];
      })) {
        throw mistake(line, at + "expected " + key + " " + shown(wanted) + ", but the engine counts white " + actual.white +
          ", black " + actual.black + fix);
      }
    });
    if (!("result" in expect)) { return; }
    var wantedResult = expect.result;
    var json = outcome ? { winner: outcome.winner, points: outcome.points, reason: outcome.reason } : null;
    var actualText = json ? shown(json) : "\"none\" (the game goes on)";
    if (wantedResult === "none") {
      if (json) { throw mistake(line, at + "expected the game to go on, but it ends: " + actualText); }
      return;
    }
    if (!wantedResult || typeof wantedResult !== "object" || Array.isArray(wantedResult)) {
      throw mistake(line, at + "result must be \"none\" or { winner, points, reason }");
    }
    var result = /** @type {Object<string, any>} */ (json);
    if (!json || Object.keys(wantedResult).some(function (k) {
      var want = k === "winner" && wantedResult[k] === "none" ? null : wantedResult[k];
      return (Object.prototype.hasOwnProperty.call(result, k) ? result[k] : null) !== want;
    })) {
      throw mistake(line, at + "expected result " + shown(wantedResult) + ", but the engine says " + actualText + fix);
    }
  }

  // -- the figure --------------------------------------------------------------------------------

  /** @param {string} template @param {Object<string, string | number>} values */
  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return String(values[name]); });
  }

  /** @param {string} tag @param {string} [className] @param {string} [text] */
  function make(tag, className, text) {
    var made = document.createElement(tag);
    if (className) { made.className = className; }
    if (text !== undefined) { made.textContent = text; }
    return made;
  }

  /** The play in the numbers printed on the board ("24 → 19, 24 → 18"), as words.py writes it.
   * @param {any} play @param {Object<string, string>} w */
  function boardMoves(play, w) {
    return rules.boardMoves(play.position.turn === "white" ? "black" : "white", play.moves, w.off);
  }

  /** A caption's text with **bold** and [links](…) of Markdown, built as DOM.
   * @param {HTMLElement} into @param {string} text */
  function caption(into, text) {
    var pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g, last = 0, m;
    while ((m = pattern.exec(text))) {
      into.appendChild(document.createTextNode(text.slice(last, m.index)));
      if (m[1]) { into.appendChild(make("strong", "", m[1])); } else {
        var link = /** @type {HTMLAnchorElement} */ (make("a", "", m[2]));
        if (/^(https?:|\/|\.|#)/.test(m[3])) { link.href = m[3]; }
        into.appendChild(link);
      }
      last = pattern.lastIndex;
    }
    into.appendChild(document.createTextNode(text.slice(last)));
  }

  /** The words of `lang`, English where the catalogs have none. @param {string} lang */
  function wordsFor(lang) { return data.words[lang] || data.words[lang.split("-")[0]] || data.words.en; }

  /** @param {any} value @param {string} lang @returns {string} a title or caption in `lang` */
  function inLanguage(value, lang) {
    if (typeof value === "string") { return value; }
    return value && typeof value === "object" ? String(value[lang] || value.en || "") : "";
  }

  /** @param {Object<string, any>} source @param {ViewerFrame[]} frames @param {string} lang @returns {string[]} */
  function captions(source, frames, lang) {
    var table = source.captions ? source.captions[lang] || source.captions.en || {} : {};
    return frames.map(function (frame, index) {
      if (index === 0) { return inLanguage(source.caption, lang) || String(table.start || ""); }
      var step = source.steps[index - 1];
      return inLanguage(step.caption, lang) || String(table[frame.name] || table[String(index)] || "");
    });
  }

  /** @param {ShadowRoot} root */
  function style(root) {
    try {
      var sheet = new CSSStyleSheet();
      sheet.replaceSync(data.css);
      root.adoptedStyleSheets = [sheet];
    } catch (e) {
      root.appendChild(make("style", "", data.css));
    }
  }

  /** @param {HTMLElement} host @param {SourceError} error @param {Object<string, string>} w */
  function showError(host, error, w) {
    var root = /** @type {ShadowRoot} */ (host.shadowRoot);
    var box = make("div", "plakoto-error");
    box.setAttribute("role", "alert");
    box.appendChild(make("strong", "", w["This diagram has a mistake and cannot be shown:"]));
    box.appendChild(make("pre", "", "line " + error.line + ": " + error.message));
    root.appendChild(box);
  }

  /** @param {HTMLElement} host @param {Object<string, any>} source @param {{rules: string, frames: ViewerFrame[]}} replayed
   * @param {string} lang @param {number} first the step shown first */
  function showFigure(host, source, replayed, lang, first) {
    var root = /** @type {ShadowRoot} */ (host.shadowRoot), w = wordsFor(lang), frames = replayed.frames;
    var texts = captions(source, frames, lang), title = inLanguage(source.title, lang), shown = 0;
    var plural = new Intl.PluralRules(w === data.words.en ? "en" : lang);
    /** A count in its sentence ("293 pips"), in the form the language's plural rule gives it.
     * @param {string} name @param {number} count */
    function counted(name, count) {
      return format(w[name + "." + plural.select(count)] || w[name + ".other"] || w[name + ".many"] || "", { count: count });
    }
    var figure = make("figure", "plakoto-figure");
    figure.setAttribute("role", "group");
    figure.setAttribute("aria-label", title || "Plakoto");
    if (title) { figure.appendChild(make("div", "plakoto-title", title)); }
    var svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (new DOMParser().parseFromString('<svg xmlns="' + SVG + '" viewBox="0 0 ' + data.width + " " + data.height +
      '" class="board" direction="ltr" role="img"><title></title>' + data.base + "</svg>", "image/svg+xml").documentElement));
    svg.setAttribute("font-family", data.font);
    figure.appendChild(document.importNode(svg, true));
    var board = new PlakotoBoard(/** @type {SVGSVGElement} */ (/** @type {unknown} */ (figure.querySelector("svg"))), data.geometry, "plakoto-layer");
    var text = make("div", "plakoto-text"), played = make("p", "plakoto-play"), said = make("p", "plakoto-caption");
    text.setAttribute("aria-live", "polite");
    text.appendChild(played); text.appendChild(said);
    figure.appendChild(text);
    var controls = make("div", "plakoto-controls"), counter = make("span", "plakoto-counter");
    /** @type {Object<string, HTMLButtonElement>} */
    var buttons = {};
    // the icons of the tutorial's figure (templates/macros/diagram.html)
    [["first", "M5 5h2.5v14H5zM19 5v14l-10-7z", "First step"], ["prev", "M17 5v14L6 12z", "Previous step"],
      ["next", "M7 5v14l11-7z", "Next step"], ["last", "M16.5 5H19v14h-2.5zM5 5v14l10-7z", "Last step"]].forEach(function (b) {
      var button = /** @type {HTMLButtonElement} */ (make("button"));
      var icon = document.createElementNS(SVG, "svg"), path = document.createElementNS(SVG, "path");
      icon.setAttribute("viewBox", "0 0 24 24"); icon.setAttribute("width", "24"); icon.setAttribute("height", "24");
      icon.setAttribute("aria-hidden", "true");
      path.setAttribute("d", b[1]);
      icon.appendChild(path);
      button.appendChild(icon);
      button.type = "button";
      button.setAttribute("data-action", b[0]);
      button.setAttribute("aria-label", w[b[2]]);
      button.title = w[b[2]];
      button.addEventListener("click", function () {
        show(b[0] === "first" ? 0 : b[0] === "prev" ? shown - 1 : b[0] === "next" ? shown + 1 : frames.length - 1);
      });
      buttons[b[0]] = button;
      controls.appendChild(button);
    });
    controls.appendChild(counter);
    if (frames.length < 2) { controls.hidden = true; }
    figure.appendChild(controls);
    figure.addEventListener("keydown", function (event) {
      var to = { ArrowRight: shown + 1, ArrowLeft: shown - 1, Home: 0, End: frames.length - 1 }[event.key];
      if (to !== undefined) { event.preventDefault(); show(to); }
    });
    root.appendChild(figure);

    /** @param {number} index */
    function show(index) {
      shown = Math.max(0, Math.min(frames.length - 1, index));
      var frame = frames[shown], position = frame.position, over = rules.result(position, replayed.rules);
      board.position(position);
      if (frame.dice && frame.side) { board.dice(frame.dice, frame.side, null); }
      if (frame.play) {
        // ring where checkers came to rest, not the points a checker only passed through
        /** @type {Object<string, number>} */
        var arrived = {};
        frame.play.moves.forEach(function (/** @type {any} */ move) {
          if (arrived[move.start]) { arrived[move.start] -= 1; }
          if (move.end !== 0) { arrived[move.end] = (arrived[move.end] || 0) + 1; }
        });
        Object.keys(arrived).forEach(function (p) {
          var point = rules.own(frame.side, Number(p));
          for (var k = 0; k < arrived[p]; k += 1) {  // each checker that arrived: the top ones of the stack
            board.use("ring", "", data.geometry.points[point].x, board.slot(point, board.top(point) - k));
          }
        });
      }
      if (!over) { board.turn(position.turn, w[position.turn === "white" ? "White to play" : "Black to play"]); }
      board.info(["white", "black"].map(function (side) {
        return format(w[side === "white" ? "White: %(pips)s, %(off)s" : "Black: %(pips)s, %(off)s"],
          { pips: counted("pips", rules.pips(position, side)), off: counted("off", position.off[side]) });
      }), over ? null : position.turn);
      var label = format(w["Step %(step)s of %(steps)s"], { step: shown + 1, steps: frames.length });
      var svgTitle = figure.querySelector("svg title");
      if (svgTitle) { svgTitle.textContent = label; }
      played.textContent = "";
      if (frame.side && frame.dice) {
        var roll = frame.dice[0] + "–" + frame.dice[1];
        played.textContent = frame.play
          ? format(w[frame.side === "white" ? "White rolls %(roll)s and plays %(moves)s (written %(play)s)."
            : "Black rolls %(roll)s and plays %(moves)s (written %(play)s in Black's numbering)."],
          { roll: roll, moves: boardMoves(frame.play, w), play: frame.play.notation })
          : format(w[frame.side === "white" ? "White rolls %(roll)s and cannot move." : "Black rolls %(roll)s and cannot move."], { roll: roll });
      }
      said.textContent = "";
      caption(said, texts[shown]);
      counter.textContent = format(w["%(step)s / %(steps)s"], { step: shown + 1, steps: frames.length });
      buttons.first.disabled = buttons.prev.disabled = shown === 0;
      buttons.next.disabled = buttons.last.disabled = shown === frames.length - 1;
      host.setAttribute("data-step", String(shown));
      host.setAttribute("data-position", JSON.stringify(rules.toJSON(position)));
    }
    show(first);
  }

  /** Draw the diagram written in `element` (a <script type="text/plakoto"> or a
   * <pre class="plakoto">) in a box just before it, at the step its data-step names (a
   * number; the start by default). @param {HTMLElement} element */
  function render(element) {
    if (element.hasAttribute("data-plakoto-drawn")) { return; }
    element.setAttribute("data-plakoto-drawn", "");
    var lang = element.getAttribute("data-lang") || ((element.closest("[lang]") || document.documentElement).getAttribute("lang") || "en");
    lang = data.words[lang] ? lang : data.words[lang.split("-")[0]] ? lang.split("-")[0] : "en";
    // an element of its own name, so that the page's rules for div, p or svg do not reach even the box
    var host = make("plakoto-diagram", "plakoto-viewer");
    ["data-theme", "id"].forEach(function (name) {
      var given = element.getAttribute(name);
      if (given) { host.setAttribute(name, given); if (name === "id") { element.removeAttribute("id"); } }
    });
    host.setAttribute("lang", lang);
    host.attachShadow({ mode: "open" });
    style(/** @type {ShadowRoot} */ (host.shadowRoot));
    element.parentNode && element.parentNode.insertBefore(host, element);
    if (element.tagName === "PRE") { element.hidden = true; }
    var text = (element.textContent || "").replace(/^\r?\n/, "");
    try {
      var read = readToml(text);
      showFigure(host, read.data, replay(read.data, read.lines), lang, Number(element.getAttribute("data-step")) || 0);
    } catch (error) {
      var found = /** @type {any} */ (error);
      showError(host, found && typeof found.line === "number" ? found : mistake(1, String(found && found.message || found)), wordsFor(lang));
    }
    scheme();
  }

  /** Show `message` (in the page's words) in a box at the end of `place`, where a figure
   * cannot be drawn at all (a damaged link). @param {HTMLElement} place @param {string} message */
  function fail(place, message) {
    var host = make("plakoto-diagram", "plakoto-viewer");
    host.attachShadow({ mode: "open" });
    style(/** @type {ShadowRoot} */ (host.shadowRoot));
    var box = make("div", "plakoto-error");
    box.setAttribute("role", "alert");
    box.appendChild(make("strong", "", message));
    /** @type {ShadowRoot} */ (host.shadowRoot).appendChild(box);
    place.appendChild(host);
    scheme();
  }

  function scheme() {
    var hosts = document.querySelectorAll(".plakoto-viewer");
    for (var i = 0; i < hosts.length; i += 1) { hosts[i].setAttribute("data-plakoto-scheme", PlakotoScheme.of(hosts[i])); }
  }

  /** A diagram source read and replayed, as the figure would show it (the board editor opens
   * one this way); a mistake is thrown as {line, message}. @param {string} source @param {string} lang */
  function read(source, lang) {
    var found = readToml(source), replayed = replay(found.data, found.lines);
    return { id: String(found.data.id || ""), rules: replayed.rules, frames: replayed.frames, title: inLanguage(found.data.title, lang),
      captions: captions(found.data, replayed.frames, lang) };
  }

  function start() {
    var found = document.querySelectorAll("script[type='text/plakoto'], pre.plakoto");
    for (var i = 0; i < found.length; i += 1) { render(/** @type {HTMLElement} */ (found[i])); }
  }

  PlakotoScheme.watch(scheme);
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
  return { render: render, start: start, fail: fail, read: read };
}());
