"""Exercises as HTML: the question and the board (readable without JavaScript, with the
answer in a ``<details>``), and for the script the engine's whole tree of partial plays
with every refusal already worded — the script walks it and knows no rules.

Contract (see the issue and the browser tests): the root has ``data-plakoto-exercise``,
``data-position``, ``data-dice``, ``data-rules`` and ``data-state``; points are elements
with ``data-point`` (1–24, or ``off``); refusals appear in ``[data-feedback]``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from markupsafe import Markup

from plakoto_site.content.exercises import Exercise
from plakoto_site.engine import OFF, Move, Side
from plakoto_site.i18n.words import Words

from . import svg


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def tree_data(exercise: Exercise, words: Words) -> dict[str, object]:
    """Every node of the play tree, with tries keyed by absolute start point."""
    side = exercise.position.turn
    plain = Words(words.language, words.translations)
    accepted = {play.position for play in exercise.accepted}
    nodes = []
    for node in exercise.tree:
        position = node.position
        tries: dict[str, list[object]] = {}
        for attempt in node.tries:
            start = side.own(attempt.start)
            end: object = "off" if attempt.end == OFF else side.own(attempt.end)
            reason = plain.refusal(attempt.refusal) if attempt.refusal else ""
            move = str(Move.from_own(side, attempt.start, attempt.end, attempt.number, attempt.pins))
            tries.setdefault(str(start), []).append(
                [end, attempt.number, -1 if attempt.child is None else attempt.child, reason, move])
        done = ""
        if node.play is not None:
            done = "accepted" if exercise.goal == "any" or node.play.position in accepted else "legal"
        nodes.append({
            "b": list(position.board),
            "p": sorted(position.pinned),
            "o": [position.white_off, position.black_off],
            "n": list(node.numbers),
            "t": tries,
            "l": {str(info.point): plain.point(position, info.point) for info in position.points()},
            "d": done,
            "y": node.play.notation() if node.play else "",
        })
    return {"side": side.value, "nodes": nodes}


def _board_buttons(words: Words, side: Side) -> Markup:
    """The interactive board: 24 point buttons in the board's layout, and the tray."""
    def button(point: int) -> Markup:
        return Markup('<button type="button" class="xpt{top}" data-point="{p}" aria-label="{label}">'
                      '<span class="xnum" data-n="{p}"></span><span class="xstack"></span></button>').format(
            top=" xtop" if point >= 13 else "", p=point, label=words.gettext("Point %(point)s") % {"point": point})
    top = Markup("").join(button(p) for p in range(13, 19)) + Markup('<span class="xbar"></span>') + Markup(
        "").join(button(p) for p in range(19, 25))
    bottom = Markup("").join(button(p) for p in range(12, 6, -1)) + Markup('<span class="xbar"></span>') + Markup(
        "").join(button(p) for p in range(6, 0, -1))
    tray = words.gettext("Bear off")
    return Markup(
        '<div class="xboard" role="group" aria-label="{label}" hidden>'
        '<div class="xrow">{top}</div><div class="xrow">{bottom}</div>'
        '<button type="button" class="xoff" data-point="off">{tray}</button></div>'
    ).format(label=words.gettext("Board: choose a checker, then where it goes"), top=top, bottom=bottom, tray=tray)


def _question(exercise: Exercise, words: Words) -> tuple[Markup, str]:
    """Answer controls for a question, and the engine's answer as the value to match."""
    name = f"{exercise.id}-choice"
    if exercise.question == "pips":
        field = Markup('<label>{label} <input type="number" inputmode="numeric" min="0" max="375" name="{name}"></label>').format(
            label=words.gettext("Pips:"), name=name)
        return field, str(exercise.answer)
    if exercise.question == "can-bear-off":
        choices = [("yes", words.gettext("Yes")), ("no", words.gettext("No"))]
        value = "yes" if exercise.answer else "no"
    else:
        choices = [
            ("white-1", words.gettext("White wins 1 point")), ("white-2", words.gettext("White wins 2 points")),
            ("black-1", words.gettext("Black wins 1 point")), ("black-2", words.gettext("Black wins 2 points")),
            ("draw", words.gettext("A draw, no points")), ("goes-on", words.gettext("The game goes on")),
        ]
        answer = exercise.answer
        if isinstance(answer, dict):
            value = f"{answer['winner']}-{answer['points']}" if answer["winner"] else "draw"
        else:
            value = "goes-on"
    radios = Markup("").join(
        Markup('<label class="xchoice"><input type="radio" name="{name}" value="{value}"> {label}</label>').format(
            name=name, value=value_, label=label)
        for value_, label in choices
    )
    return radios, value


_DRAWN: dict[tuple[object, ...], Markup] = {}


def exercise_html(exercise: Exercise, texts: Mapping[str, Markup], words: Words, number: int) -> Markup:
    """One exercise: prompt, board, controls and feedback, and the answer for readers without JS
    (kept between builds of ``make serve`` while nothing it shows changed)."""
    key = (exercise.path.read_bytes(), tuple(sorted((k, str(v)) for k, v in texts.items())),
           words.language.code, words.fingerprint, number)
    if key not in _DRAWN:
        if len(_DRAWN) > 2_000:
            _DRAWN.clear()
        _DRAWN[key] = _exercise_html(exercise, texts, words, number)
    return _DRAWN[key]


def _exercise_html(exercise: Exercise, texts: Mapping[str, Markup], words: Words, number: int) -> Markup:
    side = exercise.position.turn
    roll = words.format(words.gettext("%(side)s to play %(roll)s."), side=words.side(side), roll=words.roll(exercise.dice)) \
        if exercise.goal != "question" else Markup("")
    plain = Words(words.language, words.translations)
    if exercise.question == "pips":  # the board's own pip line would give the answer away
        infos = (plain.side(Side.WHITE), plain.side(Side.BLACK))
    else:
        infos = (plain.board_info(Side.WHITE, exercise.asked), plain.board_info(Side.BLACK, exercise.asked))
    board = svg.board(
        exercise.asked if exercise.goal == "question" else exercise.position,
        labels=svg.Labels(title=words.gettext("Exercise %(number)s") % {"number": number},
                          white_info=infos[0], black_info=infos[1]),
        dice=exercise.dice if exercise.goal != "question" else None,
        roller=side,
        element_id=f"x-{exercise.id}",
    )
    if exercise.goal == "question":
        controls, value = _question(exercise, words)
        interaction = Markup(
            '<form class="xquestion" data-answer="{value}" hidden><fieldset><legend>{legend}</legend>{controls}</fieldset>'
            '<button type="submit" class="xbutton">{check}</button></form>'
        ).format(value=value, legend=words.gettext("Your answer"), controls=controls, check=words.gettext("Check"))
        solution = Markup("")
        data = Markup("")
    else:
        interaction = Markup(
            '{board}<p class="xdice" hidden></p>'
            '<div class="xactions" hidden>'
            '<button type="button" class="xbutton" data-do="undo">{undo}</button>'
            '<button type="button" class="xbutton" data-do="reset">{reset}</button>'
            '<button type="button" class="xbutton" data-do="reveal">{reveal}</button></div>'
            '<p class="xmoves" aria-live="polite"></p>'
        ).format(board=_board_buttons(words, side), undo=words.gettext("Undo"), reset=words.gettext("Start again"),
                 reveal=words.gettext("Show the answer"))
        plays = [play.notation() for play in exercise.accepted] or sorted(
            {node.play.notation() for node in exercise.tree if node.play})
        solution = Markup('<p class="xsolution">{label} {plays}</p>').format(
            label=words.gettext("Accepted:"),
            plays=Markup(", ").join(Markup('<code class="notation">{}</code>').format(p) for p in plays))
        data = Markup('<script type="application/json" class="xdata">{}</script>').format(
            Markup(_json(tree_data(exercise, words)).replace("</", "<\\/")))
    ui = {
        "choose": words.gettext("Choose a checker of yours to move."),
        "chosen": words.gettext("Checker on %(point)s chosen: now choose where it goes, or a number."),
        "none": words.gettext("There is no checker of yours on %(point)s."),
        "nowhere": words.gettext("No number you have left moves this checker there."),
        "move": words.gettext("Move %(number)s"),
        "solved": words.gettext("Right!"),
        "legal": words.gettext("That is a legal play, but not the best one here."),
        "wrong": words.gettext("Not quite: try again."),
        "played": words.gettext("Played so far:"),
        "left": words.gettext("Numbers left:"),
        "done": words.gettext("Solved before"),
    }
    return Markup(
        '<section class="exercise" id="exercise-{id}" data-plakoto-exercise="{id}" data-position="{position}"'
        ' data-dice="{dice}" data-rules="{rules}" data-goal="{goal}" data-state="playing" data-ui="{ui}">'
        '<p class="xlabel"><strong>{label}</strong> <span class="xbadge" hidden></span></p>'
        '<div class="xprompt">{prompt}</div><p class="xroll">{roll}</p>'
        '<div class="xstatic">{svg}</div>'
        "{interaction}"
        '<p class="xfeedback" data-feedback aria-live="polite"></p>'
        '<div class="xexplain" hidden>{explain}</div>'
        '{hint}'
        '<details class="xanswer"><summary>{show}</summary>{solution}<div>{answer}</div></details>'
        "{data}</section>"
    ).format(
        id=exercise.id,
        position=_json(exercise.position.to_json()),
        dice=f"{exercise.dice.high}-{exercise.dice.low}",
        rules=exercise.rules.value,
        goal=exercise.goal,
        ui=_json(ui),
        label=words.gettext("Exercise %(number)s") % {"number": words.number(number)},
        prompt=texts.get("prompt", Markup("")),
        roll=roll,
        svg=Markup(board),
        interaction=interaction,
        explain=texts.get("explain", Markup("")),
        hint=Markup('<details class="xhint"><summary>{}</summary>{}</details>').format(
            words.gettext("A hint"), texts["hint"]) if texts.get("hint") else Markup(""),
        show=words.gettext("Show the answer"),
        solution=solution,
        answer=texts.get("answer", Markup("")),
        data=data,
    )
