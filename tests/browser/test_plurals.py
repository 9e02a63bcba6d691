"""The play page's sentences with a count, chosen in Chromium by the language's CLDR plural
rule, for the counts 0, 1, 2, 3, 5, 11, 21, 22 in all four languages, against the forms
written by hand in tests/i18n/test_plurals.py; and a move backwards gets its own sentence."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.i18n.test_plurals import COUNTS, FORMS, LANGUAGES, VALUES, expected

from .conftest import BuiltSite

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_words_every_count_in_the_languages_plural_form(page: Page, site: BuiltSite, lang: str) -> None:
    page.goto(f"{site.url}{lang}/play/?seed=1&delay=0")
    said = page.evaluate("""([names, counts, values]) => names.map(name =>
        counts.map(n => window.PlakotoPlay.counted(name, n, values)))""", [list(FORMS), list(COUNTS), VALUES])
    for name, texts in zip(FORMS, said, strict=True):
        assert texts == [expected(FORMS, name, lang, n) for n in COUNTS], (lang, name)


def test_a_move_backwards_has_its_own_sentence(page: Page, site: BuiltSite) -> None:
    page.goto(f"{site.url}en/play/?seed=1&delay=0")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.click('button[data-action="roll"]')  # White opens with 4-1
    page.click('[data-point="24"]')
    page.click('[data-point="20"]')
    page.click('[data-point="20"]')  # the checker just moved, then the empty point behind it
    page.click('[data-point="22"]')
    feedback = page.locator("[data-feedback]")
    expect(feedback).to_have_text("Checkers move only forward: the checker on 20 cannot go back to 22.")
    assert "-" not in (feedback.text_content() or "")
