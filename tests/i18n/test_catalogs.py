"""Every interface text reaches the translator with a note saying where it shows
(``#.`` in the catalogs, from ``TRANSLATORS:`` comments in the code and templates)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from plakoto_site.i18n.messages import extract

REPO = Path(__file__).resolve().parents[2]


def test_every_message_has_a_translator_comment() -> None:
    bare = [message.id for message in extract(REPO) if message.id and not message.auto_comments]
    assert bare == []


@pytest.mark.parametrize("lang", ["ru", "el", "uk"])
def test_the_catalogs_carry_the_comments(lang: str) -> None:
    with (REPO / "locales" / lang / "LC_MESSAGES" / "messages.po").open("rb") as file:
        catalog = read_po(file, locale=lang)
    bare = [message.id for message in catalog if message.id and not message.auto_comments]
    assert bare == [], "run make messages"
