"""A catalog is read as strictly as GNU gettext's ``msgfmt -c``: every mistake a translator
can make in a PO file is ``locales/xx/LC_MESSAGES/messages.po:LINE: what — what to do``, at
``check``, ``build``, ``serve`` and ``messages``, never a traceback, and the last good site
stays as it was. The expected lines and words are written by hand from the fixtures."""

from __future__ import annotations

import io
import re
import shutil
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plakoto_site.commands import serve
from plakoto_site.content.problems import Problems
from plakoto_site.i18n.catalogs import catalog_path, language_catalog
from plakoto_site.i18n.languages import Language
from plakoto_site.i18n.words import Words
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache

from .conftest import PO_RU, MiniProject

REPO = Path(__file__).resolve().parents[2]
PO = "locales/ru/LC_MESSAGES/messages.po"

# Line numbers in PO_RU: 7 msgid "White rolls…", 8 its msgstr, 10 msgid "%(count)s white
# checker", 11 msgid_plural, 12-14 msgstr[0..2].
MISTAKES = [
    pytest.param(PO_RU.replace("%(roll)s, ход", "%(roll)d, ход"),
                 f"{PO}:8: the placeholder %(roll)d is not the msgid's %(roll)s — write %(roll)s exactly",
                 id="placeholder-type"),
    pytest.param(PO_RU.replace("(запись %(play)s).\"", "(запись %(play)s)."),
                 f"{PO}:8: the text has no closing quote — end the line with a quote \"", id="unterminated"),
    pytest.param(PO_RU.replace("Белые: бросок", "Белые: \"бросок\""),
                 f"{PO}:8: a quote inside the text ends it early — write a quote inside the text as \\\"",
                 id="stray-quote"),
    pytest.param(PO_RU.replace('msgstr "Белые', 'msgtsr "Белые'),
                 f"{PO}:8: 'msgtsr' is not a PO keyword — a line starts with msgid, msgstr", id="unknown-keyword"),
    pytest.param(PO_RU + '\nmsgid "White rolls %(roll)s and plays %(moves)s (written %(play)s)."\nmsgstr "x"\n',
                 f"{PO}:16: this msgid is already in the file, at line 7 — keep one of the two entries",
                 id="duplicate"),
    pytest.param(PO_RU + '\nmsgid "broken\nmsgstr',
                 f"{PO}:16: the text has no closing quote", id="dangling-msgid"),
    pytest.param(PO_RU + 'msgstr[3] "%(count)s белых шашек"\n',
                 f"{PO}:15: msgstr[3] is one plural form too many: the header says nplurals=3", id="plural-too-many"),
    pytest.param(PO_RU.replace("nplurals=3", "nplurals=2"),
                 f"{PO}:4: the header says nplurals=2, but ru has 3 plural forms — write the header line as "
                 '"Plural-Forms: nplurals=3;', id="plural-rule"),
    pytest.param(PO_RU.replace("plural=(n%10==1 &&", "plural=(n%10==1 && &&"),
                 f"{PO}:4: the header's plural rule cannot be read: unexpected token in plural form: && — write the "
                 'header line as "Plural-Forms: nplurals=3; plural=n % 10 == 1 && n % 100 != 11 ? 0', id="plural-expression"),
    pytest.param(PO_RU.replace('msgstr[2] "%(count)s белых шашек"\n', ""),
                 f"{PO}:12: ru needs 3 plural forms here, but the translation has 2", id="plural-missing"),
]


def _bytes_mistakes() -> list[tuple[bytes, str]]:
    latin = PO_RU.encode() + b'\n#. caf\xe9\n'
    cyrillic = PO_RU.replace("charset=UTF-8", "charset=UTF-8").encode("cp1251")
    return [
        (latin, f"{PO}:16: this file is not UTF-8: byte 0xe9 on this line is not a UTF-8 character — save the "
                "file as UTF-8"),
        (cyrillic, f"{PO}:8: this file is not UTF-8: byte 0xc1 on this line is not a UTF-8 character — save the "
                   "file as UTF-8"),
    ]


def _assert_refused(project: MiniProject, command: str, expected: str) -> None:
    done = project.run(command)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    assert done.returncode == 1, done.stdout + done.stderr
    assert expected in done.stderr, done.stderr


@pytest.mark.parametrize(("text", "expected"), MISTAKES)
def test_each_po_mistake_stops_check_and_build_with_its_line(project: MiniProject, text: str, expected: str) -> None:
    assert project.run("build").returncode == 0
    before = project.snapshot()
    project.write(PO, text)
    _assert_refused(project, "check", expected)
    _assert_refused(project, "build", expected)
    assert project.snapshot() == before


@pytest.mark.parametrize("case", [0, 1])
def test_a_file_that_is_not_utf8_is_named_at_its_bad_byte(project: MiniProject, case: int) -> None:
    data, expected = _bytes_mistakes()[case]
    assert project.run("build").returncode == 0
    before = project.snapshot()
    (project.root / PO).write_bytes(data)
    _assert_refused(project, "check", expected)
    _assert_refused(project, "build", expected)
    assert project.snapshot() == before


def test_a_legacy_charset_the_header_declares_is_read_with_a_warning(project: MiniProject) -> None:
    (project.root / PO).write_bytes(PO_RU.replace("charset=UTF-8", "charset=Windows-1251").encode("cp1251"))
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    assert (f"{PO}:1: warning: this file is saved as Windows-1251, not UTF-8; it was read as its header says — "
            "save the file as UTF-8") in done.stderr
    assert "Белые: бросок" in (project.root / "_site/ru/pinning/index.html").read_text(encoding="utf-8")


def test_an_unterminated_string_never_cuts_a_letter_off_the_page(project: MiniProject) -> None:
    """B04: Babel's reader alone drops the last letter of such a text and builds."""
    project.write(PO, PO_RU.replace("(запись %(play)s).\"", "(запись %(play)s)."))
    done = project.run("build")
    assert done.returncode == 1
    assert not (project.root / "_site").exists()


def test_a_translated_msgid_is_caught_against_the_template(project: MiniProject) -> None:
    project.write("locales/messages.pot", PO_RU.replace("msgstr \"Белые: бросок %(roll)s, ход %(moves)s (запись "
                                                        "%(play)s).\"", "msgstr \"\""))
    project.write(PO, PO_RU.replace('msgid "White rolls', 'msgid "Белые rolls'))
    _assert_refused(project, "check", f"{PO}:7: the msgid 'Белые rolls %(roll)s and plays %(moves)s (written "
                                      "%(play)s).' is not a text of the site (locales/messages.pot) — the msgid is "
                                      "the English text and stays as it is")


@pytest.mark.parametrize(("text", "expected"), MISTAKES)
def test_serve_reports_each_po_mistake_and_keeps_the_site(project: MiniProject, text: str, expected: str) -> None:
    out = project.root / "_site"
    assert project.run("build").returncode == 0
    before = project.snapshot()
    project.write(PO, text)
    errors, output = io.StringIO(), io.StringIO()
    with redirect_stderr(errors), redirect_stdout(output):
        assert serve.rebuild(Project(project.root), out, None, BuildCache()) is False
    said = errors.getvalue()
    assert expected in said, said
    assert "unexpected error" not in said and "Traceback" not in said
    assert "still serving the last good site" in said
    assert project.snapshot() == before


def test_make_messages_names_the_file_and_line(project: MiniProject) -> None:
    shutil.copytree(REPO / "plakoto_site", project.root / "plakoto_site")
    project.write(PO, PO_RU.replace('msgstr "Белые', 'msgtsr "Белые'))
    before = (project.root / PO).read_bytes()
    done = project.run("messages")
    assert "Traceback" not in done.stderr
    assert done.returncode == 1
    assert f"{PO}:8: 'msgtsr' is not a PO keyword" in done.stderr
    assert "messages: stopped, no catalog was changed" in done.stderr
    assert (project.root / PO).read_bytes() == before
    assert not (project.root / "locales/messages.pot").exists()


# -- the real catalog, mangled ---------------------------------------------------------------

REAL = (REPO / PO).read_bytes()
SCRATCH = Path(tempfile.mkdtemp(prefix="po-mangled-"))
LINES = REAL.split(b"\n")
with (REPO / "locales/messages.pot").open("rb") as _file:
    TEMPLATE = read_po(_file)


@st.composite
def mangled(draw: st.DrawFn) -> bytes:
    """The real Russian catalog with a few typos a translator's editor could make."""
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["flip", "drop", "double", "quote", "percent", "type", "cp1251"]))
        line: bytes | None = lines[index]
        assert line is not None
        if kind == "flip" and line:
            at = draw(st.integers(0, len(line) - 1))
            line = line[:at] + bytes([line[at] ^ (1 << draw(st.integers(0, 7)))]) + line[at + 1:]
        elif kind == "drop":
            line = None
        elif kind == "double":
            lines.insert(index, line)
        elif kind == "quote" and b'"' in line:
            positions = [i for i, byte in enumerate(line) if byte == ord('"')]
            at = draw(st.sampled_from(positions))
            line = line[:at] + line[at + 1:]
        elif kind == "percent":
            line = line.replace(b")s", draw(st.sampled_from([b")d", b")", b")r", b"s"])), 1)
        elif kind == "type":
            line = line.replace(b"%(", b"%", 1)
        elif kind == "cp1251":
            line = line.decode("utf-8", "replace").encode("cp1251", "replace")
        if line is None:
            del lines[index]
        else:
            lines[index] = line
    return b"\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(mangled())
def test_a_mangled_catalog_is_refused_with_its_line_or_renders_every_text(data: bytes) -> None:
    """Whatever the typos, reading the catalog never raises: it is refused with ``path:line``
    problems, or every translated text can be put together as a page does it."""
    locales = SCRATCH / "locales"
    path = catalog_path(locales, "ru")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    shutil.copy(REPO / "locales/messages.pot", locales / "messages.pot")
    problems = Problems(SCRATCH)
    catalog = language_catalog(locales, "ru", "en", problems)
    for problem in problems.items:
        assert re.fullmatch(r"locales/ru/LC_MESSAGES/messages\.po:\d+: .+ — .+", str(problem)), problem
        assert problem.line >= 1
    if problems.errors:
        return
    words = Words(Language.read("ru"), catalog.translations, markup=True)
    for message in TEMPLATE:
        if not message.id:
            continue
        ids = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
        if len(ids) == 2:
            texts = [catalog.translations.ngettext(ids[0], ids[1], n) for n in (1, 2, 5)]
        else:
            texts = [catalog.translations.gettext(ids[0])]
        kinds = dict(re.findall(r"%\((\w+)\)([sd])", "".join(ids)))
        for text in texts:
            if "d" in kinds.values():  # a template's ngettext: the number as a number
                text % {name: 1 if kind == "d" else "x" for name, kind in kinds.items()}
            else:  # the engine's sentences: every value a string, escaped (Words.format)
                words.format(text, **dict.fromkeys(kinds, "x"))


def test_status_reports_a_catalog_mistake_instead_of_counting_it(project: MiniProject) -> None:
    project.write(PO, PO_RU.replace("(запись %(play)s).\"", "(запись %(play)s)."))
    for args in (["status"], ["status", "--strict"], ["status", "--json"]):
        done = project.run(*args)
        assert "Traceback" not in done.stderr
        assert done.returncode == 1
        assert f"{PO}:8: the text has no closing quote — end the line with a quote \"" in done.stderr
        assert "status: fix the errors above first" in done.stderr


BUILT = Path(tempfile.mkdtemp(prefix="po-mangled-site-"))
"""One small project for the whole property below: built once, then each example's
catalog written into it."""


_PROJECT: list[MiniProject] = []


def _built_project() -> MiniProject:
    """The small project with the real Russian catalog, built once."""
    if not _PROJECT:
        project = MiniProject(BUILT / "project")
        project.write(PO, REAL.decode("utf-8"))
        assert project.run("build").returncode == 0
        _PROJECT.append(project)
    return _PROJECT[0]


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(mangled())
def test_a_mangled_catalog_never_crashes_the_build_and_leaves_the_site(data: bytes) -> None:
    """The whole command, in this process: a mangled real catalog either builds or stops
    with ``messages.po:LINE`` problems, never an exception, and the last site stays."""
    from plakoto_site.commands import cli

    project = _built_project()
    before = project.snapshot()
    (project.root / PO).write_bytes(data)
    errors, output = io.StringIO(), io.StringIO()
    with redirect_stderr(errors), redirect_stdout(output):
        code = cli.main(["--root", str(project.root), "build"])
    said = errors.getvalue()
    assert "Traceback" not in said
    if code == 0:
        (project.root / PO).write_bytes(REAL)
        assert project.run("build").returncode == 0  # back to the site the next example expects
        return
    assert code == 1
    assert re.search(r"^locales/ru/LC_MESSAGES/messages\.po:\d+: .+ — .+$", said, re.M), said
    assert "Build stopped" in said and "was left as it was" in said
    assert project.snapshot() == before
