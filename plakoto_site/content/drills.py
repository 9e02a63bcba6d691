"""Drills: exercises the build makes itself, from games the engine plays with a fixed seed.

Three kinds, each answered by the engine when it makes them:

- ``pips``: a position from the middle of a game; how many pips has one side?
- ``legal``: a position, a roll and a written play: is it legal? About half are; the
  others are the mistakes a beginner makes (a checker moved onto a closed point or out
  from under a pin, a partial play when the whole roll can be played, the smaller number
  played when only one can be, bearing off with a checker outside or from a lower point
  while a higher one holds checkers; every one of them at least once), and the engine's
  refusal says why.
- ``find``: a position and a roll: play any legal play, on the board (the play tree).

The games and every choice in them come from one ``random.Random(SEED)``: the same
drills, in the same order, on every build.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from pathlib import Path

from plakoto_site.engine import (
    Dice,
    IllegalPlayError,
    Play,
    Position,
    RuleSet,
    Side,
    Why,
    play_tree,
)
from plakoto_site.engine.refusals import Refusal, refuse_step

from .exercises import DRILL_PREFIX, Exercise
from .memo import Memo, remembered

SEED = 15
KINDS = ("pips", "legal", "find")
COUNT = 30
"""Drills of each kind."""
GAMES = 20
"""The most seeded games played to draw the positions from (about six are enough)."""
OPENING_TURNS = 8
"""Turns of each game left out: the first positions are too bare to count or to play."""
FIND_PLAYS = (3, 8)
"""How many legal plays a ``find`` drill's roll has: a choice, on a board small enough to
think about (and a play tree small enough for the page)."""
RARE_SEED = 42
"""The seed of the games that :func:`every_mistake` plays: the first of them has both of
the rarest mistakes."""
RARE_GAMES = 3
"""The most games :func:`every_mistake` plays."""
MISTAKES = (Why.PINNED, Why.CLOSED, Why.BOTH_NUMBERS, Why.PINNER, Why.NOT_HOME, Why.LARGER_NUMBER,
            Why.HIGHER_POINT)
"""The reasons an illegal play of a ``legal`` drill may have: mistakes a reader could make."""


@dataclass(frozen=True)
class Moment:
    """A turn of a seeded game: the position and the roll its side then played."""

    game: int
    turn: int
    position: Position
    dice: Dice
    plays: tuple[Play, ...]


@dataclass(frozen=True)
class Drill:
    """One drill: its kind, the exercise the page shows, and for a ``legal`` drill the
    written play and, when it is illegal, the engine's reason."""

    kind: str
    exercise: Exercise
    written: str = ""
    refusal: Refusal | None = None

    @property
    def id(self) -> str:
        return self.exercise.id


def make_drills(seed: int = SEED, count: int = COUNT) -> dict[str, tuple[Drill, ...]]:
    """``count`` drills of each kind in :data:`KINDS`, from games played with ``seed``
    (as many games as it takes, at most :data:`GAMES`)."""
    rng = random.Random(seed)
    # Each moment serves one kind only, so that no position is asked about twice.
    pips: list[Moment] = []
    legal: list[Moment] = []
    find: list[Moment] = []
    for game in range(GAMES):
        if len(pips) >= count and len(find) >= count and len(legal) >= count * 3 // 2:
            break
        for moment in play_game(game, rng):
            wanted = rng.random()
            outside = sum(checkers for point, checkers in enumerate(moment.position.board, start=1)
                          if point > 6 and checkers > 0)  # White's checkers outside its home
            if moment.dice.is_double:
                pips.append(moment)
            elif moment.position.turn is Side.WHITE and (outside <= 2 or len(moment.plays) == 1):
                legal.append(moment)  # near the end, or one play: rarer mistakes to be made
            elif FIND_PLAYS[0] <= len(moment.plays) <= FIND_PLAYS[1] and wanted < 0.8:
                find.append(moment)
            elif moment.position.turn is Side.WHITE:
                legal.append(moment)
            else:
                pips.append(moment)
    return {
        "pips": tuple(pips_drills(rng.sample(pips, min(count, len(pips))), rng)),
        "legal": tuple(every_mistake(legal_drills(rng.sample(legal, len(legal)), count, rng))),
        "find": tuple(find_drills(rng.sample(find, min(count, len(find))))),
    }


KEPT = ("drills", (SEED, COUNT))
"""Where the build state keeps the drills: its table and the key."""


def kept_drills(memo: Memo | None) -> dict[str, tuple[Drill, ...]]:
    """:func:`make_drills`, made once in the build state ``memo``."""
    return remembered(memo, *KEPT, make_drills)


def has_drills(memo: Memo) -> bool:
    """Whether ``memo`` holds the drills already."""
    return memo.find(*KEPT) is not None


def play_game(game: int, rng: random.Random) -> list[Moment]:
    """One game from the start, each play chosen at random among the legal ones (of three
    drawn, one that pins, as a player would prefer), until it ends."""
    position, moments = Position.start(), []
    turn = 0
    while not position.is_over():
        dice = Dice(rng.randint(1, 6), rng.randint(1, 6))
        plays = position.legal_plays(dice)
        if turn >= OPENING_TURNS and plays and not any(play.ended for play in plays):
            moments.append(Moment(game, turn, position, dice, tuple(plays)))
        if not plays:
            position = position.pass_turn()
        else:
            tried = [rng.choice(plays) for _ in range(3)]
            chosen = next((play for play in tried if any(move.pins for move in play.moves)), tried[0])
            position = chosen.position
        turn += 1
    return moments


def _exercise(kind: str, number: int, moment: Moment, goal: str, question: str = "", side: Side = Side.WHITE,
              answer: object = None) -> Exercise:
    position, dice = moment.position, moment.dice
    drill_id = f"{DRILL_PREFIX}{kind}-{number}"
    tree = tuple(play_tree(position, dice)) if goal == "any" else ()
    digest = hashlib.blake2b(f"{drill_id} {position.code()} {dice} {question} {side.value}".encode(),
                             digest_size=16).hexdigest()
    return Exercise(drill_id, RuleSet.PLAKOTO, position, dice, goal, (), question, side, answer, position, tree,
                    Path("drills", drill_id), digest)


def pips_drills(moments: list[Moment], rng: random.Random) -> list[Drill]:
    """Count one side's pips: either side, chosen at random."""
    drills = []
    for number, moment in enumerate(moments, start=1):
        side = rng.choice((Side.WHITE, Side.BLACK))
        answer = moment.position.pips(side)
        drills.append(Drill("pips", _exercise("pips", number, moment, "question", "pips", side, answer)))
    return drills


def find_drills(moments: list[Moment]) -> list[Drill]:
    """Play any legal play."""
    return [Drill("find", _exercise("find", number, moment, "any", side=moment.position.turn))
            for number, moment in enumerate(moments, start=1)]


def legal_drills(moments: list[Moment], count: int, rng: random.Random) -> list[Drill]:
    """Is this play legal? Half are (a play chosen at random among the legal ones); the
    others are a mistake of one of the kinds in :data:`MISTAKES`, the kind met least so
    far first, and the engine's own refusal kept as the reason. A moment where a kind not
    met yet can be shown (bearing off too early, the smaller number) is taken for a
    mistake whenever the balance allows."""
    drills: list[Drill] = []
    met = {why: 0 for why in MISTAKES}
    for moment in moments:
        if len(drills) == count:
            break
        number = len(drills) + 1
        illegal = sum(1 for drill in drills if drill.refusal is not None)
        guesses = mistake_guesses(moment)
        new = any(met[why] == 0 for why in guesses)
        if illegal < len(drills) - illegal or (new and illegal == len(drills) - illegal):
            found = mistake(moment, guesses, met, rng)
            if found is not None:
                written, refusal = found
                met[refusal.why] += 1
                exercise = _exercise("legal", number, moment, "question", "legal", moment.position.turn, False)
                drills.append(Drill("legal", exercise, written, refusal))
                continue
        if illegal >= len(drills) - illegal and len(moment.plays) > 1:
            exercise = _exercise("legal", number, moment, "question", "legal", moment.position.turn, True)
            drills.append(Drill("legal", exercise, rng.choice(moment.plays).notation()))
    return drills


def every_mistake(drills: list[Drill], seed: int = RARE_SEED) -> list[Drill]:
    """Each kind of mistake in :data:`MISTAKES` at least once. The games of the first pass
    rarely reach the rarest (the smaller number played when only one number can be, a
    checker borne off from a lower point while a higher one holds checkers): a kind it
    missed takes the place of the last drill of the kind it met most, found in games
    played with a seed of their own (:data:`RARE_SEED`), so the drills before stay as they were."""
    met = {why: sum(1 for drill in drills if drill.refusal and drill.refusal.why is why) for why in MISTAKES}
    missing = [why for why in MISTAKES if not met[why]]
    rng = random.Random(seed)
    drills = list(drills)
    for game in range(RARE_GAMES if missing else 0):
        for moment in play_game(GAMES + game, rng):
            if not missing:
                return drills
            if moment.position.turn is not Side.WHITE or moment.dice.is_double:
                continue
            guesses = {why: texts for why, texts in mistake_guesses(moment).items() if why in missing}
            found = mistake(moment, guesses, met, rng) if guesses else None
            if found is None or found[1].why not in missing:
                continue
            most = max(MISTAKES, key=lambda why: met[why])
            if met[most] < 2:
                return drills  # nothing to spare: no kind would be left without its drill
            index = max(i for i, drill in enumerate(drills) if drill.refusal and drill.refusal.why is most)
            written, refusal = found
            exercise = _exercise("legal", index + 1, moment, "question", "legal", Side.WHITE, False)
            drills[index] = Drill("legal", exercise, written, refusal)
            met[most] -= 1
            met[refusal.why] += 1
            missing.remove(refusal.why)
    return drills


def mistake(moment: Moment, guesses: dict[Why, list[str]], met: dict[Why, int],
            rng: random.Random) -> tuple[str, Refusal] | None:
    """An illegal play a reader might write here (White to move, not a double), of the
    kind met least so far, and the engine's refusal of it; ``None`` if none is found."""
    for why in sorted(guesses, key=lambda why: (met[why], MISTAKES.index(why))):
        for text in rng.sample(guesses[why], min(2, len(guesses[why]))):
            try:
                moment.position.parse_play(text, moment.dice)
            except IllegalPlayError as error:
                if error.refusal is not None and error.refusal.why in MISTAKES:
                    return text, error.refusal
    return None


def mistake_guesses(moment: Moment) -> dict[Why, list[str]]:
    """Plays that are likely illegal, by the reason they are likely to get: a move the
    rules refuse with a move of the other number that may be played, or one number played
    alone. Only a guess: the engine's notation reader decides (see :func:`mistake`)."""
    position, dice = moment.position, moment.dice
    ours = [0, *position.board]
    pins = sum(1 << point for point in position.pinned)
    starts = [point for point in range(24, 0, -1)
              if ours[point] > 0 or (ours[point] < 0 and point in position.pinned)]
    outside = sum(count for point, count in enumerate(ours) if point > 6 and count > 0)
    singles: dict[int, list[tuple[str, Refusal | None]]] = {dice.high: [], dice.low: []}
    for number, moves in singles.items():
        for start in starts:
            end = start - number
            moves.append((f"{start}/{end if end >= 1 else 'off'}", refuse_step(ours, pins, start, number, Side.WHITE)))
    most = max(len(play.moves) for play in moment.plays)
    guesses: dict[Why, list[str]] = {}
    for number, other in ((dice.high, dice.low), (dice.low, dice.high)):
        allowed = [text for text, refusal in singles[other] if refusal is None]
        for text, refusal in singles[number]:
            if refusal is None:  # one number played alone
                if most == 2:
                    guesses.setdefault(Why.BOTH_NUMBERS, []).append(text)
                elif number == dice.low:
                    guesses.setdefault(Why.LARGER_NUMBER, []).append(text)
            elif refusal.why in MISTAKES and (refusal.why is not Why.NOT_HOME or outside <= 2):
                guesses.setdefault(refusal.why, []).extend(
                    f"{text} {rest}" if allowed else text for rest in (allowed[:2] or [""]))
    return guesses


__all__ = ["COUNT", "KINDS", "SEED", "Drill", "has_drills", "kept_drills", "make_drills"]
