"""The play page's data: the board's geometry and every sentence the page's script says,
in the page's language.

The script fills the ``%(name)s`` placeholders and sets the text with ``textContent``.
A sentence with a count comes as its catalog forms keyed by CLDR plural category
(:meth:`Words.counted`, under ``plurals``); the browser chooses one by the language's
CLDR rule (``plural()`` in play.js), for any count.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from plakoto_site.engine import Outcome, Reason, Side, Why
from plakoto_site.i18n.words import Words

from .board import geometry

LESSON_OF = {
    Why.NO_CHECKER: "board", Why.PINNED: "pinning", Why.PINNER: "pinning", Why.CLOSED: "moving",
    Why.NOT_HOME: "bearing-off", Why.PIN_STOPS_BEAR_OFF: "bearing-off", Why.HIGHER_POINT: "bearing-off",
    Why.BOTH_NUMBERS: "moving", Why.MORE_NUMBERS: "moving", Why.LARGER_NUMBER: "moving",
    Why.SHORT_OF_WIN: "scoring", Why.DISTANCE: "moving", Why.NO_MOVE: "moving",
}
"""The lesson that explains each rule a try can break."""

COUNTED = (Why.CLOSED, Why.MORE_NUMBERS, Why.SHORT_OF_WIN, Why.DISTANCE)
"""Refusals whose sentence depends on a count: they come under ``plurals``."""


def refusals(words: Words) -> dict[str, str]:
    """Each refusal kind's sentence, but the counted ones (see :func:`plurals`); and
    ``backwards``, the play page's own: a try to move a checker back."""
    found = {why.value: words.refusal_template(why) for why in Why if why not in COUNTED}
    found["backwards"] = words.backwards_template()
    return found


def plurals(words: Words) -> dict[str, dict[str, str]]:
    """Every sentence the script says with a count, as its forms by plural category."""
    _ = words.ngettext
    found = {why.value: words.counted(partial(words.refusal_template, why)) for why in COUNTED}
    found.update({
        "checkersWhite": words.counted(lambda n: words.checkers_template(Side.WHITE, n)),
        "checkersBlack": words.counted(lambda n: words.checkers_template(Side.BLACK, n)),
        "pips": words.counted(words.pips_template),
        "off": words.counted(words.off_template),
        # TRANSLATORS: Play page: the rules and the match score, always on screen. %(rules)s is the
        # rule set's name alone (Plakoto or Tapa) as a label, %(count)s the match length.
        "score": words.counted(lambda n: _("%(rules)s · match to %(count)s point: White %(white)s, Black %(black)s",
                                           "%(rules)s · match to %(count)s points: White %(white)s, Black %(black)s", n)),
    })
    return found


def outcomes(words: Words) -> dict[str, str]:
    """Every way a game can end, keyed ``winner-reason-points`` (``none-blocked-0``)."""
    found = {}
    for side in Side:
        for points in (1, 2):
            found[f"{side.value}-bear-off-{points}"] = words.outcome(Outcome(Reason.BEAR_OFF, side, points))
        found[f"{side.value}-mother-2"] = words.outcome(Outcome(Reason.MOTHER, side, 2))
    for reason in (Reason.BOTH_MOTHERS, Reason.BLOCKED):
        found[f"none-{reason.value}-0"] = words.outcome(Outcome(reason, None, 0))
    return found


def sentences(words: Words) -> dict[str, str]:
    """The script's own sentences, by name."""
    _ = words.gettext
    return {
        # TRANSLATORS: Play page, spoken and shown: the opening roll, one die each; the higher
        # starts with both numbers.
        "openingWhite": _("Opening roll: White %(white)s, Black %(black)s. White starts with %(roll)s."),
        # TRANSLATORS: Play page, spoken and shown: the opening roll, one die each; the higher
        # starts with both numbers.
        "openingBlack": _("Opening roll: White %(white)s, Black %(black)s. Black starts with %(roll)s."),
        # TRANSLATORS: Play page: the game saved in this browser was unreadable or impossible
        # (changed by hand, or by another program), so the page starts a new game instead.
        "savedBroken": _("The saved game was damaged, so a new game starts."),
        # TRANSLATORS: Play page: before a game's first roll.
        "openingPrompt": _("Roll for the opening: one die each, the higher number starts."),
        # TRANSLATORS: Play page: both sides rolled the same number at the opening roll.
        "openingTie": _("Opening roll: both roll %(number)s. Roll again."),
        # TRANSLATORS: Play page, spoken and shown: a side's roll.
        "rolledWhite": _("White rolls %(roll)s."),
        # TRANSLATORS: Play page, spoken and shown: a side's roll.
        "rolledBlack": _("Black rolls %(roll)s."),
        # TRANSLATORS: Play page, spoken and shown: a side's whole play of its turn, in notation.
        "playedWhite": _("White rolls %(roll)s and plays %(play)s."),
        # TRANSLATORS: Play page, spoken and shown. Black's play is in Black's own numbering; the
        # board numbers follow in %(board)s.
        "playedBlack": _("Black rolls %(roll)s and plays %(play)s (board %(board)s)."),
        # TRANSLATORS: Above a board's caption: a step where the roll cannot be played at all.
        "passWhite": _("White rolls %(roll)s and cannot move."),
        # TRANSLATORS: Above a board's caption: a step where the roll cannot be played at all.
        "passBlack": _("Black rolls %(roll)s and cannot move."),
        # TRANSLATORS: Play page: whose turn it is, before the roll.
        "rollWhite": _("White to roll."),
        # TRANSLATORS: Play page: whose turn it is, before the roll.
        "rollBlack": _("Black to roll."),
        # TRANSLATORS: Play page: a checker is chosen; %(targets)s lists the points it may go to.
        "chosen": _("Checker on %(point)s chosen. It can go to %(targets)s."),
        # TRANSLATORS: Play page: put into "It can go to %(targets)s." for bearing off.
        "off": _("off"),
        # TRANSLATORS: Play page: one move made, in board numbers ("13 → 8").
        "moved": _("Moved %(from)s → %(to)s."),
        # TRANSLATORS: Play page: the moves made are a complete play, and more can still be played.
        # "Done" is the button that ends the turn.
        "complete": _("This play is complete: press Done, or go on moving."),
        # TRANSLATORS: Play page: every number of the roll is played; nothing is sent before the
        # reader presses the button "Done".
        "allPlayed": _("Your turn is complete: press Done to send it, or Undo to take a move back."),
        # TRANSLATORS: Play page: Done was pressed on a play that pins the second mother (or blocks
        # the board), which ends the game in a draw. Pressing Done again plays it.
        "drawAsk": _("This play ends the game in a draw. Press Done again to play it, or Undo to take it back."),
        # TRANSLATORS: Play page, against the computer: the reader's roll cannot be played; the
        # roll stays on the board until the reader presses "Done".
        "passYou": _("You rolled %(roll)s: no legal move, so your turn passes. Press Done to go on."),
        # TRANSLATORS: Play page, two players: White's roll cannot be played.
        "passOnWhite": _("White rolled %(roll)s: no legal move, so the turn passes to Black. Press Done to go on."),
        # TRANSLATORS: Play page, two players: Black's roll cannot be played.
        "passOnBlack": _("Black rolled %(roll)s: no legal move, so the turn passes to White. Press Done to go on."),
        # TRANSLATORS: Play page, said after a play: a checker was pinned (board numbering).
        "pinnedWhite": _("A white checker is now pinned on %(point)s."),
        # TRANSLATORS: Play page, said after a play: a checker was pinned (board numbering).
        "pinnedBlack": _("A black checker is now pinned on %(point)s."),
        # TRANSLATORS: Play page against the computer, said after its play: it pinned one of the
        # reader's checkers (board numbering).
        "pinnedYouByWhite": _("White pinned your checker on %(point)s."),
        # TRANSLATORS: Play page against the computer, said after its play: it pinned one of the
        # reader's checkers (board numbering).
        "pinnedYouByBlack": _("Black pinned your checker on %(point)s."),
        # TRANSLATORS: Play page against the computer, said after a play: the checker pinning the
        # reader's checker left, so it can move again (board numbering).
        "freedYou": _("Your checker on %(point)s is free again."),
        # TRANSLATORS: Play page, said after a play: White's last checker on its starting point
        # (the mother) was pinned.
        "motherPinnedWhite": _("White's mother is now pinned."),
        # TRANSLATORS: Play page, said after a play: Black's last checker on its starting point
        # (the mother) was pinned.
        "motherPinnedBlack": _("Black's mother is now pinned."),
        # TRANSLATORS: Play page, said after a play: the pinning checker left, so the pinned
        # checker can move again (board numbering).
        "freedWhite": _("The white checker on %(point)s is free again."),
        # TRANSLATORS: Play page, said after a play: the pinning checker left, so the pinned
        # checker can move again (board numbering).
        "freedBlack": _("The black checker on %(point)s is free again."),
        # TRANSLATORS: Play page: the computer is choosing its play.
        "thinking": _("The computer is thinking…"),
        # TRANSLATORS: Play page: the suggestion of the Hint button, in notation.
        "hint": _("Suggested play: %(play)s."),
        # TRANSLATORS: Play page: the end of a match.
        "matchWhite": _("White wins the match, %(white)s to %(black)s."),
        # TRANSLATORS: Play page: the end of a match.
        "matchBlack": _("Black wins the match, %(black)s to %(white)s."),
        # TRANSLATORS: Play page, beside the board against the computer: the reader's colour.
        "youWhite": _("You are White."),
        # TRANSLATORS: Play page, beside the board against the computer: the reader's colour.
        "youBlack": _("You are Black."),
        # TRANSLATORS: Play page, beside the board: two people play on one device.
        "youBoth": _("Two players: White and Black take turns on this device."),
        # TRANSLATORS: Play page, replaying the record: the caption of step 0, before the first play.
        "replayStart": _("The start of the game, before the first play."),
        # TRANSLATORS: Play page: after a game of a match that goes on.
        "nextGame": _("Press “Next game” to play on."),
        # TRANSLATORS: Drawn on the board, between the two rows, beside a white checker: whose
        # turn it is (the dice drawn are the roll just played by the other side). Short.
        "turnWhite": _("White to play"),
        # TRANSLATORS: Drawn on the board, between the two rows, beside a black checker: whose turn
        # it is (the dice drawn are the roll just played by the other side). Short.
        "turnBlack": _("Black to play"),
        "lessonPlayedWhite": words.played_template(Side.WHITE),
        "lessonPlayedBlack": words.played_template(Side.BLACK),
        "infoWhite": words.info_template(Side.WHITE),
        "infoBlack": words.info_template(Side.BLACK),
        # TRANSLATORS: A board's text alternative, one line per occupied point.
        "point": _("Point %(point)s: %(checkers)s."),
        # TRANSLATORS: A board's text alternative, one line per occupied point: a pinned checker
        # lies under the owner's.
        "pointOverBlack": _("Point %(point)s: %(checkers)s, with a black checker pinned beneath."),
        # TRANSLATORS: A board's text alternative, one line per occupied point: a pinned checker
        # lies under the owner's.
        "pointOverWhite": _("Point %(point)s: %(checkers)s, with a white checker pinned beneath."),
        # TRANSLATORS: Play page: the label of an empty point, for screen readers.
        "pointEmpty": _("Point %(point)s: empty."),
        # TRANSLATORS: Play page: the label of the trays, for screen readers.
        "trays": _("Borne off: White %(white)s, Black %(black)s."),
        # TRANSLATORS: Play page: a link after a refused try, to the lesson on that rule.
        "why": _("Read the rule"),
        # TRANSLATORS: Play page: after "Copy the game" or "Copy this position…".
        "copied": _("Copied. The text is also below."),
        # TRANSLATORS: Play page: the browser did not allow copying.
        "copyFailed": _("Copying is not allowed here: select the text below and copy it."),
        # TRANSLATORS: Play page: the title of a diagram source made from the game's position.
        "diagramTitle": _("A position from a game of Plakoto"),
        # TRANSLATORS: Play page: the caption of a diagram source made from the game's position.
        "diagramCaption": _("The position after move %(move)s."),
        # TRANSLATORS: Play page: the first line of a copied game record. %(rules)s is the rule
        # set's name alone (Plakoto or Tapa): where the name would need a case, make it a label
        # ("Record: %(rules)s").
        "recordTitle": _("A game of %(rules)s"),
        # TRANSLATORS: Play page: the number chosen to play with the chosen checker.
        "number": _("Play %(number)s"),
        "white": words.side(Side.WHITE),
        "black": words.side(Side.BLACK),
        "toPlayWhite": words.to_play(Side.WHITE),
        "toPlayBlack": words.to_play(Side.BLACK),
    }


def play_data(words: Words, lesson_href: Mapping[str, str], rules_names: Mapping[str, str]) -> dict[str, Any]:
    """Everything ``play.js`` reads from the page, under readable keys."""
    return {
        "board": geometry(),
        "words": sentences(words),
        "refusals": refusals(words),
        "outcomes": outcomes(words),
        "plurals": plurals(words),
        "rules": dict(rules_names),
        "lessons": {kind: lesson_href[slug] for kind, slug in [*((why.value, slug) for why, slug in LESSON_OF.items()),
                                                               ("backwards", "moving")] if slug in lesson_href},
        "motherLesson": lesson_href.get("mother", ""),
    }
