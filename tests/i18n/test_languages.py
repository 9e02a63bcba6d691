"""A language's facts as the pages show them: read once from Babel's CLDR data, and each
number written as Babel's ``format_decimal`` writes it, without Babel where that is the
number's plain digits."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal

from plakoto_site.i18n.languages import Language, language
from plakoto_site.site.state import BuildCache

LOCALES = ("en", "ru", "el", "uk", "de_CH", "fr", "pt_BR", "hi", "ar", "fa", "he", "ja", "tok", "en_US_POSIX")
"""The site's languages, and others that write numbers their own way: an apostrophe or a
narrow space between groups, groups of two after the first three (Hindi), right-to-left
(Arabic, Persian, Hebrew), a group after the second digit (Toki Pona: 100 is "1 00"), no
groups at all (POSIX)."""

NUMBERS = (*range(0, 2001), 9_999, 10_000, 12_345, 99_999, 100_000, 1_234_567, 10**7, 10**9, -1, -7, -1_000)


@pytest.mark.parametrize("code", LOCALES)
def test_every_number_is_written_as_babel_writes_it(code: str) -> None:
    written = Language.read(code)
    assert [written.number(value) for value in NUMBERS] == [format_decimal(value, locale=code) for value in NUMBERS]


def test_numbers_are_plain_digits_up_to_where_the_language_groups_them() -> None:
    """Where no number needs Babel: below 1,000 in nearly every language, below 100 in Toki
    Pona (Babel writes 100 as "1 00"), everywhere in POSIX."""
    assert Language.read("ru").plain_below == 1000
    assert format_decimal(100, locale="tok") != "100"
    assert Language.read("tok").plain_below == 100
    assert Language.read("en_US_POSIX").plain_below >= 10**6


def test_a_language_is_named_in_itself_with_its_direction() -> None:
    assert (Language.read("el").name, Language.read("el").dir) == ("Ελληνικά", "ltr")
    assert (Language.read("uk").name, Language.read("ru").name) == ("Українська", "Русский")
    assert Language.read("ar").dir == Language.read("he").dir == "rtl"


def test_a_build_reads_a_language_once() -> None:
    state = BuildCache()
    assert language("el", state) is language("el", state)
    assert language("el", state) == Language.read("el")
