"""The tree of partial plays: every checker move a reader may try, move by move, with
the reason for each one the rules refuse.

It is built from the generator's own answer (:func:`~.plays.legal_plays`): a move is
allowed when it leads towards one of the legal plays, so the tree can never disagree with
the engine; single moves are judged by :func:`~.refusals.refuse_step`.

>>> from plakoto_site.engine import Dice
>>> nodes = play_tree(Position.start(), Dice(6, 5))
>>> root = nodes[0]
>>> isinstance(root, Node), [(t.start, t.number, t.end, t.child) for t in root.tries if isinstance(t, Try)]
(True, [(24, 6, 18, 1), (24, 5, 19, 4)])
>>> nodes[1].position, nodes[1].numbers
(Position.from_code('W:24x14,18;B:1x15;T:W'), (5,))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .dice import Dice
from .moves import OFF, step
from .packing import state_key
from .pickling import quick_pickle
from .plays import Play, legal_plays
from .position import Position
from .refusals import Refusal, numbers_refusal, refuse_step
from .rules import game_over
from .side import RuleSet

NodeKey = tuple[int, tuple[int, ...], bool]


@quick_pickle
@dataclass(frozen=True, slots=True)
class Try:
    """Moving the checker on own point ``start`` by ``number``: to ``child``, or refused."""

    start: int
    number: int
    end: int
    child: int | None
    refusal: Refusal | None
    pins: bool = False


@dataclass
class Node:
    """A partial play: the position so far, the numbers left, and what may be tried next."""

    index: int
    position: Position
    numbers: tuple[int, ...]
    depth: int
    tries: list[Try] = field(default_factory=list)
    play: Play | None = None
    """Set when the moves so far make a complete legal play."""


class _Builder:
    def __init__(self, position: Position, dice: Dice, rules: RuleSet) -> None:
        self.root = position
        self.dice = dice
        self.rules = rules
        self.side = position.turn
        self.plays = legal_plays(position, dice, rules)
        self.going = {play._state: play for play in self.plays if play.ended is None}
        self.ending = {play._state: play for play in self.plays if play.ended is not None}
        self.most = max((len(play._path) for play in self.plays if play.ended is None), default=0)
        wins = any(play.ended is not None and play.ended.winner is not None for play in self.plays)
        self.required = len(dice.numbers) if wins else self.most
        """The numbers a play must use: a win counts as using every number."""
        self.nodes: list[Node] = []
        self.index: dict[NodeKey, int] = {}
        self.reach: dict[int, int] = {}
        self.refused: dict[Try, Try] = {}
        """Each refused try once: a tree holds the same one in many nodes (a checker
        pinned, or not yet home, is refused again after every other move), and one
        object each makes a tree smaller to keep and quicker to send between processes."""

    def node(self, ours: list[int], pins: int, our_off: int, numbers: tuple[int, ...], depth: int,
             ended: bool) -> int:
        key = (state_key(ours, pins), numbers, ended)
        if key in self.index:
            return self.index[key]
        side = self.side
        position = Position._from_own_view(side, ours, pins, our_off, self.root.off(side.other), side, trusted=True,
                                          rules=self.rules)
        node = Node(len(self.nodes), position, numbers, depth)
        self.nodes.append(node)
        self.index[key] = node.index
        state = state_key(ours, pins)
        if ended:
            node.play = self.ending.get(state)
            return node.index
        if depth == self.most and state in self.going:
            node.play = self.going[state]
        if numbers:
            self.expand(node, ours, pins, our_off)
        return node.index

    def expand(self, node: Node, ours: list[int], pins: int, our_off: int) -> None:
        seen: set[int] = set()
        for index, number in enumerate(node.numbers):
            if number in seen:
                continue
            seen.add(number)
            rest = node.numbers[:index] + node.numbers[index + 1:]
            for start in range(24, 0, -1):
                mine = ours[start] > 0
                if not mine and not (ours[start] < 0 and pins >> start & 1):
                    continue
                refusal = refuse_step(ours, pins, start, number, self.side)
                end = max(start - number, OFF)
                if refusal is not None:
                    attempt = Try(start, number, end, None, refusal)
                    node.tries.append(self.refused.setdefault(attempt, attempt))
                    continue
                after, after_pins, move = step(ours, pins, start, number)
                off = our_off + (move.end == OFF)
                ended = game_over(after, after_pins, off, self.root.off(self.side.other),
                                  self.rules.has_mother_rule) is not None
                child = self.node(after, after_pins, off, rest, node.depth + 1, ended)
                node.tries.append(Try(start, number, move.end, child, None, move.pins))

    def longest(self, index: int) -> int:
        """The most numbers a play through this node can use without ending the game,
        or -1 if no legal play goes through it."""
        if index in self.reach:
            return self.reach[index]
        node = self.nodes[index]
        best = node.depth if node.play is not None else -1
        for attempt in node.tries:
            if attempt.child is not None:
                best = max(best, self.longest(attempt.child))
        self.reach[index] = best
        return best

    def prune(self) -> None:
        """Refuse the moves that cannot be finished as a legal play, saying why."""
        for node in self.nodes:
            for position, attempt in enumerate(node.tries):
                if attempt.child is None or self.longest(attempt.child) >= 0:
                    continue
                node.tries[position] = Try(attempt.start, attempt.number, attempt.end, None,
                                           self.play_refusal(attempt), attempt.pins)

    def play_refusal(self, attempt: Try) -> Refusal:
        dice = self.dice
        smaller = self.required == 1 and not dice.is_double and attempt.number != dice.high
        return numbers_refusal(dice, self.required, self.side, shorter=not smaller)


def play_tree(position: Position, dice: Dice, rules: RuleSet | None = None) -> list[Node]:
    """Every partial play of ``dice``, node 0 first (nothing moved yet), judged by the
    position's rule set (or ``rules``). Raises :class:`PositionError` if the game is
    already over."""
    if rules is not None:
        position = position.with_rules(rules)
    builder = _Builder(position, dice, position.rules)
    ours, pins = position._own_view(position.turn)
    builder.node(ours, pins, position.off(position.turn), dice.numbers, 0, False)
    builder.prune()
    return builder.nodes
