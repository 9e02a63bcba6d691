"""The words-to-avoid check finds every form of a word, not only those that begin with
the stem as written: a fleeting vowel (фішка – фішок), accents (πιόνι – πιονιών), ё/е,
capitals and apostrophes."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plakoto_site.content.memo import Memo
from plakoto_site.content.problems import Problems
from plakoto_site.content.terms import _WORD, Term, _avoided, avoid_pattern, check_words, fold

MARKED = st.sampled_from(["фи\u0301шка", "ΠΙΌΝΙ", "πιονιών", "з’їдає", "съёдается", "Ÿ", "e\u0301\u0323", "Straße", "ǅ", "ﬁ"])
"""Words with accents, stress marks, ligatures and letters that case-fold to two."""


@pytest.mark.parametrize(("stem", "word"), [
    ("фішк", "фішок"),      # uk genitive plural: the vowel o appears between ш and к
    ("фішк", "фішками"),
    ("фишк", "фишек"),      # ru genitive plural
    ("фишк", "Фишка"),
    ("лунк", "лунок"),
    ("πιόν", "πιονιών"),    # Greek: the accent moves in declension
    ("πιόν", "ΠΙΌΝΙ"),
    ("з'їда", "з’їдає"),    # typographic apostrophe
    ("съеда", "съёдается"),  # ё written or not
    ("stone", "Stones"),
])
def test_every_form_is_found(stem: str, word: str) -> None:
    assert avoid_pattern(stem).fullmatch(fold(word))


@pytest.mark.parametrize(("stem", "word"), [
    ("фішк", "шашок"),
    ("фішк", "фіксувати"),   # the fleeting vowel is only allowed between the last two consonants
    ("лунк", "луна"),
    ("πιόν", "πούλι"),
    ("stone", "astonished"),  # a stem matches from the start of a word only
])
def test_other_words_are_left_alone(stem: str, word: str) -> None:
    assert not avoid_pattern(stem).fullmatch(fold(word))


def test_each_word_named_by_the_first_term_that_avoids_it() -> None:
    """Both terms avoid words that begin "tra": the first in the table names "Trapped"; a
    word only the second avoids is named by the second; the rest of the text is left alone."""
    terms = [Term("pin", {"en": ["pin"]}, {"en": ["trap"]}),
             Term("checker", {"en": ["checker"]}, {"en": ["stone", "tra"]})]
    lesson = SimpleNamespace(lang="en", body="A stone.\nTrapped stones, trams.\nNothing to see.")
    found = [(offset, message) for offset, message, _ in _avoided(lesson, terms, {})]  # type: ignore[arg-type]
    assert found == [
        (0, "'stone': the term table says 'checker' for this"),
        (1, "'Trapped': the term table says 'pin' for this"),
        (1, "'stones': the term table says 'checker' for this"),
        (1, "'trams': the term table says 'checker' for this"),
    ]


def test_a_languages_words_are_judged_once_for_all_its_lessons_and_again_for_another_table() -> None:
    """The lessons of a language share their judged words in the build state, by the
    table's words to avoid: an edited table judges every word again."""
    memo = Memo()

    def warned(body: str, terms: list[Term]) -> list[str]:
        problems = Problems(Path("/project"))
        lesson = SimpleNamespace(lang="en", body=body, path=Path("/project/content/en/x.md"), body_line=3)
        check_words(lesson, terms, problems, memo)  # type: ignore[arg-type]
        return [problem.message.split(":")[0] for problem in problems.warnings]

    stones = [Term("checker", {"en": ["checker"]}, {"en": ["stone"]})]
    assert warned("A stone and a pin.", stones) == ["'stone'"]
    assert warned("Stones, a pin and a stone.", stones) == ["'Stones'", "'stone'"]
    judged = memo.tables["judged words"]
    assert len(judged) == 1 and {"stone", "pin", "Stones"} <= set(next(iter(judged.values())))
    pins = [Term("checker", {"en": ["checker"]}, {"en": ["pin"]})]
    assert warned("Stones, a pin and a stone.", pins) == ["'pin'"]
    assert len(judged) == 2


def folded(text: str) -> str:
    """What :func:`fold` means: lower case, ё as е, one apostrophe, and every combining
    mark taken off after decomposing, one character at a time."""
    lowered = text.casefold().replace("ё", "е").replace("’", "'").replace("ʼ", "'")
    bare = "".join(c for c in unicodedata.normalize("NFD", lowered) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare)


@given(st.one_of(MARKED, st.text()))
def test_folding_takes_off_every_mark(text: str) -> None:
    assert fold(text) == folded(text)


@given(st.lists(st.one_of(MARKED, st.from_regex(_WORD, fullmatch=True)), max_size=12))
def test_words_folded_together_are_folded_each(words: list[str]) -> None:
    """A lesson's words are folded at once, joined by newlines: each comes out as folded on
    its own."""
    assert fold("\n".join(words)).split("\n") == ([folded(word) for word in words] if words else [""])
