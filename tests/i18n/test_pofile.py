"""The strict PO reader's quick path (one regular expression per line) reads every line as
its slow path, character by character, does: same value, same complaint."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from plakoto_site.i18n.pofile import _parse_slowly, parse_string


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet='ab"\\ntqx07 \tя', max_size=14).map(lambda text: '"' + text))
def test_the_quick_path_reads_as_the_slow_one(line: str) -> None:
    assert parse_string(line) == _parse_slowly(line)


def test_values_and_complaints() -> None:
    assert parse_string('"Далее"') == ("Далее", "")
    assert parse_string('"a\\"b\\n\\101"  ') == ('a"b\nA', "")
    assert parse_string('"Далее') == (None, "the text has no closing quote")
    assert parse_string('"Предишен "урок""') == (None, "a quote inside the text ends it early")
    assert parse_string('"a\\qb"') == (None, "\\q is not something a PO file knows after a backslash")
