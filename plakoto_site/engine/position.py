"""Positions you can play from: the board of :class:`~.board.BasePosition`, with its legal
plays and the plays people write, as python-chess's ``Board`` adds moves to its
``BaseBoard``. This is the top of the engine: it only joins what the modules below it
know (the generator in :mod:`.plays`, the reading of notation in :mod:`.notation`).
"""

from __future__ import annotations

from .board import BasePosition
from .dice import Dice
from .errors import EngineError
from .notation import parse_play
from .plays import Play, legal_plays
from .side import RuleSet


class Position(BasePosition):
    """A position: the board (see :class:`~.board.BasePosition`), and every play from it.

    >>> from plakoto_site.engine import Side
    >>> Position.start().pips(Side.WHITE)
    360
    >>> Position.start(rules=RuleSet.TAPA).legal_plays(Dice(6, 5))[0].position.rules
    <RuleSet.TAPA: 'tapa'>
    >>> Position.start().play("24/18 24/19", Dice(6, 5))
    Position.from_code('W:24x13,19,18;B:1x15;T:B')
    """

    __slots__ = ()

    def legal_plays(self, dice: Dice, rules: RuleSet | None = None) -> list[Play[Position]]:
        """Every legal play of ``dice``: see :func:`~.plays.legal_plays`."""
        return legal_plays(self, dice, rules)

    def parse_play(self, text: str, dice: Dice, rules: RuleSet | None = None) -> Play[Position]:
        """The legal play ``text`` describes: see :func:`~.notation.parse_play`."""
        return parse_play(self, text, dice, rules)

    def play(self, text: str, dice: Dice, rules: RuleSet | None = None) -> Position:
        """The position after playing ``text`` with ``dice`` (the turn passed on)."""
        return self.parse_play(text, dice, rules).position

    def is_legal(self, text: str, dice: Dice, rules: RuleSet | None = None) -> bool:
        """Whether ``text`` is a legal play of ``dice`` here (unreadable text is not).

        >>> Position.start().is_legal("24/17", Dice(6, 5)), Position.start().is_legal("24/13", Dice(6, 5))
        (False, True)
        """
        try:
            self.parse_play(text, dice, rules)
        except EngineError:
            return False
        return True


__all__ = ["Position"]
