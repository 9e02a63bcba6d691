"""A long diagram costs in proportion to its steps: no frame carries the others."""

from __future__ import annotations

from pathlib import Path

from babel.support import NullTranslations

from plakoto_site.content.diagrams import read_diagram
from plakoto_site.content.memo import Memo
from plakoto_site.content.problems import Problems
from plakoto_site.i18n.languages import Language
from plakoto_site.i18n.words import Words
from plakoto_site.render import diagrams
from plakoto_site.render.templates import Templates

TEMPLATES = Templates(Path(__file__).resolve().parents[2] / "templates")

BLOCKED = "W:23x3,5,2x4,1x6;B:17x2,19,20x2,21x3,22x5,24x2;P:22;T:B"
"""Neither side can move with 6-6 here, so a diagram can have as many steps as it likes."""


def long_diagram(tmp_path: Path, steps: int) -> diagrams.Diagram:
    text = f'id = "long"\nstart = "{BLOCKED}"\n' + '[[steps]]\nroll = "6-6"\nplay = ""\n' * steps
    path = tmp_path / "long.toml"
    path.write_text(text)
    problems = Problems(tmp_path)
    diagram = read_diagram(path, problems)
    assert diagram is not None, problems.items
    return diagram


def test_a_diagram_is_known_by_its_text_and_its_id(tmp_path: Path) -> None:
    """What a diagram's frames are kept by: the same source read again is the same diagram;
    one file's text under another name (a source without ``id`` takes its file's) is not."""
    text = f'start = "{BLOCKED}"\n[[steps]]\nroll = "6-6"\nplay = ""\n'
    for folder, name in (("a", "long"), ("b", "long"), ("a", "short")):
        (tmp_path / folder).mkdir(exist_ok=True)
        (tmp_path / folder / f"{name}.toml").write_text(text)
    problems = Problems(tmp_path)
    first, again, other = (read_diagram(tmp_path / folder / f"{name}.toml", problems)
                           for folder, name in (("a", "long"), ("b", "long"), ("a", "short")))
    assert first is not None and again is not None and other is not None, problems.items
    assert first.digest == again.digest
    assert (first.id, other.id) == ("long", "short")
    assert first.digest != other.digest
    memo = Memo()
    words = Words(Language.read("en"), NullTranslations(), markup=True)
    shown = [str(diagrams.diagram_html(diagram, {}, words, TEMPLATES, memo=memo)) for diagram in (first, other)]
    assert 'id="long-0"' in shown[0] and 'id="short-0"' in shown[1]  # neither is the other's, kept


def test_frame_keys_do_not_grow_with_the_steps(tmp_path: Path) -> None:
    words = Words(Language.read("en"), NullTranslations(), markup=True)
    sizes = []
    for steps in (5, 200):
        memo = Memo()
        diagrams.diagram_html(long_diagram(tmp_path, steps), {}, words, TEMPLATES, memo=memo)
        sizes.append(max(len(repr(key)) for key in memo.tables["frames"]))
    assert sizes[1] <= sizes[0] + 3  # only the frame number grows a digit or two
