"""Why an attempt is wrong, in the page's language: a legal play that is not the answer
(:func:`~plakoto_site.content.reasons.play_reason`) and a wrong pip count
(:func:`~plakoto_site.content.reasons.pip_mistakes`), worded from the catalog."""

from __future__ import annotations

import json

from plakoto_site.content.exercises import Exercise
from plakoto_site.content.reasons import PlayReason, pip_mistakes, pip_terms
from plakoto_site.engine import Side
from plakoto_site.i18n.words import Words


def play_reason_text(reason: PlayReason, words: Words) -> str:
    """One sentence: what this play does that the exercise's goal forbids."""
    n = words.number
    kind = reason.kind
    if kind == "released":
        # TRANSLATORS: Exercises: why a legal play is not the answer (board numbering).
        text = words.gettext("You pinned the opposing checker on %(point)s, then moved the pinner on: "
                             "that checker is free again.")
    elif kind == "free":
        # TRANSLATORS: Exercises: why a legal play is not the answer (board numbering).
        text = words.gettext("The opposing checker on %(point)s is still free: no checker of yours "
                             "stands on it.")
    elif kind == "mother":
        # TRANSLATORS: Exercises: why a legal play is not the answer: one checker is left on the
        # reader's own starting point (board numbering).
        text = words.gettext("Only one of your checkers is left on %(point)s, your starting point: "
                             "a lone mother can be pinned, and that can cost 2 points.")
    elif kind == "off":
        # TRANSLATORS: Exercises: why a legal play is not the answer.
        text = words.ngettext("It bears off %(count)s checker; this roll can bear off %(wanted)s.",
                              "It bears off %(count)s checkers; this roll can bear off %(wanted)s.", reason.count)
    elif kind == "checkers":
        # TRANSLATORS: Exercises: why a legal play is not the answer.
        text = words.ngettext("This play moves %(count)s checker; the answer moves %(wanted)s.",
                              "This play moves %(count)s checkers; the answer moves %(wanted)s.",
                              reason.count)
    elif kind == "lone":
        # TRANSLATORS: Exercises: why a legal play is not the answer; %(points)s lists board
        # points, such as "10, 7".
        text = words.ngettext("It leaves your checker on %(points)s alone, where it can be pinned.",
                              "It leaves your checkers on %(points)s alone, where they can be pinned.",
                              len(reason.points))
    elif kind == "point":
        # TRANSLATORS: Exercises: why a legal play is not the answer (board numbering).
        text = words.gettext("Point %(point)s is not made: a point needs two of your checkers on it.")
    elif kind == "reach":
        # TRANSLATORS: Exercises: why a legal play is not the answer (board numbering).
        text = words.gettext("None of your checkers reaches point %(point)s.")
    else:
        # TRANSLATORS: Exercises: why a legal play is not the answer, in bearing off.
        text = words.ngettext("%(count)s pip of the roll is wasted.", "%(count)s pips of the roll are wasted.",
                              reason.count)
    return text % {"point": n(reason.point), "points": ", ".join(n(p) for p in reason.points),
                   "count": n(reason.count), "wanted": n(reason.wanted)}


def pip_reasons(exercise: Exercise, words: Words) -> dict[str, str]:
    """A wrong pip count's reason, by the count: the mistakes the engine can tell, and
    under ``"high"`` and ``"low"`` the count point by point (``%(value)s`` is the reader's)."""
    position, side = exercise.asked, exercise.side
    n = words.number
    found: dict[str, str] = {}
    for value, (kind, detail) in pip_mistakes(position, side).items():
        if kind == "other":
            # TRANSLATORS: Exercises: why a pip count is wrong.
            text = words.gettext("%(value)s is the other side's pip count.")
        elif kind == "numbering":
            # TRANSLATORS: Exercises: why a pip count is wrong: the reader counted in the other
            # side's numbering.
            text = words.gettext("%(value)s counts with the other side's numbering: a checker counts the "
                                 "number its own side gives its point.")
        elif kind == "pinned":
            # TRANSLATORS: Exercises: why a pip count is wrong (board numbering).
            text = words.gettext("%(value)s leaves out the pinned checker on %(point)s: it counts too.")
        elif kind == "point":
            # TRANSLATORS: Exercises: why a pip count is wrong (board numbering).
            text = words.gettext("%(value)s is one checker short: did you leave out one on point %(point)s?")
        else:
            # TRANSLATORS: Exercises: why a pip count is wrong.
            text = words.gettext("%(value)s counts the checkers borne off: they count nothing.")
        found[str(value)] = text % {"value": n(value), "point": n(detail)}
    terms = ", ".join(
        # TRANSLATORS: Exercises: one term of a pip count point by point: checkers × pips on a
        # board point, such as "3 × 6 (point 6)".
        words.gettext("%(count)s × %(pips)s (point %(point)s)") % {"count": n(count), "pips": n(pips), "point": n(point)}
        for point, count, pips in pip_terms(position, side))
    # TRANSLATORS: Exercises: a pip count too high; the count point by point follows.
    found["high"] = words.gettext("%(value)s is too many. Point by point:") + " " + terms + "."
    # TRANSLATORS: Exercises: a pip count too low; the count point by point follows.
    found["low"] = words.gettext("%(value)s is too few. Point by point:") + " " + terms + "."
    return found


def exercise_sentences(words: Words, explained: bool, side: Side) -> str:
    """What the script says as the reader plays (``data-ui``), as JSON."""
    # The lesson's explanation says why the play is not the best; then the line above it
    # only says what was played, so that nothing is said twice.
    if explained:
        # TRANSLATORS: Exercises: the reader made a legal play that is not the best; the
        # lesson's explanation of why follows, so this line only names the play.
        legal = words.gettext("You played %(play)s.")
    else:
        # TRANSLATORS: Exercises: a legal play that is not the best, when the lesson gives no
        # explanation; the play follows this sentence.
        legal = words.gettext("That is a legal play, but not the best one here.") + " %(play)s"
    if side is Side.WHITE:
        # TRANSLATORS: Exercises: before the moves played so far.
        played = words.gettext("Played so far:") + " %(play)s"
    else:
        # TRANSLATORS: Exercises: the moves played so far when Black is to play: first as the
        # reader sees them on the board (%(board)s, such as "5 → 10, 1 → 3"), then in Black's
        # own numbering (%(play)s, such as "20/15* 24/22").
        played = words.gettext("Played so far: %(board)s (in Black's numbering: %(play)s)")
    return json.dumps({
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
        # TRANSLATORS: Exercises: a badge beside an exercise the reader has just solved.
        "now": words.gettext("Solved"),
        # TRANSLATORS: Exercises: a button under an exercise that goes to the next one on the page.
        "next": words.gettext("Next exercise"),
        # TRANSLATORS: Exercises: read by screen readers before the feedback on a right attempt
        # (the page shows a tick).
        "yes": words.gettext("Right:"),
        # TRANSLATORS: Exercises: read by screen readers before the feedback on a wrong attempt
        # (the page shows a cross).
        "no": words.gettext("Wrong:"),
        # TRANSLATORS: Exercises: the reader pressed Check without choosing or typing an answer.
        "empty": words.gettext("Choose an answer first, then press Check."),
        # TRANSLATORS: Exercises: after "Show the answer" has played the answer on the board;
        # "Start again" is the button's own text.
        "shown": words.gettext("That was the answer. Press Start again to play it yourself."),
        # TRANSLATORS: Exercises: the reader tapped the board after a complete play that is
        # not the answer; "Undo" and "Start again" are the buttons' own texts.
        "complete": words.gettext("This play is complete: press Undo or Start again to try another."),
    }, separators=(",", ":"), ensure_ascii=False)
