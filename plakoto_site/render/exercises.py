"""Exercises as HTML: the question and the board (readable without JavaScript, with the
answer in a ``<details>``), and for the script the engine's whole tree of partial plays
with every refusal already worded — the script walks it and knows no rules. The markup is
in ``templates/macros/exercise.html``; this module gathers what it shows.

Contract (see the issue and the browser tests): the root has ``data-plakoto-exercise``,
``data-position``, ``data-dice``, ``data-rules`` and ``data-state``; points are elements
with ``data-point`` (1–24, or ``off``); refusals appear in ``[data-feedback]``; buttons
say what they do in ``data-action``. The play tree is ``<script class="xdata">``, the same
in every language, and its words ``<script class="xwords">``, typed as ``ExerciseData`` and
``ExerciseWords`` in ``templates/assets/exercise.js``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from markupsafe import Markup

from plakoto_site.content.exercises import Exercise, expected_choice, wrong_choices
from plakoto_site.content.memo import Memo, remembered
from plakoto_site.content.reasons import PlayReason, play_reason
from plakoto_site.engine import OFF, Dice, Move, Play, Position, Refusal, Side, Try
from plakoto_site.i18n.words import Words

from . import svg
from .board import geometry
from .escaping import script_json
from .layout import STACK_CHECKERS, STACK_CHECKERS_PINNED
from .reasons import exercise_sentences, pip_reasons, play_reason_text

if TYPE_CHECKING:
    from .templates import Templates


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def tree_data(exercise: Exercise) -> dict[str, object]:
    """The page data of ``<script class="xdata">``: every node of the play tree, with tries
    keyed by absolute start point, and no words: a refusal, a point's label and a side's
    line under the board are numbers, indexes into the lists of :func:`tree_words`. So the
    data is the same in every language. Its shape is the ``ExerciseData`` typedef of
    ``templates/assets/exercise.js``."""
    return _walk(exercise)[0]


def tree_script(exercise: Exercise, memo: Memo | None = None) -> Markup:
    """:func:`tree_data` as the JSON of ``<script class="xdata">``, made once per exercise
    for every language (kept in ``memo`` with the tree its words are made of)."""
    return _tree(exercise, memo).script


def tree_words(exercise: Exercise, words: Words, memo: Memo | None = None) -> dict[str, object]:
    """The words of an exercise's play tree in one language, for ``<script class="xwords">``
    (the ``ExerciseWords`` typedef): the refusals, labels and lines :func:`tree_data`'s
    numbers point to, the words beside the turn mark and the word for "off"."""
    tree = _tree(exercise, memo)
    # A language's trees share most of their labels and refusals: each worded once.
    worded = remembered(memo, "exercise tree words", (words.language.code, words.fingerprint),
                        lambda: _TreeWords(words))
    return {
        "turn": worded.plain.turn_mark(exercise.position.turn),
        "off": worded.off,
        "refusals": [worded.refusal(refusal) for refusal in tree.refusals],
        "labels": [worded.label(position, key) for key, position in tree.labels.items()],
        "info": [worded.info(*key) for key in tree.infos],
        "whys": [play_reason_text(why, words) for why in tree.whys],
    }


class _TreeWords:
    """A language's words in the play trees, each made once for all its trees: a point's
    label (the same for every board with the same checkers on that point), a refusal, a
    side's pips and checkers borne off."""

    def __init__(self, words: Words) -> None:
        self.plain = Words(words.language, words.translations)
        self._labels: dict[tuple[int, int, bool], str] = {}
        self._refusals: dict[Refusal, str] = {}
        self._infos: dict[tuple[Side, int, int], str] = {}
        # TRANSLATORS: Exercises: a checker borne off, in a move written with the board's numbers ("3 → off").
        self.off = words.gettext("off")

    def label(self, position: Position, key: tuple[int, int, bool]) -> str:
        """The label of point ``key[0]`` holding ``key[1]`` checkers (``key[2]``: one pinned)."""
        if key not in self._labels:
            self._labels[key] = self.plain.point(position, key[0])
        return self._labels[key]

    def refusal(self, reason: Refusal) -> str:
        if reason not in self._refusals:
            self._refusals[reason] = self.plain.refusal(reason)
        return self._refusals[reason]

    def info(self, who: Side, pips: int, borne: int) -> str:
        if (who, pips, borne) not in self._infos:
            self._infos[who, pips, borne] = self.plain.side_info(who, pips, borne)
        return self._infos[who, pips, borne]


@dataclass(frozen=True)
class _Tree:
    """An exercise's play tree as the script's data has it (:func:`tree_script`), and what
    its words are made of, in the order of the indexes the data holds. Kept without the
    data itself: a cold build's copy sends it to the build pickled."""

    script: Markup
    refusals: list[Refusal]
    labels: dict[tuple[int, int, bool], Position]
    """Each point's label by what it depends on (point, checkers, one pinned), with a
    position that shows it."""
    infos: list[tuple[Side, int, int]]
    """A side's pips and checkers borne off."""
    whys: list[PlayReason]
    """Why a complete legal play is not the answer."""


def _tree(exercise: Exercise, memo: Memo | None) -> _Tree:
    return remembered(memo, "exercise trees", (exercise.path.as_posix(), exercise.digest), lambda: _make_tree(exercise))


def _make_tree(exercise: Exercise) -> _Tree:
    data, refusals, labels, infos, whys = _walk(exercise)
    return _Tree(script_json(data), refusals, labels, infos, whys)


def _walk(exercise: Exercise) -> tuple[dict[str, object], list[Refusal], dict[tuple[int, int, bool], Position],
                                       list[tuple[Side, int, int]], list[PlayReason]]:
    """:func:`tree_data`, and the refusals, labels and lines under the board its numbers
    point to."""
    side = exercise.position.turn
    accepted = {play.position for play in exercise.accepted}
    refusals: dict[Refusal, int] = {}
    labels: dict[tuple[int, int, bool], Position] = {}
    label_index: dict[tuple[int, int, bool], int] = {}
    infos: dict[tuple[Side, int, int], int] = {}
    whys: dict[PlayReason, int] = {}

    def why(play: Play) -> int | None:
        reason = play_reason(play, exercise.accepted)
        return None if reason is None else whys.setdefault(reason, len(whys))

    def refusal(reason: Refusal | None) -> int | None:
        return None if reason is None else refusals.setdefault(reason, len(refusals))

    def info(key: tuple[Side, int, int]) -> int:
        return infos.setdefault(key, len(infos))

    def label(position: Position, point: int) -> int:
        key = (point, position.board[point - 1], point in position.pinned)
        if key not in label_index:
            label_index[key], labels[key] = len(label_index), position
        return label_index[key]

    nodes = []
    for node in exercise.tree:
        position = node.position
        tries: dict[str, list[dict[str, object]]] = {}
        for attempt in node.tries:
            tries.setdefault(str(side.own(attempt.start)), []).append({
                "to": _landing(side, attempt),
                "number": attempt.number,
                "next": attempt.child,
                "refusal": refusal(attempt.refusal),
                "move": _notation(side, attempt),
            })
        done, reason = "", None
        if node.play is not None:
            done = "accepted" if exercise.goal == "any" or node.play.position in accepted else "legal"
            reason = why(node.play) if done == "legal" else None
        nodes.append({
            "board": list(position.board),
            "pinned": sorted(position.pinned),
            "off": {"white": position.white_off, "black": position.black_off},
            "numbers": list(node.numbers),
            "tries": tries,
            "labels": {str(point): label(position, point) for point in range(1, 25) if position.board[point - 1]},
            "done": done,
            "play": node.play.notation() if node.play else "",
            "why": reason,
            "bearOffRefusal": refusal(position.bear_off_refusal(side)) if node.numbers else None,
            "info": [info((who, position.pips(who), position.off(who))) for who in (Side.WHITE, Side.BLACK)],
        })
    data: dict[str, object] = {
        "side": side.value,
        "dice": [exercise.dice.high, exercise.dice.low],
        "solution": solution(exercise),
        "stack": {"checkers": STACK_CHECKERS, "pinned": STACK_CHECKERS_PINNED},
        "board": geometry(),
        "nodes": nodes,
    }
    return data, list(refusals), labels, list(infos), list(whys)


def _notation(side: Side, attempt: Try) -> str:
    """A try's move in notation, in the mover's numbering (``20/15*``)."""
    return str(Move.from_own(side, attempt.start, attempt.end, attempt.number, attempt.pins))


def _landing(side: Side, attempt: Try) -> int | str:
    """Where a try's checker lands, in the board's numbers, or ``"off"``."""
    return "off" if attempt.end == OFF else side.own(attempt.end)


def solution(exercise: Exercise) -> dict[str, object]:
    """The moves that play the first accepted play (any complete play for ``goal = "any"``),
    node by node from the start: a ``Route`` of ``templates/assets/exercise.js``, which
    "Show the answer" plays on the board one move at a time."""
    side, tree = exercise.position.turn, exercise.tree
    wanted = exercise.accepted[0].position if exercise.accepted else None

    def answer(index: int) -> bool:
        play = tree[index].play
        return play is not None and (wanted is None or play.position == wanted)

    routes: dict[int, list[dict[str, object]]] = {0: []}
    queue = [0]
    for index in queue:  # breadth first: the fewest moves
        if answer(index):
            return {"path": routes[index], "node": index}
        for attempt in tree[index].tries:
            if attempt.child is not None and attempt.child not in routes:
                routes[attempt.child] = [*routes[index], {
                    "node": index, "move": _notation(side, attempt), "start": side.own(attempt.start),
                    "to": _landing(side, attempt)}]
                queue.append(attempt.child)
    raise AssertionError(f"exercise {exercise.id!r}: no complete play in its tree")


@dataclass(frozen=True)
class ExerciseView:
    """What the ``exercise`` macro shows (``str`` is escaped, :class:`Markup` is not)."""

    id: str
    goal: str
    question: str | None
    side: str
    position: str
    """The position as JSON (``data-position``)."""
    dice: str
    rules: str
    ui: str
    """The script's sentences as JSON (``data-ui``)."""
    number: str
    roll: str
    board: Markup
    prompt: Markup
    explain: Markup
    hint: Markup
    answer: Markup
    expected: str
    """A question's answer, as the value of its control (``data-answer``)."""
    whys: str
    """Why each wrong answer to a question is wrong, as JSON (``data-whys``): by the value of
    its control; for a pip count, the mistakes the engine can tell and ``high``/``low``."""
    plays: list[str]
    """The plays shown in the answer."""
    data: Markup
    """The play tree as JSON for ``<script class="xdata">``, or empty for a question."""
    words: Markup
    """Its words as JSON for ``<script class="xwords">``, or empty for a question."""


def exercise_html(exercise: Exercise, texts: Mapping[str, Markup], words: Words, number: int,
                  templates: Templates, memo: Memo | None = None) -> Markup:
    """One exercise: prompt, board, controls and feedback, and the answer for readers without JS
    (kept in the build state ``memo`` while nothing it shows changed)."""
    key = (exercise.path.as_posix(), exercise.digest, tuple(sorted((k, str(v)) for k, v in texts.items())),
           words.language.code, words.fingerprint, number, templates.version("macros/exercise.html"))
    return remembered(memo, "exercises", key, lambda: _exercise_html(exercise, texts, words, number, templates, memo))


def draw_exercise(exercise: Exercise, memo: Memo) -> None:
    """Make into ``memo`` ahead what no language changes of an exercise: its board without
    its words (:func:`svg.drawn`) and, for a play, its play tree's page data."""
    shown, dice = _board(exercise)
    svg.drawn(shown, dice=dice, roller=exercise.position.turn, memo=memo)
    if exercise.goal != "question":
        tree_script(exercise, memo)


def _rolled(exercise: Exercise) -> bool:
    """Whether an exercise's board shows its roll: a play to make, or a drill's written play
    asked with its roll ("is it legal?")."""
    return exercise.goal != "question" or exercise.question == "legal"


def _board(exercise: Exercise) -> tuple[Position, Dice | None]:
    """The position on an exercise's board, and the roll on it."""
    position = exercise.asked if exercise.goal == "question" else exercise.position
    return position, exercise.dice if _rolled(exercise) else None


def _facts(exercise: Exercise) -> tuple[str, list[str]]:
    """What an exercise shows the same in every language: its position as JSON, and the
    plays its answer accepts (those of its play tree when it names none)."""
    plays = [play.notation() for play in exercise.accepted] or sorted(
        {node.play.notation() for node in exercise.tree if node.play})
    return _json(exercise.position.to_json()), plays


def _question_whys(exercise: Exercise, texts: Mapping[str, Markup], words: Words) -> dict[str, str]:
    """Why each wrong answer is wrong: the lesson's sentence for a choice, the engine's
    reading of a pip count."""
    if exercise.question == "pips":
        return pip_reasons(exercise, words)
    return {choice: Markup(texts[f"wrong-{choice}"]).striptags()
            for choice in wrong_choices(exercise) if texts.get(f"wrong-{choice}")}


def _exercise_html(exercise: Exercise, texts: Mapping[str, Markup], words: Words, number: int,
                   templates: Templates, memo: Memo | None) -> Markup:
    side = exercise.position.turn
    # TRANSLATORS: Exercises: above the board; %(side)s is "White" or "Black", %(roll)s the
    # roll, such as 6–3.
    to_play = words.gettext("%(side)s to play %(roll)s.")
    roll = words.format(to_play, side=words.side(side), roll=words.roll(exercise.dice)) \
        if exercise.goal != "question" else Markup("")
    rolled = _rolled(exercise)
    plain = Words(words.language, words.translations)
    if exercise.question == "pips":  # the board's own pip line would give the answer away
        infos = (plain.side(Side.WHITE), plain.side(Side.BLACK))
    else:
        infos = (plain.board_info(Side.WHITE, exercise.asked), plain.board_info(Side.BLACK, exercise.asked))
    shown, dice = _board(exercise)
    board = svg.board(
        shown,
        # TRANSLATORS: Exercises: the exercise's label above its question, and its board's title.
        labels=svg.Labels(title=words.gettext("Exercise %(number)s") % {"number": number},
                          white_info=infos[0], black_info=infos[1],
                          # a question's position may be a game over: its turn would give the answer away
                          # (a drill's written play is asked with its roll, in a game that goes on)
                          turn=plain.turn_mark(side) if rolled else ""),
        dice=dice,
        roller=side,
        element_id=f"x-{exercise.id}",
        memo=memo,
    )
    position, plays = remembered(memo, "exercise facts", (exercise.path.as_posix(), exercise.digest),
                                 lambda: _facts(exercise))
    data = tree = Markup("")
    if exercise.goal != "question":  # the same in every language, the words in each: each made once
        data = tree_script(exercise, memo)
        tree = remembered(memo, "exercise words", (exercise.path.as_posix(), exercise.digest, words.language.code,
                                                   words.fingerprint),
                          lambda: script_json(tree_words(exercise, words, memo)))
    # The same for every exercise of a language that explains (or not), for one side: made once.
    ui = remembered(memo, "exercise sentences", (words.language.code, words.fingerprint, bool(texts.get("explain")), side),
                    lambda: exercise_sentences(words, bool(texts.get("explain")), side))
    return templates.macro("macros/exercise.html", "exercise", words.translations)(ExerciseView(
        id=exercise.id,
        goal=exercise.goal,
        question=exercise.question,
        side=side.value,
        position=position,
        dice=f"{exercise.dice.high}-{exercise.dice.low}",
        rules=exercise.rules.value,
        ui=ui,
        number=words.number(number),
        roll=roll,
        board=Markup(board),
        prompt=texts.get("prompt", Markup("")),
        explain=texts.get("explain", Markup("")),
        hint=texts.get("hint", Markup("")),
        answer=texts.get("answer", Markup("")),
        expected=expected_choice(exercise) if exercise.goal == "question" else "",
        whys=_json(_question_whys(exercise, texts, plain)) if exercise.goal == "question" else "",
        plays=plays,
        data=data,
        words=tree,
    ))
