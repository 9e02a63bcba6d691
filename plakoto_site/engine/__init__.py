"""The Plakoto rules engine: positions, legal plays, notation, the outcome.

It implements ``shared/RULES.md`` for two rule sets, ``plakoto`` and ``tapa``, and knows
nothing of the site. Every public name is here.

>>> from plakoto_site.engine import Position, Dice
>>> play = Position.start().parse_play("24/19 24/18", Dice(6, 5))
>>> play.position.pips(Side.WHITE), play.notation()
(349, '24/19 24/18')

Each module imports only the ones in the layers before it (``tests/test_structure.py``
holds them to it, with no circle):

1. values: :mod:`.errors`, :mod:`.limits`, :mod:`.pickling`, :mod:`.side` (``Side``,
   ``RuleSet``, ``Point``), :mod:`.dice`;
2. rules: :mod:`.rules` (each rule of RULES.md, ``Outcome``), :mod:`.refusals` (why a
   move is refused, ``IllegalPlayError``), :mod:`.board` (``BasePosition``: the board
   and what the rules say of it);
3. plays: :mod:`.moves` (one checker move, and notation written out), :mod:`.packing`,
   :mod:`.search` (the generator), :mod:`.plays` (``Play``, ``legal_plays``);
4. notation beside plays: :mod:`.notation` (reading what people write, by matching it
   against the legal plays);
5. on top: :mod:`.position` (``Position``: a board you can play from), :mod:`.tree`,
   and the command line (``__main__``).
"""

from .board import POINTS, START_CODE, BasePosition, PointInfo
from .dice import ALL_ROLLS, Dice
from .errors import EngineError, NotationError, PositionError
from .limits import MAX_DEPTH, MAX_DIGITS, MAX_LINE, MAX_NUMBER_DIGITS, MAX_TEXT
from .moves import OFF, Move, format_moves
from .notation import parse_play
from .plays import Play, legal_plays
from .position import Position
from .refusals import IllegalPlayError, Refusal, Why
from .rules import CHECKERS, Outcome, Reason
from .side import Point, RuleSet, Side
from .tree import Node, Try, play_tree

__all__ = [
    "ALL_ROLLS",
    "CHECKERS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_LINE",
    "MAX_NUMBER_DIGITS",
    "MAX_TEXT",
    "OFF",
    "POINTS",
    "START_CODE",
    "BasePosition",
    "Dice",
    "EngineError",
    "IllegalPlayError",
    "Move",
    "Node",
    "NotationError",
    "Outcome",
    "Play",
    "Point",
    "PointInfo",
    "Position",
    "PositionError",
    "Reason",
    "Refusal",
    "RuleSet",
    "Side",
    "Try",
    "Why",
    "format_moves",
    "legal_plays",
    "parse_play",
    "play_tree",
]
