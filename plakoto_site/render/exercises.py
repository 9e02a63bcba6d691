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

from plakoto_site.content.exercises import Exercise
from plakoto_site.content.memo import Memo, remembered
from plakoto_site.engine import OFF, Dice, Move, Position, Refusal, Side, Try
from plakoto_site.i18n.words import Words

from . import svg
from .board import geometry
from .escaping import script_json
from .layout import STACK_CHECKERS, STACK_CHECKERS_PINNED

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


def _tree(exercise: Exercise, memo: Memo | None) -> _Tree:
    return remembered(memo, "exercise trees", (exercise.path.as_posix(), exercise.digest), lambda: _make_tree(exercise))


def _make_tree(exercise: Exercise) -> _Tree:
    data, refusals, labels, infos = _walk(exercise)
    return _Tree(script_json(data), refusals, labels, infos)


def _walk(exercise: Exercise) -> tuple[dict[str, object], list[Refusal], dict[tuple[int, int, bool], Position],
                                       list[tuple[Side, int, int]]]:
    """:func:`tree_data`, and the refusals, labels and lines under the board its numbers
    point to."""
    side = exercise.position.turn
    accepted = {play.position for play in exercise.accepted}
    refusals: dict[Refusal, int] = {}
    labels: dict[tuple[int, int, bool], Position] = {}
    label_index: dict[tuple[int, int, bool], int] = {}
    infos: dict[tuple[Side, int, int], int] = {}

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
        done = ""
        if node.play is not None:
            done = "accepted" if exercise.goal == "any" or node.play.position in accepted else "legal"
        nodes.append({
            "board": list(position.board),
            "pinned": sorted(position.pinned),
            "off": {"white": position.white_off, "black": position.black_off},
            "numbers": list(node.numbers),
            "tries": tries,
            "labels": {str(point): label(position, point) for point in range(1, 25) if position.board[point - 1]},
            "done": done,
            "play": node.play.notation() if node.play else "",
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
    return data, list(refusals), labels, list(infos)


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


def _sentences(words: Words, explained: bool, side: Side) -> str:
    """What the script says as the reader plays (``data-ui``), as JSON."""
    # The lesson's explanation says why the play is not the best; then the line above it
    # only says what was played, so that nothing is said twice.
    if explained:
        # TRANSLATORS: Exercises: the reader made a legal play that is not the best; the
        # lesson's explanation of why follows, so this line only names the play.
        legal = words.gettext("You played %(play)s.")
    else:
        # TRANSLATORS: Exercises: a legal play that is not the best, when the lesson gives no
        # explanation; the play follows this sentence.
        legal = words.gettext("That is a legal play, but not the best one here.") + " %(play)s"
    if side is Side.WHITE:
        # TRANSLATORS: Exercises: before the moves played so far.
        played = words.gettext("Played so far:") + " %(play)s"
    else:
        # TRANSLATORS: Exercises: the moves played so far when Black is to play: first as the
        # reader sees them on the board (%(board)s, such as "5 → 10, 1 → 3"), then in Black's
        # own numbering (%(play)s, such as "20/15* 24/22").
        played = words.gettext("Played so far: %(board)s (in Black's numbering: %(play)s)")
    return _json({
        # TRANSLATORS: Exercises: the first line under the board, before any move.
        "choose": words.gettext("Choose a checker of yours to move."),
        # TRANSLATORS: Exercises: after the reader chose a checker (board numbering).
        "chosen": words.gettext("Checker on %(point)s chosen: now choose where it goes, or a number."),
        "none": words.no_checker(),
        # TRANSLATORS: Exercises: the reader pressed "Bear off" (the button's own text) before
        # choosing which checker to bear off.
        "off": words.gettext("First choose the checker to bear off, then press Bear off."),
        # TRANSLATORS: Exercises: no number left takes the chosen checker to the chosen point.
        "nowhere": words.gettext("No number you have left moves this checker there."),
        # TRANSLATORS: Exercises: a button under the board: move the chosen checker by this number.
        "move": words.gettext("Move %(number)s"),
        # TRANSLATORS: Exercises: a right answer; for a play, the play follows.
        "solved": words.gettext("Right!"),
        "legal": legal,
        # TRANSLATORS: Exercises: a wrong answer to a question.
        "wrong": words.gettext("Not quite: try again."),
        "played": played,
        # TRANSLATORS: Exercises: before the numbers of the roll not played yet.
        "left": words.gettext("Numbers left:"),
        # TRANSLATORS: Exercises: a badge beside an exercise already solved in this browser.
        "done": words.gettext("Solved before"),
        # TRANSLATORS: Exercises: a badge beside an exercise the reader has just solved.
        "now": words.gettext("Solved"),
        # TRANSLATORS: Exercises: a button under an exercise that goes to the next one on the page.
        "next": words.gettext("Next exercise"),
        # TRANSLATORS: Exercises: the reader tapped the board after a complete play that is
        # not the answer; "Undo" and "Start again" are the buttons' own texts.
        "complete": words.gettext("This play is complete: press Undo or Start again to try another."),
    })


def _expected(exercise: Exercise) -> str:
    """The engine's answer to a question, as the value of the control that gives it."""
    answer = exercise.answer
    if exercise.question == "pips":
        return str(answer)
    if exercise.question in ("can-bear-off", "legal"):
        return "yes" if answer else "no"
    if isinstance(answer, dict):
        return f"{answer['winner']}-{answer['points']}" if answer["winner"] else "draw"
    return "goes-on"


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
                    lambda: _sentences(words, bool(texts.get("explain")), side))
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
        expected=_expected(exercise) if exercise.goal == "question" else "",
        plays=plays,
        data=data,
        words=tree,
    ))
