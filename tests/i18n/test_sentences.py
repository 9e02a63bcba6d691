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

from plakoto_site.engine import Dice, IllegalPlayError, Outcome, Position, Reason, Side
from plakoto_site.engine.refusals import Refusal, Why, numbers_refusal
from plakoto_site.i18n.languages import Language
from plakoto_site.i18n.words import Words
from plakoto_site.render.diagrams import board_svg
from plakoto_site.render.exercises import exercise_html, tree_data, tree_words
from plakoto_site.render.templates import Templates
from plakoto_site.site.check import Checked, check
from plakoto_site.site.project import Project

REPO = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "ru", "el", "uk")


@pytest.fixture(scope="module")
def checked() -> Checked:
    return check(Project(REPO))


OUTCOMES: dict[str, dict[tuple[str | None, str, int], str]] = {
    # How a game ends, (winner, reason, points) -> the sentence, in every language: copied by
    # hand from RULES.md's endings (a bear-off wins 1 point, or 2 if the loser has none off;
    # a lost mother 2; both mothers or a blocked board, a draw) and the catalogs' wording,
    # each plural form chosen by hand (ru: 1 очко, 2 очка; uk: 1 очко, 2 очки; el: 1 πόντο).
    "en": {
        ("white", "bear-off", 1): "White has borne off all checkers and wins 1 point.",
        ("white", "bear-off", 2): "White has borne off all checkers and wins 2 points.",
        ("black", "bear-off", 1): "Black has borne off all checkers and wins 1 point.",
        ("black", "bear-off", 2): "Black has borne off all checkers and wins 2 points.",
        ("white", "mother", 2): "Black's mother is pinned and White has no checker left on its starting point: "
                                "White wins 2 points.",
        ("black", "mother", 2): "White's mother is pinned and Black has no checker left on its starting point: "
                                "Black wins 2 points.",
        (None, "both-mothers", 0): "Both mothers are pinned: the game is a draw, no points.",
        (None, "blocked", 0): "Neither side can ever move again: the game is a draw, no points.",
    },
    "ru": {
        ("white", "bear-off", 1): "Белые выбросили все шашки и выигрывают 1 очко.",
        ("white", "bear-off", 2): "Белые выбросили все шашки и выигрывают 2 очка.",
        ("black", "bear-off", 1): "Чёрные выбросили все шашки и выигрывают 1 очко.",
        ("black", "bear-off", 2): "Чёрные выбросили все шашки и выигрывают 2 очка.",
        ("white", "mother", 2): "Материнская шашка чёрных заперта, а у белых на старте не осталось шашек: "
                                "белые выигрывают 2 очка.",
        ("black", "mother", 2): "Материнская шашка белых заперта, а у чёрных на старте не осталось шашек: "
                                "чёрные выигрывают 2 очка.",
        (None, "both-mothers", 0): "Обе материнские шашки заперты: ничья, очков не получает никто.",
        (None, "blocked", 0): "Ни белые, ни чёрные больше не смогут сделать ход: ничья, очков не получает никто.",
    },
    "el": {
        ("white", "bear-off", 1): "Τα Λευκά μάζεψαν όλα τα πούλια τους και κερδίζουν 1 πόντο.",
        ("white", "bear-off", 2): "Τα Λευκά μάζεψαν όλα τα πούλια τους και κερδίζουν 2 πόντους.",
        ("black", "bear-off", 1): "Τα Μαύρα μάζεψαν όλα τα πούλια τους και κερδίζουν 1 πόντο.",
        ("black", "bear-off", 2): "Τα Μαύρα μάζεψαν όλα τα πούλια τους και κερδίζουν 2 πόντους.",
        ("white", "mother", 2): "Η μάνα των Μαύρων είναι πλακωμένη και τα Λευκά έχουν αδειάσει την αφετηρία τους: "
                                "τα Λευκά κερδίζουν 2 πόντους.",
        ("black", "mother", 2): "Η μάνα των Λευκών είναι πλακωμένη και τα Μαύρα έχουν αδειάσει την αφετηρία τους: "
                                "τα Μαύρα κερδίζουν 2 πόντους.",
        (None, "both-mothers", 0): "Και οι δύο μάνες είναι πλακωμένες: ισοπαλία, κανείς δεν παίρνει πόντους.",
        (None, "blocked", 0): "Ούτε τα Λευκά ούτε τα Μαύρα μπορούν πια να παίξουν: ισοπαλία, κανείς δεν παίρνει πόντους.",
    },
    "uk": {
        ("white", "bear-off", 1): "Білі вивели всі шашки й виграють 1 очко.",
        ("white", "bear-off", 2): "Білі вивели всі шашки й виграють 2 очки.",
        ("black", "bear-off", 1): "Чорні вивели всі шашки й виграють 1 очко.",
        ("black", "bear-off", 2): "Чорні вивели всі шашки й виграють 2 очки.",
        ("white", "mother", 2): "Материнську шашку чорних заблоковано, а на старті білих не лишилося шашок: "
                                "білі виграють 2 очки.",
        ("black", "mother", 2): "Материнську шашку білих заблоковано, а на старті чорних не лишилося шашок: "
                                "чорні виграють 2 очки.",
        (None, "both-mothers", 0): "Обидві материнські шашки заблоковані: нічия, очок не отримує ніхто.",
        (None, "blocked", 0): "Ні білі, ні чорні вже ніколи не зможуть зробити хід: нічия, очок не отримує ніхто.",
    },
}


def outcome_key(outcome: Outcome) -> tuple[str | None, str, int]:
    """An ending as :data:`OUTCOMES` keys it (and as the play page's ``data-result`` says it)."""
    return (outcome.winner.value if outcome.winner else None, outcome.reason.value, outcome.points)


def words(checked: Checked, lang: str) -> Words:
    return Words(Language.read(lang), checked.translations[lang])


def svg_title(svg: str) -> str:
    match = re.search(r"<title[^>]*>(.*?)</title>", svg, re.S)
    assert match, svg[:200]
    return html.unescape(match[1])


def test_the_board_title_says_the_result_once_the_game_is_over_in_english(checked: Checked) -> None:
    diagram = checked.content.diagrams["mother-lost"]
    english = words(checked, "en")
    assert svg_title(board_svg(diagram, 0, english)) == "Step 1 of 2. Black to play."
    assert svg_title(board_svg(diagram, 1, english)) == ("Step 2 of 2. White's mother is pinned and Black has no checker left "
                                                             "on its starting point: Black wins 2 points.")


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
            assert title.endswith(" " + OUTCOMES[lang][outcome_key(step.outcome)]), (diagram.id, title)
    assert finished >= 6  # the issue counted six such diagrams


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_ending_of_a_game_in_the_languages_words(checked: Checked, lang: str) -> None:
    language = words(checked, lang)
    endings = [Outcome(Reason.BEAR_OFF, side, points) for side in (Side.WHITE, Side.BLACK) for points in (1, 2)]
    endings += [Outcome(Reason.MOTHER, side, 2) for side in (Side.WHITE, Side.BLACK)]
    endings += [Outcome(reason, None, 0) for reason in (Reason.BOTH_MOTHERS, Reason.BLOCKED)]
    assert {outcome_key(ending): language.outcome(ending) for ending in endings} == OUTCOMES[lang]


def test_the_doubles_refusal_speaks_of_four_moves_of_one_number() -> None:
    english = Words(Language.read("en"), NullTranslations())
    refusal = numbers_refusal(Dice(6, 6), 2, Side.WHITE, shorter=True)
    assert refusal == Refusal(Why.MORE_NUMBERS, Side.WHITE, count=2, number=6)
    assert english.refusal(refusal) == (
        "A double is four moves of 6; 2 of them can be played here, and you must play that many.")
    assert english.refusal(numbers_refusal(Dice(5, 3), 2, Side.WHITE, shorter=True)) == (
        "Both numbers can be played, so both must be: this move leaves one unplayable.")


@pytest.mark.parametrize(("code", "expected"), [
    # White's checkers on 6 and 2: a 3 may bear off the 2 only once 6 is empty.
    ("W:6,2;B:1x15;T:W", "A 3 cannot bear off this checker while you have one higher up, on 6."),
    # Black's on its own 6 and 2, which the board numbers 19 and 23.
    ("W:24x15;B:19,23;T:B", "A 3 cannot bear off this checker while you have one higher up, on 19."),
])
def test_the_higher_point_refusal_names_the_higher_checker(code: str, expected: str) -> None:
    english = Words(Language.read("en"), NullTranslations())
    with pytest.raises(IllegalPlayError) as caught:
        Position.from_code(code).parse_play("2/off", Dice(3, 1))
    refusal = caught.value.refusal
    assert refusal is not None
    assert english.refusal(refusal) == expected


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_the_new_sentences_are_translated(checked: Checked, lang: str) -> None:
    language = words(checked, lang)
    english = Words(Language.read("en"), NullTranslations())
    for count in (2, 3):
        refusal = Refusal(Why.MORE_NUMBERS, Side.WHITE, count=count, number=6)
        text = language.refusal(refusal)
        assert text != english.refusal(refusal) and "6" in text and str(count) in text
    for play in (BLACK_3_1, WHITE_6_5):
        played = language.played(play)
        assert played != english.played(play) and play.notation() in played
    assert "1 → 2, 1 → 4" in language.played(BLACK_3_1)
    for message in ("You played %(play)s.", "First choose the checker to bear off, then press Bear off.",
                    "Played so far: %(board)s (in Black's numbering: %(play)s)", "Accepted, in Black's numbering:",
                    "Solved", "This play is complete: press Undo or Start again to try another.",
                    "Next exercise", "Every exercise of this lesson solved"):
        assert language.gettext(message) != message


WHITE_6_5 = Position.start().parse_play("24/19 24/18", Dice(6, 5))
BLACK_3_1 = WHITE_6_5.position.parse_play("24/23 24/21", Dice(3, 1))


def test_a_play_shows_the_boards_numbers_then_the_notation() -> None:
    """Issue 15: the reader watches Black's checker go from 1 to 4 on the board while the
    notation says 24/21. Every play sentence gives the board's numbers first, then the
    notation in the mover's own numbering (RULES.md's reference sequences)."""
    english = Words(Language.read("en"), NullTranslations())
    assert english.played(WHITE_6_5) == "White rolls 6–5 and plays 24 → 19, 24 → 18 (written 24/19 24/18)."
    assert english.played(BLACK_3_1) == (
        "Black rolls 3–1 and plays 1 → 2, 1 → 4 (written 24/23 24/21 in Black's numbering).")
    pin = Position.from_code("W:24x8,20,13x6;B:1x10,5x4,15;T:W").parse_play("20/15* 13/10", Dice(5, 3))
    assert english.played(pin) == "White rolls 5–3 and plays 20 → 15*, 13 → 10 (written 20/15* 13/10)."
    home = Position.from_code("W:6x2,5x2,4x2,3,2,1;B:19x3,20x3,21x3,22x2,23x2,24x2;T:W")
    assert english.played(home.parse_play("6/off 5/off", Dice(6, 5))) == (
        "White rolls 6–5 and plays 6 → off, 5 → off (written 6/off 5/off).")


def test_blacks_board_moves_chain_a_checker_and_count_repeats() -> None:
    english = Words(Language.read("en"), NullTranslations())
    after = WHITE_6_5.position
    assert english.board_moves(after.parse_play("24/20/17", Dice(4, 3)).moves) == "1 → 5 → 8"
    assert english.board_moves(after.parse_play("24/18(2) 18/12(2)", Dice(6, 6)).moves) == "1 → 7 → 13 (2)"
    # Issue 15's example: Black pins White's lone checker on 21 (Black's own 4) from 15.
    pin = Position.from_code("W:24x13,21,19;B:1x14,15;T:B").parse_play("10/4* 24/22", Dice(6, 2))
    assert english.played(pin) == (
        "Black rolls 6–2 and plays 1 → 3, 15 → 21* (written 24/22 10/4* in Black's numbering).")


def test_the_play_sentence_under_a_diagram_frame_has_board_numbers(checked: Checked) -> None:
    """The sentence a lesson shows above the caption, in markup: board numbers in words,
    the notation in <code>."""
    english = Words(Language.read("en"), checked.translations["en"], markup=True)
    text = str(english.played(BLACK_3_1))
    assert text == ("Black rolls 3–1 and plays 1 → 2, 1 → 4 (written <code class=\"notation\">24/23 24/21</code> "
                    "in Black&#39;s numbering).")


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
    outside = checked.content.exercises["guard-the-mother"]
    refusal = tree_data(outside)["nodes"][0]["bearOffRefusal"]  # type: ignore[index]
    # White has checkers on 24 (its starting point), far from home.
    assert tree_words(outside, english)["refusals"][refusal] == (  # type: ignore[index]
        "You cannot bear off yet: the checker on 24 is not home.")
    assert tree_data(checked.content.exercises["bear-off-high"])["nodes"][0]["bearOffRefusal"] is None  # type: ignore[index]
    assert ui(checked, "guard-the-mother", {"prompt": "p", "answer": "a"})["off"] == (
        "First choose the checker to bear off, then press Bear off.")


TURN_MARKS = {  # (White's, Black's), copied by hand from the catalogs
    "en": ("White to play", "Black to play"), "ru": ("Ход белых", "Ход чёрных"),
    "el": ("Παίζουν τα Λευκά", "Παίζουν τα Μαύρα"), "uk": ("Черга білих", "Черга чорних"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_frame_draws_whose_turn_it_is_until_the_game_is_over(checked: Checked, lang: str) -> None:
    language = words(checked, lang)
    opening = checked.content.diagrams["opening-roll"]
    drawn = board_svg(opening, 1, language)  # White has played 6–5: Black to play
    assert f'class="turn-text" font-size="18" font-weight="bold">{TURN_MARKS[lang][1]}</text>' in drawn
    assert 'class="turn-mark ck-black"' in drawn
    assert (language.turn_mark(Side.WHITE), language.turn_mark(Side.BLACK)) == TURN_MARKS[lang]
    lost = checked.content.diagrams["mother-lost"]
    assert "turn-text" not in board_svg(lost, 1, language)  # the game is over: nobody is to play


def test_a_sentence_as_markup_escapes_its_words_and_values_and_marks_up_the_play() -> None:
    words = Words(Language.read("en"), NullTranslations(), markup=True)
    sentence = words.format('<b>%(side)s</b> & "%(who)s" play %(play)s, 100%%.', side="<White>", who="O'Neil",
                            play="24/18*")
    assert isinstance(sentence, Markup)
    assert sentence == ('&lt;b&gt;&lt;White&gt;&lt;/b&gt; &amp; &#34;O&#39;Neil&#34; play '
                        '<code class="notation">24/18*</code>, 100%.')
    assert Words(Language.read("en"), NullTranslations()).format("%(side)s: 100%%", side="<W>") == "<W>: 100%"
