"""One reader for each shape of source text: TOML key lines, ``key: text`` fence lines,
names, and a code on every problem."""

from __future__ import annotations

from pathlib import Path

from plakoto_site.content.exercises import exercise_texts, read_exercise
from plakoto_site.content.lessons import read_lesson
from plakoto_site.content.markdown import key_texts
from plakoto_site.content.names import SLUG
from plakoto_site.content.problems import Code, Problems
from plakoto_site.content.settings import read_settings
from plakoto_site.content.terms import read_terms
from plakoto_site.content.toml import KeyLines

DIAGRAM = """\
id = "pin"
start = "W:24x8;B:1x10;T:W"

[[steps]]
roll = "5-3"
play = "20/15*"
[steps.expect]
pips = { white = 282 }

[[steps]]
name = "later"
roll = "6-6"

[captions.en]
start = "The start."
"1" = "One."
"""


def test_key_lines_find_top_keys_array_entries_and_tables() -> None:
    lines = KeyLines(DIAGRAM)
    assert (lines.of("id"), lines.of("start"), lines.of("missing"), lines.of("missing", 0)) == (1, 2, 1, 0)
    assert lines.in_table("steps", 0) == 4
    assert (lines.in_table("steps", 0, "play"), lines.in_table("steps", 0, "expect")) == (6, 7)
    assert lines.in_table("steps", 0, "pips") == 8  # a key of [steps.expect] stays with its step
    assert (lines.in_table("steps", 1, "name"), lines.in_table("steps", 1, "play")) == (11, 10)
    assert lines.in_table("steps", 5) == 1
    assert lines.table("captions.en") == 14
    assert (lines.table("captions.en", "start"), lines.table("captions.en", "1")) == (15, 16)
    assert lines.table("captions.en", "2") == 14  # not there: the header
    assert lines.table("captions.ru") == 1


def test_key_lines_count_from_the_first_line_given() -> None:
    assert KeyLines('title = "x"\norder = 2\n', first_line=2).of("order") == 3


def test_an_unknown_front_matter_key_is_named_on_its_line(tmp_path: Path) -> None:
    path = tmp_path / "board.md"
    path.write_text('+++\ntitle = "T"\nsummary = "S"\norder = 1\nsumary = "typo"\n+++\nText.\n')
    problems = Problems(tmp_path)
    assert read_lesson(path, "en", problems) is None
    [problem] = problems.errors
    assert (problem.line, problem.code) == (5, Code.UNKNOWN_KEY)
    assert "did you mean 'summary'?" in problem.hint


def test_a_term_table_row_is_named_on_its_header(tmp_path: Path) -> None:
    path = tmp_path / "terms.toml"
    path.write_text('stray = 1\n\n[pin]\nen = ["pin"]\nxx = ["?"]\n')
    problems = Problems(tmp_path)
    read_terms(path, problems, ("en",))
    assert sorted((p.line, p.code) for p in problems.errors) == [(1, Code.INVALID), (3, Code.UNKNOWN_KEY)]


def test_settings_problems_carry_codes(tmp_path: Path) -> None:
    (tmp_path / "site.toml").write_text('url = "https://example.org/"\nlanguage = ["en"]\n')
    problems = Problems(tmp_path)
    read_settings(tmp_path, problems)
    assert [(p.line, p.code) for p in problems.errors] == [(2, Code.UNKNOWN_KEY)]
    (tmp_path / "site.toml").write_text('url = "https://example.org/"\nlanguages = [\n')
    problems = Problems(tmp_path)
    read_settings(tmp_path, problems)
    assert [p.code for p in problems.errors] == [Code.UNREADABLE]


def test_key_texts_read_keys_continuations_and_unreadable_lines() -> None:
    found, unreadable = key_texts("start: A lone checker\n  on 15.\n\nnot a caption\npin: Pinned.\n", 10)
    assert [(k.key, k.text, k.line) for k in found] == [("start", "A lone checker on 15.", 10), ("pin", "Pinned.", 14)]
    assert unreadable == [13]


def test_exercise_texts_read_through_the_same_reader() -> None:
    texts, unreadable = exercise_texts("prompt: Play 6-5\n  from the start.\ncolour: red\nanswer: 24/13.\n", 3)
    assert texts == {"prompt": "Play 6-5 from the start.", "answer": "24/13."}
    assert unreadable == [5]  # a key no exercise has cannot be read


def test_one_name_pattern() -> None:
    assert [bool(SLUG.match(name)) for name in ("pin-sequence", "a1", "Pin", "pin--x", "-pin", "pin_x")] == [
        True, True, False, False, False, False]


def test_an_exercise_may_not_take_a_drills_name(tmp_path: Path) -> None:
    # The build names its drills drill-<kind>-<n>: a file of that name would share their
    # progress and their anchors on the Practice page.
    source = 'position = "W:24x15;B:1x15;T:W"\nroll = "6-5"\ngoal = "any"\n'
    problems = Problems(tmp_path)
    (tmp_path / "drill-pips-1.toml").write_text(source, encoding="utf-8")
    assert read_exercise(tmp_path / "drill-pips-1.toml", problems) is None
    assert [(p.path, p.line) for p in problems.errors] == [("drill-pips-1.toml", 1)]
    assert "drill-" in problems.errors[0].message and "rename" in problems.errors[0].hint
    problems = Problems(tmp_path)
    (tmp_path / "drills-of-mine.toml").write_text(source, encoding="utf-8")
    assert read_exercise(tmp_path / "drills-of-mine.toml", problems) is not None
    assert problems.errors == []
