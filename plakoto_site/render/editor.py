"""The board editor's data: the board's geometry and every sentence the page's script says,
in the page's language (templates/assets/editor.js fills the ``%(name)s`` placeholders and
sets the text with ``textContent``).

The sentences avoid counted nouns ("White's checkers come to %(count)s"), so one form
serves every count in every language."""

from __future__ import annotations

from typing import Any

from plakoto_site.engine import Side
from plakoto_site.i18n.words import Words

from .board import geometry


def sentences(words: Words) -> dict[str, str]:
    """The script's own sentences, by name."""
    _ = words.gettext
    return {
        # TRANSLATORS: Board editor, under the board: how many checkers White has in all (on the
        # board, pinned and borne off). A label, so that it reads right for any number.
        "countWhite": _("White's checkers: %(count)s of 15"),
        # TRANSLATORS: Board editor, under the board: how many checkers Black has in all.
        "countBlack": _("Black's checkers: %(count)s of 15"),
        # TRANSLATORS: Board editor: why the position cannot be used yet.
        "wrongWhite": _("White's checkers (on the board, pinned and borne off) come to %(count)s, "
                        "but each side has exactly 15: add or take away checkers."),
        # TRANSLATORS: Board editor: why the position cannot be used yet.
        "wrongBlack": _("Black's checkers (on the board, pinned and borne off) come to %(count)s, "
                        "but each side has exactly 15: add or take away checkers."),
        # TRANSLATORS: Board editor: the pinned-checker tool on an empty point.
        "pinEmpty": _("A pinned checker lies under the other side's checkers: put checkers on point %(point)s first."),
        # TRANSLATORS: Board editor: a side's checkers all placed; the tap would add a 16th.
        "full": _("That side already has 15 checkers. Take one away first, or lower its borne-off count."),
        # TRANSLATORS: Board editor: before the engine's own sentence (in English) on a position
        # it refuses.
        "engine": _("The rules engine refuses this position:"),
        # TRANSLATORS: Board editor: the position is a finished game: no move can be played.
        "over": _("The game is already over in this position, so no move can be played from it."),
        # TRANSLATORS: Board editor: the setup is complete and valid.
        "ready": _("The position is ready. Go on to “2. Play moves”, or copy it as it is."),
        # TRANSLATORS: Board editor: the "Play moves" stage cannot open while the setup is wrong.
        "fixFirst": _("Put the position right first: moves can only be played from a correct position."),
        # TRANSLATORS: Board editor: before the engine's message (in English) on a position code
        # it cannot read.
        "badCode": _("This position code cannot be read:"),
        # TRANSLATORS: Board editor: the pasted text is none of the three things the box takes.
        "badPaste": _("This text is not a game from the play page, a diagram source or a diagram link."),
        # TRANSLATORS: Board editor: a pasted game record whose %(step)s-th play does not fit the
        # game so far. %(reason)s is the engine's sentence, in English.
        "badRecord": _("Play %(step)s of this game cannot be replayed: %(reason)s"),
        # TRANSLATORS: Board editor: before the engine's message (in English) about a pasted
        # diagram source with a mistake.
        "badSource": _("This diagram has a mistake and cannot be opened:"),
        # TRANSLATORS: Board editor: the diagram link pasted, or in the address, was cut short or changed.
        "damaged": _("This link's diagram is damaged."),
        # TRANSLATORS: Board editor: after a game, a source or a link was opened.
        "opened": _("Opened: %(count)s steps. Step through them in the preview."),
        # TRANSLATORS: Board editor: after a play was added as a step.
        "added": _("Step %(step)s added."),
        # TRANSLATORS: Board editor: before the engine's sentence (in English) on a written play it refuses.
        "refused": _("This play is not allowed:"),
        # TRANSLATORS: Board editor: a change to the position that the steps played no longer fit.
        "dropped": _("Step %(step)s no longer fits the position: it was taken back, with the steps after it."),
        # TRANSLATORS: Board editor, in the list of legal plays: the roll cannot be played at all.
        "pass": _("No legal move: the turn passes"),
        # TRANSLATORS: Board editor: the label of a step's caption field.
        "captionOf": _("Caption of step %(step)s"),
        # TRANSLATORS: Board editor: after a Copy button.
        "copied": _("Copied."),
        # TRANSLATORS: Board editor: the browser did not allow copying; the text is selected in its box.
        "copyFailed": _("Copying is not allowed here: the text is selected in its box, copy it from there."),
        # TRANSLATORS: Board editor: the title the diagram gets when the author gives none.
        "untitled": _("A Plakoto position"),
        # TRANSLATORS: Board editor: a point's button, for screen readers; %(checkers)s is what lies on it.
        "point": _("Point %(point)s: %(checkers)s"),
        # TRANSLATORS: Board editor: put into "Point %(point)s: %(checkers)s" for an empty point.
        "empty": _("empty"),
        # TRANSLATORS: Board editor: put into "Point %(point)s: %(checkers)s"; a label, for any number.
        "whiteCount": _("white checkers: %(count)s"),
        # TRANSLATORS: Board editor: put into "Point %(point)s: %(checkers)s"; a label, for any number.
        "blackCount": _("black checkers: %(count)s"),
        # TRANSLATORS: Board editor: put into "Point %(point)s: %(checkers)s", after the owner's checkers.
        "pinnedWhite": _("with a white checker pinned beneath"),
        # TRANSLATORS: Board editor: put into "Point %(point)s: %(checkers)s", after the owner's checkers.
        "pinnedBlack": _("with a black checker pinned beneath"),
        # The play page's sentences, for a step of the list.
        "playedWhite": _("White rolls %(roll)s and plays %(play)s."),
        "playedBlack": _("Black rolls %(roll)s and plays %(play)s (board %(board)s)."),
        "passWhite": _("White rolls %(roll)s and cannot move."),
        "passBlack": _("Black rolls %(roll)s and cannot move."),
        "off": _("off"),
        "turnWhite": _("White to play"),
        "turnBlack": _("Black to play"),
        "infoWhite": words.info_template(Side.WHITE),
        "infoBlack": words.info_template(Side.BLACK),
    }


def editor_data(words: Words, rules: dict[str, str]) -> dict[str, Any]:
    """Everything the editor's script needs: the board's measures, its sentences, and the
    rule sets' names (a pasted game record names its rule set in the page's language)."""
    return {"geometry": geometry(), "words": sentences(words), "rules": rules,
            "plurals": {"pips": words.counted(words.pips_template), "off": words.counted(words.off_template)}}
