"""Fuzzing every reader: random bytes and random structures give values or ``path:line``
problems, never an exception. Example counts stay modest so the suite takes seconds."""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plakoto_site.content.diagrams import read_diagram
from plakoto_site.content.exercises import read_exercise
from plakoto_site.content.lessons import read_lesson
from plakoto_site.content.problems import Problems
from plakoto_site.content.settings import read_settings
from plakoto_site.content.site import check_lesson
from plakoto_site.content.terms import read_terms
from plakoto_site.i18n.catalogs import check_catalog, read_catalog, translations
from plakoto_site.render.escaping import catalog_text

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))

# -- random structures, written as TOML ----------------------------------------------------

PLAUSIBLE = [
    "start", "plakoto", "tapa", "5-3", "6-6", "0-7", "24/18 13/10", "20/15* 13/10", "24/13", "",
    "W:24x8,20,13x6;B:1x10,5x4,15;T:W", "W:;B:19x15;T:B", "W:24x16;B:1x15;T:W", "white", "black",
    "none", "any", "best", "question", "pips", "can-bear-off", "outcome", "goes-on", "²", "١٢",
    "en", "ru", "xx", "%s", "%(number)s", "<script>", "\u202e", "x" * 300,
]
KEYS = [
    "id", "rules", "start", "steps", "name", "roll", "play", "illegal", "expect", "pips", "off",
    "result", "winner", "points", "reason", "white", "black", "position", "goal", "accepted",
    "question", "side", "answer", "url", "languages", "reference", "repository", "title", "order",
    "summary", "kind", "slug", "translates", "avoid", "en", "ru", "el", "uk", "captions", "1",
]

scalars = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30), st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(PLAUSIBLE), st.text(max_size=12),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=5),
    max_leaves=20,
)
documents = st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), values, max_size=8)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{toml_value(str(k))} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_document(document: dict[str, Any]) -> str:
    return "".join(f"{toml_value(key)} = {toml_value(value)}\n" for key, value in document.items())


# -- the property ----------------------------------------------------------------------------


def only_problems(problems: Problems, name: str, result: object) -> None:
    """Every problem names the file (or where it is) and a line; a reader that gave up said why."""
    for problem in problems.items:
        assert problem.path.endswith(name) or problem.path.startswith("content"), problem
        assert isinstance(problem.line, int) and problem.line >= 0, problem
        str(problem)
    if result is None:
        assert problems.errors, "a reader gave up without saying why"


ROOT = Path(tempfile.mkdtemp(prefix="fuzz-"))
"""One scratch folder for the whole module: each example overwrites its file."""


def scratch(name: str, data: bytes) -> tuple[Path, Problems]:
    root = ROOT
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path, Problems(root)


def sources() -> st.SearchStrategy[bytes]:
    """Random bytes, random text, and random TOML documents (with a stray BOM or line ends)."""
    text = st.builds(toml_document, documents).map(str.encode)
    return st.one_of(
        st.binary(max_size=300), st.text(max_size=200).map(str.encode), text,
        text.map(lambda data: b"\xef\xbb\xbf" + data), text.map(lambda data: data.replace(b"\n", b"\r\n")),
    )


@FUZZ
@given(sources())
def test_diagram_sources(data: bytes) -> None:
    path, problems = scratch("pin-it.toml", data)
    only_problems(problems, "pin-it.toml", read_diagram(path, problems))


@FUZZ
@given(sources())
def test_authors_diagrams(data: bytes) -> None:
    path, problems = scratch("mine.toml", data)
    only_problems(problems, "mine.toml", read_diagram(path, problems, standalone=True))


@FUZZ
@given(sources())
def test_exercise_sources(data: bytes) -> None:
    path, problems = scratch("pin-it.toml", data)
    only_problems(problems, "pin-it.toml", read_exercise(path, problems))


@FUZZ
@given(sources())
def test_site_settings(data: bytes) -> None:
    path, problems = scratch("content/site.toml", data)
    read_settings(path.parent, problems)
    only_problems(problems, "site.toml", ())


@FUZZ
@given(sources())
def test_the_term_table(data: bytes) -> None:
    path, problems = scratch("content/terms.toml", data)
    read_terms(path, problems)
    only_problems(problems, "terms.toml", ())


fences = st.lists(st.sampled_from(PLAUSIBLE) | st.text(max_size=10), max_size=4).map(
    lambda keys: "".join(f"{key}: caption\n" for key in keys))
bodies = st.lists(
    st.one_of(
        st.text(max_size=40),
        st.sampled_from(["pin", "", "nope", "pin extra"]).flatmap(
            lambda name: fences.map(lambda captions: f"```diagram {name}\n{captions}```\n")),
        st.sampled_from(["pin-it", "", "missing"]).map(lambda name: f"```exercise {name}\nprompt: x\nnonsense\n```\n"),
        st.sampled_from(["## Heading {#same}\n", "## Other {#x}\n", "### {#}\n"]),
    ),
    max_size=6,
).map("\n".join)
lessons = st.one_of(
    st.binary(max_size=300),
    st.builds(lambda front, body: ("+++\n" + toml_document(front) + "+++\n" + body).encode(), documents, bodies),
    st.builds(lambda body: ('+++\ntitle = "T"\norder = 1\nsummary = "S"\n+++\n' + body).encode(), bodies),
)


@FUZZ
@given(lessons, st.sampled_from(["pinning.md", "practice.md", "Bad Name.md", "_home.md"]))
def test_lessons(data: bytes, name: str) -> None:
    path, problems = scratch(f"content/en/{name}", data)
    diagram_path, diagram_problems = scratch("pin.toml", b'start = "W:24x8,20,13x6;B:1x10,5x4,15;T:W"\n'
                                             b'[[steps]]\nname = "pin"\nroll = "5-3"\nplay = "20/15* 13/10"\n')
    diagram = read_diagram(diagram_path, diagram_problems)
    assert diagram is not None
    lesson = read_lesson(path, "en", problems)
    only_problems(problems, name, lesson)
    if lesson is not None:
        check_lesson(lesson, {"pin": diagram}, problems, {})
        only_problems(problems, name, ())


PO_HEAD = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ru\\n"\n\n'
MSGIDS = ["Plakoto", "Lesson %(number)s", "Point %(point)s: %(checkers)s.", "Practice"]
entries = st.lists(
    st.tuples(st.sampled_from(MSGIDS) | st.text(max_size=10),
              st.sampled_from(["%", "%s", "%(number)s", "100%%", "<b>", '"', "\\"]) | st.text(max_size=12)),
    max_size=5,
)
catalogs = st.one_of(
    st.binary(max_size=300),
    entries.map(lambda items: (PO_HEAD + "".join(
        f"msgid {json.dumps(i, ensure_ascii=False)}\nmsgstr {json.dumps(s, ensure_ascii=False)}\n\n"
        for i, s in items)).encode()),
    entries.map(lambda items: (PO_HEAD + "".join(f'msgid "{i}"\nmsgstr "{s}"\n\n' for i, s in items)).encode()),
)


@FUZZ
@given(catalogs)
def test_po_catalogs(data: bytes) -> None:
    path, problems = scratch("locales/ru/LC_MESSAGES/messages.po", data)
    read = read_catalog(path, "ru", problems)
    only_problems(problems, "messages.po", read)
    if read is None:
        return
    catalog, po = read
    check_catalog(catalog, path, problems, po)
    only_problems(problems, "messages.po", ())
    if not problems.errors:
        compiled = translations(catalog)
        for message in MSGIDS:
            text = catalog_text(compiled.gettext(message), message)
            assert "<" not in text
            text % {"number": "1", "point": "2", "checkers": "3"}  # what a template does with it
