"""The Plakoto rules engine: positions, legal plays, notation, the outcome.

It implements ``shared/RULES.md`` for two rule sets, ``plakoto`` and ``tapa``, and knows
nothing of the site.

>>> from plakoto_site.engine import Position, Dice
>>> play = Position.start().parse_play("24/19 24/18", Dice(6, 5))
>>> play.position.pips(Side.WHITE), play.notation()
(349, '24/19 24/18')
"""

from .dice import ALL_ROLLS, Dice
from .errors import EngineError, IllegalPlayError, NotationError, PositionError
from .notation import parse_play
from .plays import OFF, Move, Play, legal_plays
from .position import PointInfo, Position
from .refusals import Refusal, Why
from .rules import Outcome, Reason
from .side import Point, RuleSet, Side
from .tree import Node, Try, play_tree

__all__ = [
    "ALL_ROLLS",
    "OFF",
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
    "legal_plays",
    "parse_play",
    "play_tree",
]
