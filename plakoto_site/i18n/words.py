"""The engine's facts in words, in the page's language.

Every sentence is a whole message in the catalog (one for White, one for Black), so a
translator can order words as the language needs and never retypes notation: the play,
the roll and the numbers come from the engine and are put into the placeholders.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from markupsafe import Markup, escape

from plakoto_site.engine import OFF, Dice, Move, Outcome, Play, Position, Reason, Side
from plakoto_site.engine.refusals import Refusal, Why

from .languages import Language, plural_samples

if TYPE_CHECKING:
    from babel.support import NullTranslations


@dataclass(frozen=True)
class Words:
    """Sentences about positions and plays for one language."""

    language: Language
    translations: NullTranslations
    markup: bool = False
    """Return HTML-safe :class:`Markup`, with notation in ``<code>``."""

    fingerprint: str = ""
    """Identifies the catalog's content (:func:`plakoto_site.i18n.catalogs.compiled`), for
    work kept between builds; ``""`` for no catalog."""

    def format(self, template: str, **values: str) -> str:
        if not self.markup:
            return template % values
        safe = {key: escape(value) for key, value in values.items()}
        if "play" in safe:
            safe["play"] = Markup(f'<code class="notation">{safe["play"]}</code>')
        # Every value is escaped above: plain str formatting of the escaped template gives
        # what Markup's % would, without its escaping helper around each value.
        return Markup(str(escape(template)) % safe)

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.translations.ngettext(singular, plural, count)

    def number(self, value: int) -> str:
        return self.language.number(value)

    def counted(self, template: Callable[[int], str]) -> dict[str, str]:
        """A sentence with a count, for the browser: ``template(n)`` (a catalog sentence
        chosen by ``ngettext``) for each CLDR plural category of the language, keyed by the
        category (``one``, ``few``, ``many``, ``other``). The page chooses among them with
        ``Intl.PluralRules``, the same CLDR rule (``plural()`` in play.js)."""
        return {category: template(n) for category, n in plural_samples(self.language.code).items()}

    def roll(self, dice: Dice) -> str:
        return f"{dice.high}–{dice.low}"

    # -- sides and plays ----------------------------------------------------------------

    def side(self, side: Side) -> str:
        if side is Side.WHITE:
            # TRANSLATORS: A side's name, put into other sentences ("%(side)s to play 6–5." above an
            # exercise).
            return self.gettext("White")
        # TRANSLATORS: A side's name, put into other sentences ("%(side)s to play 6–5." above an
        # exercise).
        return self.gettext("Black")

    def played(self, play: Play) -> str:
        """``Black rolls 3–1 and plays 1 → 2, 1 → 4 (written 24/23 24/21 in Black's
        numbering).``: the moves as the reader sees them on the board (:meth:`board_moves`),
        then the notation, which RULES.md writes in the mover's own numbering."""
        return self.format(self.played_template(play.side), roll=self.roll(play.dice),
                           moves=self.board_moves(play.moves), play=play.notation())

    def played_template(self, side: Side) -> str:
        """The sentence of :meth:`played` with its placeholders: the play page's replay fills
        it in the browser."""
        if side is Side.WHITE:
            # TRANSLATORS: Above a board's caption: the roll and the play of this step. %(moves)s
            # are the moves in the numbers printed on the board ("24 → 19, 24 → 18"), %(play)s the
            # same play in notation ("24/19 24/18"); for White both use the same numbers.
            return self.gettext("White rolls %(roll)s and plays %(moves)s (written %(play)s).")
        # TRANSLATORS: Above a board's caption. %(moves)s are the moves in the numbers printed on
        # the board ("1 → 2, 1 → 4"); %(play)s is the notation, written in Black's own numbering
        # (Black's 24 is point 1 of the board): "24/23 24/21".
        return self.gettext("Black rolls %(roll)s and plays %(moves)s (written %(play)s in Black's numbering).")

    def board_moves(self, moves: Sequence[Move]) -> str:
        """A play in the numbers printed on the board: ``1 → 2, 1 → 4``, in the order of its
        notation (the mover's highest point first), so that the two read side by side. A
        checker that goes on is one chain (``1 → 5* → 8``, ``*`` where it pins), the same
        chain twice is written once with its count (``24 → 18 (2)``), and a checker borne off
        goes to "off"."""
        chains: list[list[Move]] = []
        for move in moves:
            going_on = next((chain for chain in reversed(chains) if chain[-1].end == move.start != OFF), None)
            if going_on is None:
                chains.append([move])
            else:
                going_on.append(move)
        chains.sort(key=lambda chain: (-chain[0].own()[0], -chain[-1].own()[1], not chain[-1].pins))
        counted = Counter(" → ".join([self._board_point(chain[0].start, False)] +
                                     [self._board_point(move.end, move.pins) for move in chain])
                          for chain in chains)
        return ", ".join(text if count == 1 else f"{text} ({self.number(count)})" for text, count in counted.items())

    def _board_point(self, point: int, pins: bool) -> str:
        if point == OFF:
            # TRANSLATORS: Where a checker borne off goes, in a play written in board numbers
            # ("6 → off"); also the play page's word for bearing off.
            return self.gettext("off")
        return self.number(point) + ("*" if pins else "")

    def cannot_move(self, side: Side, dice: Dice) -> str:
        if side is Side.WHITE:
            # TRANSLATORS: Above a board's caption: a step where the roll cannot be played at all.
            text = self.gettext("White rolls %(roll)s and cannot move.")
        else:
            # TRANSLATORS: Above a board's caption: a step where the roll cannot be played at all.
            text = self.gettext("Black rolls %(roll)s and cannot move.")
        return self.format(text, roll=self.roll(dice))

    def to_play(self, side: Side) -> str:
        if side is Side.WHITE:
            # TRANSLATORS: End of a board's text alternative, and of the board picture's title:
            # whose turn it is.
            return self.gettext("White to play.")
        # TRANSLATORS: End of a board's text alternative, and of the board picture's title: whose
        # turn it is.
        return self.gettext("Black to play.")

    def turn_mark(self, side: Side) -> str:
        """The words drawn on the board beside a checker of the side to move."""
        if side is Side.WHITE:
            # TRANSLATORS: Drawn on the board, between the two rows, beside a white checker: whose
            # turn it is (the dice drawn are the roll just played by the other side). Short.
            return self.gettext("White to play")
        # TRANSLATORS: Drawn on the board, between the two rows, beside a black checker: whose turn
        # it is (the dice drawn are the roll just played by the other side). Short.
        return self.gettext("Black to play")

    def outcome(self, outcome: Outcome) -> str:
        """The end of the game, who wins and how many points."""
        if outcome.reason is Reason.BOTH_MOTHERS:
            # TRANSLATORS: Under a board at the end of a game, in its text alternative and picture
            # title: the result.
            return self.gettext("Both mothers are pinned: the game is a draw, no points.")
        if outcome.reason is Reason.BLOCKED:
            # TRANSLATORS: Under a board at the end of a game (a blocked board), in its text
            # alternative and picture title.
            return self.gettext("Neither side can ever move again: the game is a draw, no points.")
        if outcome.reason is Reason.MOTHER:
            if outcome.winner is Side.WHITE:
                # TRANSLATORS: Under a board at the end of a game, in its text alternative and
                # picture title: the result.
                return self.gettext("Black's mother is pinned and White has no checker left on its starting point: "
                                    "White wins 2 points.")
            # TRANSLATORS: Under a board at the end of a game, in its text alternative and picture
            # title: the result.
            return self.gettext("White's mother is pinned and Black has no checker left on its starting point: "
                                "Black wins 2 points.")
        if outcome.winner is Side.WHITE:
            # TRANSLATORS: Under a board at the end of a game, in its text alternative and picture
            # title: the result.
            text = self.ngettext(
                "White has borne off all checkers and wins %(count)s point.",
                "White has borne off all checkers and wins %(count)s points.",
                outcome.points,
            )
        else:
            # TRANSLATORS: Under a board at the end of a game, in its text alternative and picture
            # title: the result.
            text = self.ngettext(
                "Black has borne off all checkers and wins %(count)s point.",
                "Black has borne off all checkers and wins %(count)s points.",
                outcome.points,
            )
        return self.format(text, count=self.number(outcome.points))

    # -- the position in words ---------------------------------------------------------

    def checkers(self, side: Side, count: int) -> str:
        return self.checkers_template(side, count) % {"count": self.number(count)}  # plain: it goes into another sentence

    def checkers_template(self, side: Side, count: int) -> str:
        if side is Side.WHITE:
            # TRANSLATORS: Put into "Point %(point)s: %(checkers)s." in a board's text alternative.
            return self.ngettext("%(count)s white checker", "%(count)s white checkers", count)
        # TRANSLATORS: Put into "Point %(point)s: %(checkers)s." in a board's text alternative.
        return self.ngettext("%(count)s black checker", "%(count)s black checkers", count)

    def point(self, position: Position, point: int) -> str:
        """``Point 15: 1 white checker, with a black checker pinned beneath.``"""
        owner = position.owner(point)
        assert owner is not None
        on_top = self.checkers(owner, abs(position.board[point - 1]))
        if point not in position.pinned:
            # TRANSLATORS: A board's text alternative ("The position in words"), one line per
            # occupied point.
            text = self.gettext("Point %(point)s: %(checkers)s.")
        elif owner is Side.WHITE:
            # TRANSLATORS: A board's text alternative, one line per occupied point: a pinned checker
            # lies under the owner's.
            text = self.gettext("Point %(point)s: %(checkers)s, with a black checker pinned beneath.")
        else:
            # TRANSLATORS: A board's text alternative, one line per occupied point: a pinned checker
            # lies under the owner's.
            text = self.gettext("Point %(point)s: %(checkers)s, with a white checker pinned beneath.")
        return self.format(text, point=self.number(point), checkers=on_top)

    def pips(self, position: Position) -> str:
        return self.format(
            # TRANSLATORS: A board's text alternative: the pip counts of both sides.
            self.gettext("Pip count: White %(white)s, Black %(black)s."),
            white=self.number(position.pips(Side.WHITE)),
            black=self.number(position.pips(Side.BLACK)),
        )

    def borne_off(self, position: Position) -> str:
        return self.format(
            # TRANSLATORS: A board's text alternative: how many checkers each side has borne off.
            self.gettext("Borne off: White %(white)s, Black %(black)s."),
            white=self.number(position.white_off),
            black=self.number(position.black_off),
        )

    def step_counter(self, frame: int, frames: int) -> str:
        """``3 / 7``: the frame shown, counted from 1."""
        return self.format(
            # TRANSLATORS: The step counter between a diagram's buttons: step 3 of 7 reads "3 / 7".
            self.gettext("%(step)s / %(steps)s"),
            step=self.number(frame + 1),
            steps=self.number(frames),
        )

    def step_label(self, frame: int, frames: int) -> str:
        return self.format(
            # TRANSLATORS: Start of a board picture's title, for screen readers: "Step 2 of 4. White
            # to play."
            self.gettext("Step %(step)s of %(steps)s"),
            step=self.number(frame + 1),
            steps=self.number(frames),
        )

    def board_info(self, side: Side, position: Position) -> str:
        """The line under the board for one side: ``White: 349 pips, 0 off``."""
        return self.side_info(side, position.pips(side), position.off(side))

    def side_info(self, side: Side, pips: int, off: int) -> str:
        """:meth:`board_info` from the counts."""
        return self.info_template(side) % {"pips": self.pips_template(pips) % {"count": self.number(pips)},
                                           "off": self.off_template(off) % {"count": self.number(off)}}

    def info_template(self, side: Side) -> str:
        if side is Side.WHITE:
            # TRANSLATORS: Under a board picture: White's pip count ("167 pips") and borne-off
            # checkers ("2 off"), each worded by its own plural sentence. Short: drawn in the SVG.
            return self.gettext("White: %(pips)s, %(off)s")
        # TRANSLATORS: Under a board picture: Black's pip count ("167 pips") and borne-off checkers
        # ("2 off"), each worded by its own plural sentence. Short: drawn in the SVG.
        return self.gettext("Black: %(pips)s, %(off)s")

    def pips_template(self, count: int) -> str:
        # TRANSLATORS: Under a board picture, put into "White: %(pips)s, %(off)s": a side's pip
        # count, the pips it needs to bear off every checker. Short.
        return self.ngettext("%(count)s pip", "%(count)s pips", count)

    def off_template(self, count: int) -> str:
        # TRANSLATORS: Under a board picture, put into "White: %(pips)s, %(off)s": how many
        # checkers of that side are borne off (the word "checkers" is understood). Short.
        return self.ngettext("%(count)s off", "%(count)s off", count)

    def board_title(self, position: Position, frame: int, frames: int, outcome: Outcome | None = None) -> str:
        """The SVG's short title: the step and whose turn it is, or, once the game is over,
        the result (nobody is to play then)."""
        then = self.outcome(outcome) if outcome is not None else self.to_play(position.turn)
        return f"{self.step_label(frame, frames)}. {then}"

    def no_checker(self) -> str:
        """The sentence for a point without a checker of the reader's, its ``%(point)s``
        not filled in: a refused move's feedback, and the exercise script's own line."""
        # TRANSLATORS: Exercise feedback, when the reader tries a move the rules refuse or chooses
        # a point without a checker of theirs (board numbering); also what screen readers call an
        # empty point.
        return self.gettext("There is no checker of yours on %(point)s.")

    def refusal(self, refusal: Refusal) -> str:
        """Why a try is refused, in this language; points in absolute numbering."""
        return self.refusal_template(refusal.why, refusal.count) % self.refusal_values(refusal)

    def refusal_values(self, refusal: Refusal) -> dict[str, str]:
        """What fills a refusal's placeholders: ``point`` (for ``higher-point``, the checker
        to move first) and ``end`` in board numbering, ``count``, ``number``, ``roll``."""
        side = refusal.side
        point = refusal.other if refusal.why is Why.HIGHER_POINT else refusal.point
        return {
            "point": self.number(side.own(point)) if point else "",
            "end": self.number(side.own(refusal.end)) if refusal.end else "",
            "count": self.number(refusal.count),
            "number": self.number(refusal.number),
            "roll": self.roll(refusal.dice) if refusal.dice else "",
        }

    def refusal_template(self, why: Why, count: int = 1) -> str:
        """The sentence for a refusal, with ``%(name)s`` placeholders (see
        :meth:`refusal_values`): the play page fills them in the browser."""
        if why is Why.NO_CHECKER:
            return self.no_checker()
        if why is Why.PINNED:
            # TRANSLATORS: Exercise feedback, when the reader tries a move the rules refuse; points
            # in board numbering.
            return self.gettext("The checker on %(point)s is pinned: it cannot move until it is released.")
        if why is Why.CLOSED:
            # TRANSLATORS: Exercise feedback, when the reader tries a move the rules refuse; points
            # in board numbering.
            return self.ngettext("Point %(point)s is closed: %(count)s opposing checker stands there.",
                                 "Point %(point)s is closed: %(count)s opposing checkers stand there.", count)
        if why is Why.PINNER:
            # TRANSLATORS: Exercise feedback, when the reader tries a move the rules refuse; points
            # in board numbering.
            return self.gettext("Point %(point)s is closed: the checker there is pinning one of yours, "
                                "and a pinner cannot be pinned.")
        if why is Why.NOT_HOME:
            # TRANSLATORS: Exercise feedback, when the reader tries a move the rules refuse; points
            # in board numbering. Also when "Bear off" is pressed while a checker is still outside
            # the home board.
            return self.gettext("You cannot bear off yet: the checker on %(point)s is not home.")
        if why is Why.PIN_STOPS_BEAR_OFF:
            # TRANSLATORS: Exercise feedback, when the reader tries a move the rules refuse; points
            # in board numbering. Also when "Bear off" is pressed while a checker of the reader's is
            # pinned.
            return self.gettext("You cannot bear off while a checker of yours is pinned (on %(point)s).")
        if why is Why.HIGHER_POINT:
            # TRANSLATORS: Exercise feedback, when the reader tries a move the rules refuse; points
            # in board numbering.
            return self.gettext("A %(number)s cannot bear off this checker while you have one higher up, on %(point)s.")
        if why is Why.BOTH_NUMBERS:
            # TRANSLATORS: Exercise feedback: the roll is not a double, and the reader's move would
            # leave one number unplayable.
            return self.gettext("Both numbers can be played, so both must be: this move leaves one unplayable.")
        if why is Why.MORE_NUMBERS:
            # TRANSLATORS: Exercise feedback, only after doubles, which are played as four moves of
            # one number (%(number)s).
            return self.ngettext(
                "A double is four moves of %(number)s; only %(count)s of them can be played here, and you must play it.",
                "A double is four moves of %(number)s; %(count)s of them can be played here, and you must play that many.",
                count)
        if why is Why.LARGER_NUMBER:
            # TRANSLATORS: Exercise feedback: only one of the two numbers can be played, and then it
            # must be the larger.
            return self.gettext("Either number could be played, but not both, so the larger one must be played: %(number)s.")
        return self._play_refusal_template(why, count)

    def backwards_template(self) -> str:
        """A try to move a checker backwards (or nowhere): never a negative distance."""
        # TRANSLATORS: Play page feedback: the reader tried to move the chosen checker on
        # %(point)s to a point behind it (or to its own point), %(end)s; board numbering.
        return self.gettext("Checkers move only forward: the checker on %(point)s cannot go back to %(end)s.")

    def _play_refusal_template(self, why: Why, count: int) -> str:
        """Refusals of a whole play rather than of one checker move."""
        if why is Why.SHORT_OF_WIN:
            # TRANSLATORS: Play page feedback: the reader could win with this roll and stopped
            # short; a win counts as using every number (%(count)s is 2, or 4 after a double).
            return self.ngettext("This roll can win the game, and a win counts as using every number: "
                                 "win, or play the %(count)s number.",
                                 "This roll can win the game, and a win counts as using every number: "
                                 "win, or play all %(count)s numbers.", count)
        if why is Why.FALSE_PIN:
            # TRANSLATORS: Feedback on a play written in notation: a * on a landing that pins nothing.
            return self.gettext("The checker landing on %(point)s pins nothing there: leave out the *.")
        if why is Why.DISTANCE:
            # TRANSLATORS: Play page feedback: no numbers of the roll add up to the move tried,
            # forward by %(count)s pips; points in board numbering.
            return self.ngettext("The roll %(roll)s cannot move a checker from %(point)s to %(end)s "
                                 "(%(count)s pip).",
                                 "The roll %(roll)s cannot move a checker from %(point)s to %(end)s "
                                 "(%(count)s pips).", count)
        if why is Why.GAME_ENDED:
            # TRANSLATORS: Feedback: the game ended part-way through a play.
            return self.gettext("The game is over: nothing more can be played.")
        if why is Why.NO_MOVE:
            # TRANSLATORS: Play page feedback: nothing at all can be played with this roll.
            return self.gettext("No move is possible with this roll.")
        if why is Why.UNPLAYABLE:
            # TRANSLATORS: Feedback: the moves tried cannot all be made with the numbers rolled.
            return self.gettext("These moves cannot all be played with this roll.")
        # TRANSLATORS: Feedback: a play the rules do not allow, for none of the usual reasons.
        return self.gettext("That play is not allowed with this roll.")
