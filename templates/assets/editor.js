// @ts-check
"use strict";
// The board editor, /<lang>/editor/ (EMBEDDING.md, "Make a diagram in the editor"). A
// position is set up by tapping the points of the lessons' board (board.js), checked with the
// rules' own checks (plakoto-rules.js, proven equal to the Python engine); moves are played
// from it with chosen dice, each one a step with its caption; the diagram is shown by the
// viewer (plakoto-viewer.js, which carries the rules and board.js) exactly as its link will
// show it, and written out as that link, a frame, a source for build.py diagram and a MkDocs
// fence. The page keeps the diagram in its own address (#1.…, the link format of
// <lang>/embed/view/), so a reload or a shared address opens it again.

/** (Position: the viewer's typedef, plakoto-viewer.js.) One step: the roll, the play (null when the roll cannot be played), who played it, the
 * position after it and its caption. @typedef {{dice: number[], play: any, side: "white" | "black",
 *   position: Position, caption: string}} Step */

(function () {
  var root = /** @type {HTMLElement | null} */ (document.querySelector("[data-plakoto-editor]"));
  var dataNode = document.getElementById("editor-data");
  var Rules = /** @type {any} */ (window).PlakotoRules, Viewer = /** @type {any} */ (window).PlakotoViewer;
  if (!root || !dataNode || !Rules || !Viewer) { return; }
  var app = root;
  var data = JSON.parse(dataNode.textContent || "{}");
  /** @type {Object<string, string>} */
  var words = data.words;
  var lang = document.documentElement.lang || "en";
  var plural = new Intl.PluralRules(lang);

  /** @param {string} selector */
  function q(selector) { return /** @type {HTMLElement} */ (app.querySelector(selector)); }
  /** @param {string} name @returns {HTMLInputElement} */
  function field(name) { return /** @type {HTMLInputElement} */ (app.querySelector("[name='" + name + "']")); }
  /** @param {string} name */
  function chosen(name) {
    var on = /** @type {HTMLInputElement | null} */ (app.querySelector("input[name='" + name + "']:checked"));
    return on ? on.value : "";
  }
  /** @param {string} name @param {string} value */
  function choose(name, value) {
    var input = /** @type {HTMLInputElement | null} */ (app.querySelector("input[name='" + name + "'][value='" + value + "']"));
    if (input) { input.checked = true; }
  }
  /** @param {string} template @param {Object<string, string | number>} values */
  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return String(values[name]); });
  }

  // -- the state: the position set up, the rule set, the steps ---------------------------------

  /** @type {Position} */
  var setup = Rules.start("white");
  /** @type {Step[]} */
  var steps = [];
  var mode = "setup";

  /** @param {"white" | "black"} side @param {Position} position the checkers a side has in all */
  function total(position, side) {
    var sign = side === "white" ? 1 : -1, count = position.off[side];
    position.board.forEach(function (v, i) {
      if (v * sign > 0) { count += Math.abs(v); }
      if (v * sign < 0 && position.pinned.indexOf(i + 1) >= 0) { count += 1; }
    });
    return count;
  }

  /** What is wrong with the position set up, in the page's words ([] when nothing). */
  function problems() {
    var found = /** @type {string[]} */ ([]);
    /** @type {("white" | "black")[]} */ (["white", "black"]).forEach(function (side) {
      var count = total(setup, side);
      if (count !== 15) { found.push(fill(words[side === "white" ? "wrongWhite" : "wrongBlack"], { count: count })); }
    });
    if (!found.length) {
      try { Rules.fromJSON(Rules.toJSON(setup)); } catch (e) { found.push(words.engine + " " + /** @type {Error} */ (e).message); }
    }
    return found;
  }

  function ruleSet() { return chosen("rules") || "plakoto"; }
  /** The position after the last step, or the one set up. @returns {Position} */
  function current() { return steps.length ? steps[steps.length - 1].position : setup; }

  /** Replay the steps from the position set up (after it changed): a step that no longer
   * fits is taken back with those after it, and the reader is told. @returns {string} what to say */
  function replaySteps() {
    if (!steps.length) { return ""; }
    if (problems().length) { return ""; }
    var at = setup;
    for (var i = 0; i < steps.length; i += 1) {
      var step = steps[i], play = null;
      try {
        if (Rules.result(at, ruleSet())) { throw new Error("over"); }
        if (step.play) { play = Rules.parsePlay(at, step.play.notation, step.dice, ruleSet()); }
        else if (Rules.legalPlays(at, step.dice, ruleSet()).length) { throw new Error("can move"); }
      } catch (e) {
        steps = steps.slice(0, i);
        return fill(words.dropped, { step: i + 1 });
      }
      step.play = play;
      step.side = at.turn;
      at = step.position = play ? play.position : pass(at);
    }
    return "";
  }

  /** @param {Position} position @returns {Position} the same with the turn passed */
  function pass(position) { return { board: position.board, pinned: position.pinned, off: position.off, turn: Rules.other(position.turn) }; }

  // -- setting up: a tap on a point ---------------------------------------------------------------

  /** @param {number} point */
  function tap(point) {
    var tool = chosen("tool"), v = setup.board[point - 1], pinnedHere = setup.pinned.indexOf(point);
    var board = setup.board.slice(), pinned = setup.pinned.slice();
    if (tool === "white" || tool === "black") {
      var sign = tool === "white" ? 1 : -1;
      if (total(setup, tool) >= 15) {
        message(words.full);
        return;
      }
      if (v * sign >= 0) { board[point - 1] = v + sign; }
      else {  // the other side's checkers give way to this one (and a pinned checker under them goes too)
        board[point - 1] = sign;
        if (pinnedHere >= 0) { pinned.splice(pinnedHere, 1); }
      }
    } else if (tool === "pinned") {
      if (!v) { message(fill(words.pinEmpty, { point: point })); return; }
      if (pinnedHere >= 0) { pinned.splice(pinnedHere, 1); }
      else if (total(setup, v > 0 ? "black" : "white") >= 15) { message(words.full); return; }
      else { pinned.push(point); pinned.sort(function (a, b) { return a - b; }); }
    } else if (v) {  // take a checker away: the top one; under the last, a pinned checker is free again
      if (Math.abs(v) > 1) { board[point - 1] = v - Math.sign(v); }
      else if (pinnedHere >= 0) { board[point - 1] = -v; pinned.splice(pinnedHere, 1); }
      else { board[point - 1] = 0; }
    }
    setup = { board: board, pinned: pinned, off: setup.off, turn: setup.turn };
    changed(replaySteps());
  }

  /** Read the turn, the borne-off counts and the rule set from the form into the position. */
  function readForm() {
    /** @param {string} side */
    function off(side) {
      var n = Math.round(Number(field("off-" + side).value));
      return isFinite(n) ? Math.max(0, Math.min(15, n)) : 0;
    }
    setup = { board: setup.board, pinned: setup.pinned, off: { white: off("white"), black: off("black") },
      turn: chosen("turn") === "black" ? "black" : "white" };
    changed(replaySteps());
  }

  /** Show `position` in the form (turn, borne off). @param {Position} position */
  function writeForm(position) {
    choose("turn", position.turn);
    field("off-white").value = String(position.off.white);
    field("off-black").value = String(position.off.black);
  }

  /** Start again from `position`, with no steps. @param {Position} position @param {string} say */
  function begin(position, say) {
    setup = Rules.toJSON(position);
    givenId = "";
    steps = [];
    writeForm(setup);
    stepList();
    changed(say);
  }

  // -- opening a position code, a game record, a source or a link --------------------------------

  function fromCode() {
    var code = field("code").value.trim();
    if (!code) { return; }
    try { begin(Rules.fromCode(code), ""); } catch (e) { message(words.badCode + " " + /** @type {Error} */ (e).message); }
  }

  /** A diagram source, as the viewer reads it. @param {string} text */
  function openSource(text) {
    /** @type {any} */
    var read;
    try { read = Viewer.read(text, lang); } catch (e) {
      var found = /** @type {any} */ (e);
      message(words.badSource + " " + (typeof found.line === "number" ? "line " + found.line + ": " : "") + (found.message || String(found)));
      return;
    }
    choose("rules", read.rules);
    givenId = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(read.id) ? read.id : "";
    field("title").value = read.title;
    /** @type {HTMLTextAreaElement} */ (q("[name='caption-0']")).value = read.captions[0] || "";
    setup = Rules.toJSON(read.frames[0].position);
    writeForm(setup);
    steps = read.frames.slice(1).map(function (/** @type {any} */ frame, /** @type {number} */ i) {
      return { dice: frame.dice, play: frame.play, side: frame.side, position: frame.position, caption: read.captions[i + 1] || "" };
    });
    stepList();
    setMode(steps.length ? "moves" : "setup");
    showLast = true;
    changed(fill(words.opened, { count: steps.length }));
  }

  /** A game copied from the play page ("1. White rolls 6–5 and plays 24/13." …, in any of the
   * site's languages): the roll and the first play written on each numbered line. @param {string} text */
  function openRecord(text) {
    var lines = text.split(/\r?\n/), title = (lines[0] || "").toLowerCase();
    var entries = lines.filter(function (line) { return /^\s*\d+\.\s/.test(line); }).map(function (line) {
      var body = line.replace(/^\s*\d+\.\s/, ""), roll = /([1-6])\s*[–-]\s*([1-6])/.exec(body);
      if (!roll) { return null; }
      // Black's line ends with the board's numbers in brackets: the play is the first one.
      var rest = body.slice(roll.index + roll[0].length).replace(/\s\((?:[^()]|\(\d\))*\)/g, " ");
      var play = /\d{1,2}(?:\/(?:off|\d{1,2})\*?)+(?:\(\d\))?(?:\s+\d{1,2}(?:\/(?:off|\d{1,2})\*?)+(?:\(\d\))?)*/i.exec(rest);
      return { dice: Rules.parseDice([Number(roll[1]), Number(roll[2])]), text: play ? play[0] : "" };
    });
    if (!entries.length || entries.indexOf(null) >= 0) { return false; }
    var side = sideOf(lines.filter(function (line) { return /^\s*\d+\.\s/.test(line); })[0].replace(/^\s*\d+\.\s/, ""));
    var tapa = data.rules.tapa.toLowerCase(), first = title.indexOf(tapa) >= 0 && title.indexOf(data.rules.plakoto.toLowerCase()) < 0 ? "tapa" : "plakoto";
    var second = first === "tapa" ? "plakoto" : "tapa", sides = side ? [side] : ["white", "black"];
    var tries = [[first, sides[0]], [first, sides[1]], [second, sides[0]], [second, sides[1]]].filter(function (t) { return t[1]; });
    var failure = "";
    for (var t = 0; t < tries.length; t += 1) {
      var replayed = replayRecord(/** @type {any[]} */ (entries), tries[t][0], Rules.start(tries[t][1]));
      if (typeof replayed !== "string") {
        choose("rules", tries[t][0]);
        givenId = "";
        field("title").value = lines[0].trim();
        setup = Rules.start(tries[t][1]);
        writeForm(setup);
        steps = replayed;
        stepList();
        setMode("moves");
        showLast = true;
        changed(fill(words.opened, { count: steps.length }));
        return true;
      }
      failure = failure || replayed;
    }
    message(failure);
    return true;
  }

  /** Who plays on a line of a game record: the side whose sentence (the play page's) it is.
   * @param {string} line @returns {"white" | "black" | ""} */
  function sideOf(line) {
    /** @param {string} name */
    function matches(name) {
      var pattern = words[name].replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/%\\\(\w+\\\)s/g, ".*");
      return new RegExp("^" + pattern + "$").test(line.trim());
    }
    if (matches("playedWhite") || matches("passWhite")) { return "white"; }
    return matches("playedBlack") || matches("passBlack") ? "black" : "";
  }

  /** @param {{dice: number[], text: string}[]} entries @param {string} rules @param {Position} at
   * @returns {Step[] | string} the steps, or why they cannot be replayed */
  function replayRecord(entries, rules, at) {
    var made = /** @type {Step[]} */ ([]);
    for (var i = 0; i < entries.length; i += 1) {
      var e = entries[i], play = null;
      try {
        if (e.text) { play = Rules.parsePlay(at, e.text, e.dice, rules); }
        else if (Rules.legalPlays(at, e.dice, rules).length) { throw new Error(at.turn + " can play " + e.dice.join("-")); }
      } catch (error) {
        return fill(words.badRecord, { step: i + 1, reason: /** @type {Error} */ (error).message });
      }
      var side = at.turn;
      at = play ? play.position : pass(at);
      made.push({ dice: e.dice, play: play, side: side, position: at, caption: "" });
    }
    return made;
  }

  /** The paste box: a link, a game record, a position code or a source. */
  function openPasted() {
    var text = /** @type {HTMLTextAreaElement} */ (q("[name='paste']")).value.trim();
    if (!text) { return; }
    var link = /#1\.([A-Za-z0-9_-]+)/.exec(text);
    if (link && !/\n/.test(text)) { unpack(link[0]).then(openSource, function () { message(words.damaged); }); return; }
    if (/^\s*\d+\.\s/m.test(text) && openRecord(text)) { return; }
    if (/^[WB]:/i.test(text) && !/\n/.test(text)) { field("code").value = text; fromCode(); return; }
    if (/=/.test(text)) { openSource(text); return; }
    message(words.badPaste);
  }

  // -- playing moves -------------------------------------------------------------------------------

  function dice() { return Rules.parseDice([Number(chosen("die0") || 6), Number(chosen("die1") || 5)]); }

  /** The legal plays of the chosen roll, in the list. */
  function playList() {
    var select = /** @type {HTMLSelectElement} */ (q("[name='plays']")), at = current(), over = Rules.result(at, ruleSet());
    select.replaceChildren();
    if (mode !== "moves" || problems().length) { return; }
    if (over) {
      select.appendChild(new Option(words.over, ""));
      select.disabled = true;
      return;
    }
    select.disabled = false;
    var legal = Rules.legalPlays(at, dice(), ruleSet());
    if (!legal.length) { select.appendChild(new Option(words.pass, "")); }
    legal.forEach(function (/** @type {any} */ play, /** @type {number} */ i) { select.appendChild(new Option(play.notation, String(i))); });
  }

  /** Add a step: the play chosen in the list, or the one written. @param {boolean} written */
  function addStep(written) {
    var at = current(), rolled = dice(), play = null;
    if (Rules.result(at, ruleSet())) { message(words.over); return; }
    var legal = Rules.legalPlays(at, rolled, ruleSet());
    if (written) {
      var text = field("written").value.trim();
      if (!text && legal.length) { return; }
      if (text) {
        try { play = Rules.parsePlay(at, text, rolled, ruleSet()); } catch (e) {
          message(words.refused + " " + /** @type {Error} */ (e).message);
          return;
        }
      }
      field("written").value = "";
    } else if (legal.length) {
      play = legal[Number(/** @type {HTMLSelectElement} */ (q("[name='plays']")).value) || 0];
    }
    steps.push({ dice: rolled, play: play, side: at.turn, position: play ? play.position : pass(at), caption: "" });
    stepList();
    showLast = true;
    changed(fill(words.added, { step: steps.length }));
  }

  // -- what the page shows ---------------------------------------------------------------------------

  var boardSvg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (app.querySelector("svg.board")));
  var board = new PlakotoBoard(boardSvg, data.geometry, "editor-layer");
  var points = q("[data-points]");
  for (var p = 24; p >= 1; p -= 1) {
    var button = document.createElement("button");
    button.type = "button";
    button.setAttribute("data-point", String(p));
    points.appendChild(button);
  }
  board.points(points, "24");

  /** @param {string} name @param {number} count */
  function counted(name, count) {
    var forms = data.plurals[name];
    return fill(forms[plural.select(count)] || forms.other, { count: count });
  }

  /** The board, the point buttons' names and the page's data-position. */
  function drawBoard() {
    var shown = mode === "moves" ? current() : setup, last = mode === "moves" && steps.length ? steps[steps.length - 1] : null;
    var valid = !problems().length, over = valid && Rules.result(shown, ruleSet());
    board.position(shown);
    if (last) { board.dice(last.dice, last.side, null); }
    if (!over) { board.turn(shown.turn, words[shown.turn === "white" ? "turnWhite" : "turnBlack"]); }
    board.info(/** @type {("white" | "black")[]} */ (["white", "black"]).map(function (side) {
      return fill(words[side === "white" ? "infoWhite" : "infoBlack"], { pips: counted("pips", Rules.pips(shown, side)), off: counted("off", shown.off[side]) });
    }), over ? null : shown.turn);
    app.setAttribute("data-position", JSON.stringify(Rules.toJSON(shown)));
    var code = field("code");  // the position set up, as its code, while the reader is not writing one
    if (valid && document.activeElement !== code) { code.value = Rules.toCode(setup); }
    var buttons = points.querySelectorAll("button[data-point]");
    for (var i = 0; i < buttons.length; i += 1) {
      var point = Number(buttons[i].getAttribute("data-point")), v = shown.board[point - 1];
      var what = !v ? words.empty : fill(words[v > 0 ? "whiteCount" : "blackCount"], { count: Math.abs(v) });
      if (shown.pinned.indexOf(point) >= 0) { what += ", " + words[v > 0 ? "pinnedBlack" : "pinnedWhite"]; }
      buttons[i].setAttribute("aria-label", fill(words.point, { point: point, checkers: what }));
      /** @type {HTMLButtonElement} */ (buttons[i]).disabled = mode !== "setup";
    }
  }

  var status = q("[data-status]");
  /** Say something under the board (the setup's problems stay listed with it). @param {string} text */
  function message(text) { showStatus(text); }

  /** @param {string} said */
  function showStatus(said) {
    var lines = [fill(words.countWhite, { count: total(setup, "white") }) + " · " + fill(words.countBlack, { count: total(setup, "black") })];
    var wrong = problems();
    status.replaceChildren();
    lines.concat(wrong, said ? [said] : []).forEach(function (line, i) {
      var p = document.createElement("p");
      p.textContent = line;
      if (i > 0 && i <= wrong.length) { p.className = "ed-wrong"; }
      status.appendChild(p);
    });
    if (!wrong.length && !said && mode === "setup") {
      var ready = document.createElement("p");
      ready.textContent = words.ready;
      status.appendChild(ready);
    }
    app.toggleAttribute("data-invalid", wrong.length > 0);
  }

  /** The steps, each with its play in words and its caption's field. */
  function stepList() {
    var list = q("[data-steps]");
    list.replaceChildren();
    steps.forEach(function (step, i) {
      var item = document.createElement("li"), line = document.createElement("p"), label = document.createElement("label");
      var area = document.createElement("textarea"), roll = step.dice[0] + "–" + step.dice[1], black = step.side === "black";
      item.setAttribute("data-position", JSON.stringify(Rules.toJSON(step.position)));
      line.className = "ed-play";
      line.textContent = step.play
        ? fill(words[black ? "playedBlack" : "playedWhite"], { roll: roll, play: step.play.notation, board: black ? Rules.boardMoves("black", step.play.moves, words.off) : "" })
        : fill(words[black ? "passBlack" : "passWhite"], { roll: roll });
      area.id = "ed-caption-" + (i + 1);
      area.name = "caption-" + (i + 1);
      area.rows = 2;
      area.value = step.caption;
      area.addEventListener("input", function () { step.caption = area.value; later(); });
      label.htmlFor = area.id;
      label.textContent = fill(words.captionOf, { step: i + 1 });
      item.append(line, label, area);
      list.appendChild(item);
    });
  }

  /** @param {string} to @returns {string} what to say: why the moves cannot be played yet */
  function setMode(to) {
    var said = "";
    if (to === "moves" && problems().length) { said = words.fixFirst; to = "setup"; }
    mode = to;
    app.setAttribute("data-mode", mode);
    ["setup", "moves"].forEach(function (name) {
      q("[data-action='" + name + "']").setAttribute("aria-pressed", String(name === mode));
      q("[data-panel='" + name + "']").hidden = name !== mode;
    });
    return said;
  }

  // -- the outputs ------------------------------------------------------------------------------------

  /** @param {string} text a TOML string (JSON's escapes are TOML's) */
  function quoted(text) { return JSON.stringify(text.replace(/\s+/g, " ").trim()); }

  /** The id of the diagram opened last (a source, a link), kept as it was. */
  var givenId = "";
  function id() {
    if (givenId) { return givenId; }
    var slug = field("title").value.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40).replace(/-+$/, "");
    return /^[a-z]/.test(slug) ? slug : "my-diagram";
  }

  function captionTexts() {
    return [/** @type {HTMLTextAreaElement} */ (q("[name='caption-0']")).value].concat(steps.map(function (s) { return s.caption; }));
  }

  /** The source for build.py diagram (and the link): captions in this page's language. */
  function source() {
    var title = field("title").value.trim(), out = [
      'id = "' + id() + '"', 'rules = "' + ruleSet() + '"', "start = " + quoted(Rules.toCode(setup))];
    if (title) { out.push("title = { " + lang + " = " + quoted(title) + " }"); }
    steps.forEach(function (step) {
      out.push("", "[[steps]]", 'roll = "' + step.dice.join("-") + '"', "play = " + quoted(step.play ? step.play.notation : ""));
    });
    var said = captionTexts().map(function (text, i) { return text.trim() ? (i ? String(i) : "start") + " = " + quoted(text) : ""; }).filter(Boolean);
    if (said.length) { out.push("", "[captions." + lang + "]"); out = out.concat(said); }
    return out.join("\n") + "\n";
  }

  /** The same diagram as a MkDocs fence (a caption in each step; no title there). */
  function fence() {
    var texts = captionTexts(), out = ["```plakoto " + id()];
    if (ruleSet() !== "plakoto") { out.push('rules = "' + ruleSet() + '"'); }
    out.push("start = " + quoted(Rules.toCode(setup)));
    if (texts[0].trim()) { out.push("caption = " + quoted(texts[0])); }
    steps.forEach(function (step, i) {
      out.push("", "[[steps]]", 'roll = "' + step.dice.join("-") + '"', "play = " + quoted(step.play ? step.play.notation : ""));
      if (texts[i + 1].trim()) { out.push("caption = " + quoted(texts[i + 1])); }
    });
    return out.concat(["```"]).join("\n") + "\n";
  }

  /** @param {string} text @returns {Promise<string>} "#1." and the text deflated (zlib) in base64url */
  function pack(text) {
    var stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      var bytes = new Uint8Array(buffer), binary = "";
      for (var i = 0; i < bytes.length; i += 1) { binary += String.fromCharCode(bytes[i]); }
      return "#1." + btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    });
  }

  /** @param {string} hash @returns {Promise<string>} the text a "#1." fragment carries (rejected when damaged) */
  function unpack(hash) {
    var found = /^#1\.([A-Za-z0-9_-]+)$/.exec(hash);
    if (!found) { return Promise.reject(new Error("not a diagram link")); }
    var text = found[1], binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i += 1) { bytes[i] = binary.charCodeAt(i); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer().then(function (buffer) { return new TextDecoder("utf-8", { fatal: true }).decode(buffer); });
  }

  /** @param {string} kind @param {string} text */
  function output(kind, text) { /** @type {HTMLTextAreaElement} */ (q("[data-output='" + kind + "']")).value = text; }

  var preview = q("[data-preview]"), version = 0;
  /** Whether the preview opens at the last step next time (a step was added, a diagram opened). */
  var showLast = false;
  /** Everything drawn from the diagram: the preview, the four texts, the page's address. */
  function outputs() {
    var mine = version += 1, before = preview.querySelector("plakoto-diagram");
    var step = showLast ? steps.length : Math.min(steps.length, Number(before && before.getAttribute("data-step")) || 0);
    showLast = false;
    preview.replaceChildren();
    if (problems().length) { ["link", "iframe", "toml", "fence"].forEach(function (kind) { output(kind, ""); }); return; }
    var text = source(), pre = document.createElement("pre");
    pre.className = "plakoto";
    pre.setAttribute("data-lang", lang);
    pre.setAttribute("data-step", String(step));
    pre.textContent = text;
    preview.appendChild(pre);
    Viewer.render(pre);
    output("toml", text);
    output("fence", fence());
    pack(text).then(function (hash) {
      if (mine !== version) { return; }
      var view = /index\.html$/.test(location.pathname) ? "../embed/view/index.html" : "../embed/view/";
      var link = new URL(view, location.href).href.replace(/#.*$/, "") + hash;
      var title = field("title").value.trim() || words.untitled;
      output("link", link);
      output("iframe", '<div style="container-type:inline-size;max-width:560px"><iframe src="' + link.replace(/&/g, "&amp;").replace(/"/g, "&quot;") +
        '" width="560" height="' + (FRAME_EXTRA + 488) + '" title="' + title.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;") +
        '" loading="lazy" style="display:block;width:100%;height:calc(87.0861cqw + ' + FRAME_EXTRA + 'px);border:0"></iframe></div>');
      history.replaceState(null, "", hash);
    });
  }
  /** What the view page adds to the 87.0861cqw of the snippet's board at any width: the title, a
   * play's sentence and a caption of two or three lines, the controls (measured at 360 and
   * 560 pixels; a longer caption scrolls inside the frame). */
  var FRAME_EXTRA = 290;

  var timer = 0;
  /** Draw the outputs again soon (typing a caption). */
  function later() { clearTimeout(timer); timer = window.setTimeout(outputs, 250); }

  /** After any change of the position or the steps. @param {string} said */
  function changed(said) {
    drawBoard();
    playList();
    showStatus(said);
    outputs();
  }

  /** @param {string} kind */
  function copy(kind) {
    var box = /** @type {HTMLTextAreaElement} */ (q("[data-output='" + kind + "']"));
    var failed = function () { box.focus(); box.select(); message(words.copyFailed); };
    if (!box.value) { return; }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(box.value).then(function () { message(words.copied); }, failed);
    } else { failed(); }
  }

  // -- wiring ------------------------------------------------------------------------------------------

  app.addEventListener("click", function (event) {
    var target = /** @type {HTMLElement} */ (event.target).closest("button");
    if (!target || !app.contains(target)) { return; }
    var action = target.getAttribute("data-action"), point = target.getAttribute("data-point");
    if (point) { tap(Number(point)); }
    else if (action === "setup" || action === "moves") { changed(setMode(action)); }
    else if (action === "opening") { begin(Rules.start(chosen("turn") === "black" ? "black" : "white"), ""); }
    else if (action === "clear") { begin({ board: new Array(24).fill(0), pinned: [], off: { white: 0, black: 0 }, turn: setup.turn }, ""); }
    else if (action === "code") { fromCode(); }
    else if (action === "paste") { openPasted(); }
    else if (action === "play") { addStep(false); }
    else if (action === "write") { addStep(true); }
    else if (action === "undo") { steps.pop(); stepList(); changed(""); }
    else if (action === "copy") { copy(target.getAttribute("data-copy") || ""); }
  });
  app.addEventListener("change", function (event) {
    var name = /** @type {HTMLInputElement} */ (event.target).name;
    if (name === "turn" || name === "rules" || /^off-/.test(name)) { readForm(); }
    else if (/^die/.test(name)) { playList(); }
  });
  app.addEventListener("input", function (event) {
    var name = /** @type {HTMLInputElement} */ (event.target).name;
    if (name === "title" || name === "caption-0") { later(); }
  });
  ["code", "written"].forEach(function (name) {
    field(name).addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); if (name === "code") { fromCode(); } else { addStep(true); } }
    });
  });

  app.hidden = false;
  writeForm(setup);
  setMode("setup");
  if (/^#1\./.test(location.hash)) {
    changed("");
    unpack(location.hash).then(openSource, function () { message(words.damaged); });
  } else {
    changed("");
  }
}());
