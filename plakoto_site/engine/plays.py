"""Legal plays: what the generator (:mod:`.search`) finds, as :class:`Play` values.

The generator is the one place that knows how checkers may move: pins and releases,
bearing off, "play as many numbers as possible" and the end of the game. Parsing
(:mod:`.notation`) only matches what a person wrote against what this module allows.

>>> from plakoto_site.engine import Dice, Position
>>> plays = legal_plays(Position.start(), Dice(6, 5))
>>> [str(play) for play in plays], all(isinstance(play, Play) for play in plays)
(['24/19 24/18', '24/13'], True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, Literal, NamedTuple, TypeVar, cast

from .board import BasePosition
from .dice import Dice
from .errors import PositionError
from .moves import OFF, Move, Path, format_path
from .packing import PIN_FLAGS, StateKey, bits, board_of, pins_of
from .pickling import quick_pickle
from .rules import CHECKERS, Outcome, game_over
from .search import Decided, Ending, Finals, Search
from .side import RuleSet, Side

P = TypeVar("P", bound=BasePosition)
"""The class of position played from (:class:`~.position.Position`), which the position
after a play has too."""


class _Turn(NamedTuple):
    """What the plays of one roll share: the position, the roll, and how the game ended
    (``None`` for every play that goes on)."""

    before: BasePosition
    dice: Dice
    ended: Outcome | None


@quick_pickle
@dataclass(frozen=True, slots=True)
class Play(Generic[P]):
    """A legal play: who played which roll, its checker moves in order, and the position
    it leads to (the turn passed to the other side). ``outcome`` is set when it ends the game.
    ``before`` and ``position`` are of the class the play was found from
    (:class:`~.position.Position`).

    >>> from plakoto_site.engine import Dice, Position
    >>> play = Position.start().parse_play("24/13", Dice(6, 5))
    >>> play, play.moves[0], play.position
    (<Play white 6-5 '24/13'>, Move(side=<Side.WHITE: 'white'>, start=24, end=18, number=6, pins=False), \
Position.from_code('W:24x14,13;B:1x15;T:B'))

    The generator makes thousands of these a second, so a play keeps the search's raw
    data (private) and builds ``moves`` and ``position`` from it on each use; keep them in
    a variable when you need them more than once. What the plays of one roll share is
    one value they all hold (``_turn``), and what the search found is the pair its
    table already holds: two slots to fill a play, not five.
    """

    _turn: _Turn
    """The position played from, the roll, and the outcome if the play ends the game."""
    _found: tuple[StateKey, Path] = field(repr=False)
    """What the search found: the packed board after the play (:func:`state_key`) and
    the checker moves, ``(start, end, number, pins)`` in own numbering."""

    @property
    def _state(self) -> StateKey:
        return self._found[0]

    @property
    def _path(self) -> Path:
        return self._found[1]

    @property
    def before(self) -> P:
        """The position the play was made from."""
        return cast(P, self._turn.before)

    @property
    def dice(self) -> Dice:
        return self._turn.dice

    @property
    def ended(self) -> Outcome | None:
        """How the game ended during the play, if it did (the generator knows this)."""
        return self._turn.ended

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended during the play (a win or a draw), or ``None``."""
        return self._turn.ended

    @property
    def side(self) -> Side:
        return self._turn.before.turn

    @property
    def moves(self) -> tuple[Move, ...]:
        """The checker moves in the order played (absolute numbering, like positions)."""
        side = self.side
        return tuple(Move.from_own(side, *move) for move in self._path)

    @property
    def position(self) -> P:
        """The position after the play, the other side to move."""
        before, key = self.before, self._state
        side = before.turn
        our_off = before.off(side) + sum(1 for move in self._path if move[1] == OFF)
        return type(before)._from_own_view(
            side, board_of(key), pins_of(key), our_off, before.off(side.other), side.other, trusted=True,
            rules=before.rules,
        )

    def notation(self) -> str:
        """The canonical form of RULES.md: highest start first, ``(n)`` groups, ``*`` pins."""
        return format_path(self._path)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"<Play {self.side.value} {self.dice} {self.notation()!r}>"


def legal_plays(position: P, dice: Dice, rules: RuleSet | None = None) -> list[Play[P]]:
    """Every legal play of ``dice`` for the side to move, one per distinct resulting position,
    judged by the position's rule set (or ``rules``, which the positions after then carry).

    An empty list means nothing can be played. Raises :class:`PositionError` if the game
    is already over.
    """
    if rules is not None:
        position = position.with_rules(rules)
    side = position.turn
    ours, pins = position._own_view(side)
    our_off, their_off, mother = position.off(side), position.off(side.other), position.rules.has_mother_rule
    # Only a pin or the last checker borne off can have ended the game (the cheap test first).
    if (pins or CHECKERS in (our_off, their_off)) and game_over(ours, pins, our_off, their_off, mother):
        raise PositionError(f"the game is already over ({position.outcome()})")
    ending, finals = Search(ours, pins, our_off, their_off, dice, mother).run()
    return _make_plays(position, dice, ending, finals)


def positions_json_text(position: BasePosition, plays: list[Play[P]]) -> list[str]:
    """``json.dumps(play.position.to_json())`` for each of ``plays`` from ``position``,
    written straight from the search's packed boards without building the positions (the
    command line's hot path): each point's byte looked up in a table of texts, in the
    byte order that reads the board in absolute numbering."""
    side = position.turn
    white = side is Side.WHITE
    # Little-endian bytes run from own point 0 up, big-endian from 24 down: White's and
    # Black's absolute order.
    order: Literal["little", "big"] = "little" if white else "big"
    texts_of, points = (_COUNT_TEXT, slice(1, 25)) if white else (_NEGATED_TEXT, slice(0, 24))
    our_off, their_off = position.off(side), position.off(side.other)
    turn = side.other.value
    pinned_texts: dict[int, str] = {}
    texts = []
    for play in plays:
        key, path = play._found
        board = ", ".join([texts_of[byte] for byte in key.to_bytes(25, order)[points]])
        flags = key & PIN_FLAGS
        pinned = pinned_texts.get(flags)
        if pinned is None:
            pinned = pinned_texts[flags] = _pinned_text(pins_of(key), white)
        borne = our_off
        for move in path:
            if move[1] == OFF:
                borne += 1
        white_off, black_off = (borne, their_off) if white else (their_off, borne)
        texts.append(f'{{"board": [{board}], "pinned": [{pinned}], '
                     f'"off": {{"white": {white_off}, "black": {black_off}}}, "turn": "{turn}"}}')
    return texts


_COUNT_TEXT = tuple(str((byte & 31) - 16) for byte in range(256))
"""A point's count as JSON text, by its byte in :func:`state_key`."""
_NEGATED_TEXT = tuple(str(16 - (byte & 31)) for byte in range(256))
"""The same for Black, whose counts are negative in absolute positions."""


def _pinned_text(pins: int, white: bool) -> str:
    """The JSON list items of the absolute points in an own-view pins mask."""
    if white:
        return ", ".join([str(point) for point in bits(pins)])
    return ", ".join([str(25 - point) for point in reversed(bits(pins))])


def _make_plays(position: P, dice: Dice, ending: Ending, finals: Finals) -> list[Play[P]]:
    """The search's answer as :class:`Play` values, those that end the game first."""
    side = position.turn
    plays = [
        _make_play(_Turn(position, dice, _outcome(side, decided)), path, state)
        for state, (path, decided) in ending.items()
    ]
    turn = _Turn(position, dice, None)
    set_turn, set_found = _PLAY_SETTERS
    for found in finals.items():  # _make_play() inlined: most plays are made here
        play = _new_play(Play)
        set_turn(play, turn)
        set_found(play, found)
        plays.append(play)
    return plays


def _make_play(turn: _Turn, path: Path, state: StateKey) -> Play:
    """A :class:`Play` filled in through its slots' own setters: the generator makes
    thousands a second, and a frozen dataclass's ``__init__`` would go through
    ``object.__setattr__`` for each field, at twice the cost."""
    play = _new_play(Play)
    set_turn, set_found = _PLAY_SETTERS
    set_turn(play, turn)
    set_found(play, (state, path))
    return play


def _outcome(side: Side, decided: Decided) -> Outcome:
    we_win, reason, points = decided
    return Outcome(reason, None if we_win is None else side if we_win else side.other, points)


_new_play = object.__new__
_PLAY_SETTERS: tuple[Callable[[Play, object], None], ...] = tuple(
    getattr(Play, name).__set__ for name in ("_turn", "_found")
)

