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
from plakoto_site.content.memo import Memo, remembered
from plakoto_site.engine import OFF, Move, Side
from plakoto_site.i18n.words import Words

from . import svg
from .escaping import script_json


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
        not_yet = position.bear_off_refusal(side) if node.numbers else None
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
            "f": plain.refusal(not_yet) if not_yet else "",
        })
    return {"side": side.value, "nodes": nodes}


def _board_buttons(words: Words, side: Side) -> Markup:
    """The interactive board: 24 point buttons in the board's layout, and the tray."""
    def button(point: int) -> Markup:
        return Markup('<button type="button" class="xpt{top}" data-point="{p}" aria-label="{label}">'
                      '<span class="xnum" data-n="{p}"></span><span class="xstack"></span></button>').format(
            top=" xtop" if point >= 13 else "", p=point,
            # TRANSLATORS: Exercises: what screen readers call each point of the board the reader
            # plays on (board numbering).
            label=words.gettext("Point %(point)s") % {"point": point})
    top = Markup("").join(button(p) for p in range(13, 19)) + Markup('<span class="xbar"></span>') + Markup(
        "").join(button(p) for p in range(19, 25))
    bottom = Markup("").join(button(p) for p in range(12, 6, -1)) + Markup('<span class="xbar"></span>') + Markup(
        "").join(button(p) for p in range(6, 0, -1))
    # TRANSLATORS: Exercises: the button beside the board that bears the chosen checker off.
    tray = words.gettext("Bear off")
    return Markup(
        '<div class="xboard" role="group" aria-label="{label}" hidden>'
        '<div class="xrow">{top}</div><div class="xrow">{bottom}</div>'
        '<button type="button" class="xoff" data-point="off">{tray}</button></div>'
    ).format(
        # TRANSLATORS: Exercises: read by screen readers when the reader reaches the board.
        label=words.gettext("Board: choose a checker, then where it goes"),
        top=top, bottom=bottom, tray=tray)


def _question(exercise: Exercise, words: Words) -> tuple[Markup, str]:
    """Answer controls for a question, and the engine's answer as the value to match."""
    name = f"{exercise.id}-choice"
    if exercise.question == "pips":
        field = Markup('<label>{label} <input type="number" inputmode="numeric" min="0" max="375" name="{name}"></label>').format(
            # TRANSLATORS: Exercises: the label of the box where the reader types a pip count.
            label=words.gettext("Pips:"), name=name)
        return field, str(exercise.answer)
    if exercise.question == "can-bear-off":
        choices = [
            # TRANSLATORS: Exercises: an answer to a yes-or-no question ("Can White bear off?").
            ("yes", words.gettext("Yes")),
            # TRANSLATORS: Exercises: an answer to a yes-or-no question ("Can White bear off?").
            ("no", words.gettext("No")),
        ]
        value = "yes" if exercise.answer else "no"
    else:
        choices = [
            # TRANSLATORS: Exercises: one of the answers to "What happens?" (also the next five).
            ("white-1", words.gettext("White wins 1 point")),
            # TRANSLATORS: Exercises: one of the answers to "What happens?".
            ("white-2", words.gettext("White wins 2 points")),
            # TRANSLATORS: Exercises: one of the answers to "What happens?".
            ("black-1", words.gettext("Black wins 1 point")),
            # TRANSLATORS: Exercises: one of the answers to "What happens?".
            ("black-2", words.gettext("Black wins 2 points")),
            # TRANSLATORS: Exercises: one of the answers to "What happens?" (both mothers pinned).
            ("draw", words.gettext("A draw, no points")),
            # TRANSLATORS: Exercises: one of the answers to "What happens?".
            ("goes-on", words.gettext("The game goes on")),
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


def exercise_html(exercise: Exercise, texts: Mapping[str, Markup], words: Words, number: int,
                  memo: Memo | None = None) -> Markup:
    """One exercise: prompt, board, controls and feedback, and the answer for readers without JS
    (kept in the build state ``memo`` while nothing it shows changed)."""
    key = (exercise.path.as_posix(), exercise.digest, tuple(sorted((k, str(v)) for k, v in texts.items())),
           words.language.code, words.fingerprint, number)
    return remembered(memo, "exercises", key, lambda: _exercise_html(exercise, texts, words, number, memo))


def _exercise_html(exercise: Exercise, texts: Mapping[str, Markup], words: Words, number: int,
                   memo: Memo | None) -> Markup:
    side = exercise.position.turn
    # TRANSLATORS: Exercises: above the board; %(side)s is "White" or "Black", %(roll)s the
    # roll, such as 6–3.
    to_play = words.gettext("%(side)s to play %(roll)s.")
    roll = words.format(to_play, side=words.side(side), roll=words.roll(exercise.dice)) \
        if exercise.goal != "question" else Markup("")
    plain = Words(words.language, words.translations)
    if exercise.question == "pips":  # the board's own pip line would give the answer away
        infos = (plain.side(Side.WHITE), plain.side(Side.BLACK))
    else:
        infos = (plain.board_info(Side.WHITE, exercise.asked), plain.board_info(Side.BLACK, exercise.asked))
    board = svg.board(
        exercise.asked if exercise.goal == "question" else exercise.position,
        # TRANSLATORS: Exercises: the exercise's label above its question, and its board's title.
        labels=svg.Labels(title=words.gettext("Exercise %(number)s") % {"number": number},
                          white_info=infos[0], black_info=infos[1]),
        dice=exercise.dice if exercise.goal != "question" else None,
        roller=side,
        element_id=f"x-{exercise.id}",
        memo=memo,
    )
    if exercise.goal == "question":
        controls, value = _question(exercise, words)
        interaction = Markup(
            '<form class="xquestion" data-answer="{value}" hidden><fieldset><legend>{legend}</legend>{controls}</fieldset>'
            '<button type="submit" class="xbutton">{check}</button></form>'
        ).format(
            value=value,
            # TRANSLATORS: Exercises: the title of the answers to choose from.
            legend=words.gettext("Your answer"),
            controls=controls,
            # TRANSLATORS: Exercises: the button that checks the chosen answer.
            check=words.gettext("Check"))
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
        ).format(
            board=_board_buttons(words, side),
            # TRANSLATORS: Exercises: the button that takes back the last move.
            undo=words.gettext("Undo"),
            # TRANSLATORS: Exercises: the button that takes back every move.
            reset=words.gettext("Start again"),
            # TRANSLATORS: Exercises: the button that opens the answer (also the answer's title).
            reveal=words.gettext("Show the answer"))
        plays = [play.notation() for play in exercise.accepted] or sorted(
            {node.play.notation() for node in exercise.tree if node.play})
        if side is Side.WHITE:
            # TRANSLATORS: Exercises: in the opened answer, before the plays that count as right.
            accepted = words.gettext("Accepted:")
        else:
            # TRANSLATORS: Exercises: in the opened answer, before the plays that count as right,
            # when Black is to play: they are written in Black's own numbering.
            accepted = words.gettext("Accepted, in Black's numbering:")
        solution = Markup('<p class="xsolution">{label} {plays}</p>').format(
            label=accepted,
            plays=Markup(", ").join(Markup('<code class="notation">{}</code>').format(p) for p in plays))
        data = Markup('<script type="application/json" class="xdata">{}</script>').format(
            script_json(tree_data(exercise, words)))
    # The lesson's explanation says why the play is not the best; then the line above it
    # only says what was played, so that nothing is said twice.
    if texts.get("explain"):
        # TRANSLATORS: Exercises: the reader made a legal play that is not the best; the
        # lesson's explanation of why follows, so this line only names the play.
        legal = words.gettext("You played %(play)s.")
    else:
        # TRANSLATORS: Exercises: a legal play that is not the best, when the lesson gives no
        # explanation; the play follows this sentence.
        legal = words.gettext("That is a legal play, but not the best one here.") + " %(play)s"
    if side is Side.WHITE:
        # TRANSLATORS: Exercises: before the moves played so far.
        played = words.gettext("Played so far:")
    else:
        # TRANSLATORS: Exercises: before the moves played so far, when Black is to play: they
        # are written in Black's own numbering.
        played = words.gettext("Played so far, in Black's numbering:")
    ui = {
        # TRANSLATORS: Exercises: the first line under the board, before any move.
        "choose": words.gettext("Choose a checker of yours to move."),
        # TRANSLATORS: Exercises: after the reader chose a checker (board numbering).
        "chosen": words.gettext("Checker on %(point)s chosen: now choose where it goes, or a number."),
        "none": words.no_checker(),
        # TRANSLATORS: Exercises: the reader pressed "Bear off" (the button's own text) before
        # choosing which checker to bear off.
        "off": words.gettext("First choose the checker to bear off, then press Bear off."),
        # TRANSLATORS: Exercises: no number left takes the chosen checker to the chosen point.
        "nowhere": words.gettext("No number you have left moves this checker there."),
        # TRANSLATORS: Exercises: a button under the board: move the chosen checker by this number.
        "move": words.gettext("Move %(number)s"),
        # TRANSLATORS: Exercises: a right answer; for a play, the play follows.
        "solved": words.gettext("Right!"),
        "legal": legal,
        # TRANSLATORS: Exercises: a wrong answer to a question.
        "wrong": words.gettext("Not quite: try again."),
        "played": played,
        # TRANSLATORS: Exercises: before the numbers of the roll not played yet.
        "left": words.gettext("Numbers left:"),
        # TRANSLATORS: Exercises: a badge beside an exercise already solved in this browser.
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
        # TRANSLATORS: Exercises: the exercise's label above its question, and its board's title.
        label=words.gettext("Exercise %(number)s") % {"number": words.number(number)},
        prompt=texts.get("prompt", Markup("")),
        roll=roll,
        svg=Markup(board),
        interaction=interaction,
        explain=texts.get("explain", Markup("")),
        hint=Markup('<details class="xhint"><summary>{}</summary>{}</details>').format(
            # TRANSLATORS: Exercises: the title of the folding hint.
            words.gettext("A hint"), texts["hint"]) if texts.get("hint") else Markup(""),
        # TRANSLATORS: Exercises: the title of the folding answer (also the button that opens it).
        show=words.gettext("Show the answer"),
        solution=solution,
        answer=texts.get("answer", Markup("")),
        data=data,
    )
