"""The words-to-avoid check finds every form of a word, not only those that begin with
the stem as written: a fleeting vowel (фішка – фішок), accents (πιόνι – πιονιών), ё/е,
capitals and apostrophes."""

from __future__ import annotations

import pytest

from plakoto_site.content.terms import avoid_pattern, fold


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
