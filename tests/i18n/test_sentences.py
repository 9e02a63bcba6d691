"""Sentences the site generates from the engine's facts, in every language: the board's
title once the game is over, the doubles refusal, the exercise feedback lines, bearing
off too early, and Black's plays in Black's own numbering."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from babel.support import NullTranslations
from markupsafe import Markup

from plakoto_site.engine import Dice, Side
from plakoto_site.engine.refusals import Refusal, Why, numbers_refusal
from plakoto_site.i18n.languages import Language
from plakoto_site.i18n.words import Words
from plakoto_site.render.diagrams import board_svg
from plakoto_site.render.exercises import exercise_html, tree_data
from plakoto_site.render.templates import Templates
from plakoto_site.site.check import Checked, check
from plakoto_site.site.project import Project

REPO = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "ru", "el", "uk")


@pytest.fixture(scope="module")
def checked() -> Checked:
    return check(Project(REPO))


def words(checked: Checked, lang: str) -> Words:
    return Words(Language(lang), checked.translations[lang])


def svg_title(svg: str) -> str:
    match = re.search(r"<title[^>]*>(.*?)</title>", svg, re.S)
    assert match, svg[:200]
    return html.unescape(match[1])


def test_the_board_title_says_the_result_once_the_game_is_over_in_english(checked: Checked) -> None:
    diagram = checked.content.diagrams["mother-lost"]
    english = words(checked, "en")
    assert svg_title(board_svg(diagram, 0, english)) == "Step 1 of 2. Black to play."
    assert svg_title(board_svg(diagram, 1, english)) == "Step 2 of 2. White's mother is pinned: Black wins 2 points."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_finished_game_says_whose_turn_it_is(checked: Checked, lang: str) -> None:
    language = words(checked, lang)
    turns = {language.to_play(Side.WHITE), language.to_play(Side.BLACK)}
    finished = 0
    for diagram in checked.content.diagrams.values():
        for frame, step in enumerate(diagram.steps, start=1):
            if step.outcome is None:
                continue
            finished += 1
            title = svg_title(board_svg(diagram, frame, language))
            assert not any(turn in title for turn in turns), (diagram.id, title)
            assert title.endswith(language.outcome(step.outcome)), (diagram.id, title)
    assert finished >= 6  # the issue counted six such diagrams


def test_the_doubles_refusal_speaks_of_four_moves_of_one_number() -> None:
    english = Words(Language("en"), NullTranslations())
    refusal = numbers_refusal(Dice(6, 6), 2, Side.WHITE, shorter=True)
    assert refusal == Refusal(Why.MORE_NUMBERS, Side.WHITE, count=2, number=6)
    assert english.refusal(refusal) == (
        "A double is four moves of 6; 2 of them can be played here, and you must play that many.")
    assert english.refusal(numbers_refusal(Dice(5, 3), 2, Side.WHITE, shorter=True)) == (
        "Both numbers can be played, so both must be: this move leaves one unplayable.")


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_the_new_sentences_are_translated(checked: Checked, lang: str) -> None:
    language = words(checked, lang)
    english = Words(Language("en"), NullTranslations())
    for count in (2, 3):
        refusal = Refusal(Why.MORE_NUMBERS, Side.WHITE, count=count, number=6)
        text = language.refusal(refusal)
        assert text != english.refusal(refusal) and "6" in text and str(count) in text
    played = language.played(Side.BLACK, Dice(3, 1), "24/23 24/21")
    assert played != english.played(Side.BLACK, Dice(3, 1), "24/23 24/21") and "24/23 24/21" in played
    for message in ("You played %(play)s.", "First choose the checker to bear off, then press Bear off.",
                    "Played so far: %(board)s (in Black's numbering: %(play)s)", "Accepted, in Black's numbering:",
                    "Solved", "This play is complete: press Undo or Start again to try another.",
                    "Next exercise", "Every exercise of this lesson solved"):
        assert language.gettext(message) != message


def test_blacks_play_says_it_is_in_blacks_numbering() -> None:
    english = Words(Language("en"), NullTranslations())
    assert english.played(Side.BLACK, Dice(3, 1), "24/23 24/21") == (
        "Black rolls 3–1 and plays 24/23 24/21 (in Black's numbering).")
    assert english.played(Side.WHITE, Dice(6, 5), "24/19 24/18") == "White rolls 6–5 and plays 24/19 24/18."


def ui(checked: Checked, exercise_id: str, texts: dict[str, str]) -> dict[str, str]:
    exercise = checked.content.exercises[exercise_id]
    markup = exercise_html(exercise, {k: Markup(v) for k, v in texts.items()}, checked.words["en"], 1,
                           Templates(REPO / "templates"))
    found = re.search(r'data-ui="([^"]*)"', str(markup))
    assert found
    return json.loads(html.unescape(found[1]))  # type: ignore[no-any-return]


def test_a_legal_play_with_an_explanation_is_not_called_legal_twice(checked: Checked) -> None:
    with_explain = ui(checked, "guard-the-mother", {"prompt": "Play safely.", "explain": "Legal, but risky.",
                                                    "answer": "11/5 8/5."})
    assert with_explain["legal"] == "You played %(play)s."
    without = ui(checked, "guard-the-mother", {"prompt": "Play safely.", "answer": "11/5 8/5."})
    assert without["legal"] == "That is a legal play, but not the best one here. %(play)s"


def test_blacks_exercise_labels_its_numbering(checked: Checked) -> None:
    black = ui(checked, "pin-a-runner", {"prompt": "p", "explain": "e", "answer": "a"})
    white = ui(checked, "guard-the-mother", {"prompt": "p", "explain": "e", "answer": "a"})
    assert black["played"] == "Played so far: %(board)s (in Black's numbering: %(play)s)"
    assert white["played"] == "Played so far: %(play)s"


def test_bearing_off_too_early_says_why(checked: Checked) -> None:
    english = checked.words["en"]
    outside = tree_data(checked.content.exercises["guard-the-mother"], english)
    # White has checkers on 24 (its starting point), far from home.
    assert outside["nodes"][0]["bearOffRefusal"] == "You cannot bear off yet: the checker on 24 is not home."  # type: ignore[index]
    home = tree_data(checked.content.exercises["bear-off-high"], english)
    assert home["nodes"][0]["bearOffRefusal"] == ""  # type: ignore[index]
    assert ui(checked, "guard-the-mother", {"prompt": "p", "answer": "a"})["off"] == (
        "First choose the checker to bear off, then press Bear off.")
