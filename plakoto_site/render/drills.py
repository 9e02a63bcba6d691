"""The drills' words: their names, the line that introduces each kind, and each drill's
prompt and answer in the page's language. The exercise itself is drawn as every exercise
is (:func:`~plakoto_site.render.exercises.exercise_html`)."""

from __future__ import annotations

from markupsafe import Markup

from plakoto_site.content.drills import Drill
from plakoto_site.engine import Side
from plakoto_site.i18n.words import Words


def drill_name(kind: str, words: Words) -> str:
    """A kind of drill's name: the title of its pages and of its link on the Practice page."""
    if kind == "pips":
        # TRANSLATORS: Drills: the name of the drill (a title) where the reader counts a side's pips.
        return words.gettext("Count the pips")
    if kind == "legal":
        # TRANSLATORS: Drills: the name of the drill (a title) where the reader says whether a
        # written play is allowed by the rules.
        return words.gettext("Is this play legal?")
    # TRANSLATORS: Drills: the name of the drill (a title) where the reader plays any play the
    # rules allow, on the board.
    return words.gettext("Find a legal play")


def drill_summary(kind: str, words: Words) -> str:
    """One sentence under a kind's name: what the reader does."""
    if kind == "pips":
        # TRANSLATORS: Drills: under "Count the pips" on the Practice page and its own pages.
        return words.gettext("Positions from the middle of games: count the pips of one side, pinned checkers included.")
    if kind == "legal":
        # TRANSLATORS: Drills: under "Is this play legal?" on the Practice page and its own pages.
        return words.gettext("A roll and a play written in notation: say whether the rules allow it, "
                             "then see why.")
    # TRANSLATORS: Drills: under "Find a legal play" on the Practice page and its own pages.
    return words.gettext("A position and a roll from the middle of a game: play any move the rules allow.")


def drill_texts(drill: Drill, words: Words) -> dict[str, Markup]:
    """The prompt, the answer (shown without JavaScript, in "Show the answer") and, for
    ``legal``, the explanation shown once the reader has answered."""
    exercise = drill.exercise
    if drill.kind == "pips":
        count = int(str(exercise.answer))
        if exercise.side is Side.WHITE:
            # TRANSLATORS: Drills: the question of a "Count the pips" drill.
            prompt = words.gettext("How many pips does White have?")
            # TRANSLATORS: Drills: the answer of a "Count the pips" drill.
            answer = words.ngettext("White has %(count)s pip.", "White has %(count)s pips.", count)
            # TRANSLATORS: Drills: the folding hint of a "Count the pips" drill about White.
            hint = words.gettext("Each white checker counts the number of its point: one on 13 is 13 pips. "
                                 "A pinned checker counts too.")
        else:
            # TRANSLATORS: Drills: the question of a "Count the pips" drill.
            prompt = words.gettext("How many pips does Black have?")
            # TRANSLATORS: Drills: the answer of a "Count the pips" drill.
            answer = words.ngettext("Black has %(count)s pip.", "Black has %(count)s pips.", count)
            # TRANSLATORS: Drills: the folding hint of a "Count the pips" drill about Black, whose
            # own numbering is the board's turned round (Black's 24 is the board's 1).
            hint = words.gettext("Black counts in its own numbering: a black checker on point 1 of the board "
                                 "counts 24 pips, one on 20 counts 5. A pinned checker counts too.")
        return {"prompt": _paragraph(prompt), "hint": _paragraph(hint),
                "answer": _paragraph(words.format(answer, count=words.number(count)))}
    if drill.kind == "legal":
        # TRANSLATORS: Drills: the question of an "Is this play legal?" drill; %(roll)s is the
        # roll, such as 6–3, and %(play)s the play in notation, such as 13/7 8/5 (White's
        # numbering, the board's own).
        prompt = words.format(words.gettext("White rolls %(roll)s and plays %(play)s. Is this play legal?"),
                              roll=words.roll(exercise.dice), play=drill.written)
        if drill.refusal is None:
            # TRANSLATORS: Drills: the answer of an "Is this play legal?" drill whose play is legal.
            why = words.gettext("Yes: this play is legal.")
        else:
            # TRANSLATORS: Drills: the answer of an "Is this play legal?" drill whose play is not
            # legal; the reason follows, such as "Point 5 is closed: 2 opposing checkers stand there."
            why = words.gettext("No: this play is not legal.") + " " + words.refusal(drill.refusal)
        if drill.refusal is None:
            # TRANSLATORS: Drills: why "No" is the wrong answer to an "Is this play legal?" drill.
            wrong = {"wrong-no": words.gettext("It is legal: the rules allow each of its moves, and it plays as "
                                               "much of the roll as can be played.")}
        else:
            # TRANSLATORS: Drills: why "Yes" is the wrong answer to an "Is this play legal?" drill;
            # the rules' reason follows.
            wrong = {"wrong-yes": words.gettext("The rules refuse it.") + " " + words.refusal(drill.refusal)}
        return {"prompt": _paragraph(prompt), "answer": _paragraph(why), "explain": _paragraph(why),
                **{key: _paragraph(text) for key, text in wrong.items()}}
    # TRANSLATORS: Drills: the question of a "Find a legal play" drill; the roll is named above it.
    prompt = words.gettext("Find a legal play, and play it on the board.")
    # TRANSLATORS: Drills: in the answer of a "Find a legal play" drill, before the list of plays.
    answer = words.gettext("Any of these plays is right.")
    return {"prompt": _paragraph(prompt), "answer": _paragraph(answer)}


def _paragraph(text: str) -> Markup:
    return Markup("<p>%s</p>") % text
