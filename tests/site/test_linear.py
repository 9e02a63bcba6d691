"""A long diagram costs in proportion to its steps: no frame carries the others."""

from __future__ import annotations

import shutil
from pathlib import Path

from babel.support import NullTranslations

from plakoto_site.content.diagrams import read_diagram
from plakoto_site.content.memo import Memo
from plakoto_site.content.problems import Problems
from plakoto_site.i18n.languages import Language
from plakoto_site.i18n.words import Words
from plakoto_site.render import diagrams
from plakoto_site.render.diagrams import EmbedLinks
from plakoto_site.render.embed import PICTURED_STEPS, Embed
from plakoto_site.render.later import Later
from plakoto_site.render.templates import Templates
from plakoto_site.site.embeds import each_embed_file
from plakoto_site.site.files import joined, write_files

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


def test_a_figure_is_made_a_frame_at_a_time(tmp_path: Path) -> None:
    """A page writes a long diagram's figure in pieces: the figure's opening, one frame a
    piece, its end; together the same figure as made whole."""
    words = Words(Language.read("en"), NullTranslations(), markup=True)
    diagram = long_diagram(tmp_path, 30)
    pieces = list(diagrams.figure_pieces(diagram, {}, words, TEMPLATES, memo=Memo()))
    assert len(pieces) == 31 + 2
    assert pieces[0].startswith('<figure class="diagram" id="long"') and 'data-steps="31"' in pieces[0]
    assert [piece.count('class="frame"') for piece in pieces[1:-1]] == [1] * 31
    assert [piece.count("<svg") for piece in pieces[1:-1]] == [1] * 31
    assert 'id="long-30"' in pieces[-2] and pieces[-1].endswith("</figure>")
    assert "".join(pieces) == str(diagrams.diagram_html(diagram, {}, words, TEMPLATES, memo=Memo()))


def test_a_theme_that_shows_the_frames_its_own_way_gets_them_whole(tmp_path: Path) -> None:
    """A theme's ``figure`` macro that loops over the frames twice (or picks one) cannot be
    written frame by frame: it gets the frames themselves, as before."""
    theme = tmp_path / "theme"
    shutil.copytree(TEMPLATES.folder, theme)
    macros = theme / "macros/diagram.html"
    original = macros.read_text()
    loop = "{% for f in d.frames %}{{ f }}{% endfor %}"
    assert loop in original
    for shown in (loop + loop, "{{ d.frames[1] }}"):
        macros.write_text(original.replace(loop, shown))
        words = Words(Language.read("en"), NullTranslations(), markup=True)
        templates = Templates(theme)
        figure = "".join(diagrams.figure_pieces(long_diagram(tmp_path, 3), {}, words, templates, memo=Memo()))
        assert "\0" not in figure
        assert figure.count('<li id="long-1" class="frame"') == (2 if shown != "{{ d.frames[1] }}" else 1)


def test_a_page_leaves_its_figures_for_later() -> None:
    later = Later()
    first = later.mark(lambda: ["<b>", "one", "</b>"])
    second = later.mark(lambda: iter(["twó"]))
    page = f"<p>{first}</p><p>{second}{first}</p>\0" + "9\0"
    assert b"".join(later.pieces(page)) == "<p><b>one</b></p><p>twó<b>one</b></p>\0009\0".encode()
    assert list(Later().pieces("<p>plain</p>")) == [b"<p>plain</p>"]


def test_a_file_is_written_whole_or_in_pieces(tmp_path: Path) -> None:
    pieces = (bytes([65 + n % 26]) * 100_000 for n in range(30))  # 3 MB in 30 pieces
    assert write_files(tmp_path, [("a/whole.txt", b"whole"), ("a/pieces.txt", pieces)]) == ["a/whole.txt",
                                                                                               "a/pieces.txt"]
    assert (tmp_path / "a/whole.txt").read_bytes() == b"whole"
    written = (tmp_path / "a/pieces.txt").read_bytes()
    assert len(written) == 3_000_000 and written[:100_000] == b"A" * 100_000 and written[-1:] == b"D"


def test_past_the_pictured_steps_only_the_start_is_a_picture(tmp_path: Path) -> None:
    """A diagram of :data:`PICTURED_STEPS` steps (the start counts) has a picture of each, light
    and dark, and a filmstrip; one step more, and it has the start's pictures only, no
    filmstrip, and its embed box links none. Its embed page still holds every step."""
    words = Words(Language.read("en"), NullTranslations(), markup=True)
    for frames in (PICTURED_STEPS, PICTURED_STEPS + 1):
        embed = Embed(long_diagram(tmp_path, frames - 1), "en", "Long", {}, "en/embed/long")
        files = dict(each_embed_file(embed, words, NullTranslations(), TEMPLATES, "https://blog.example/",
                                     lambda name: f"../../../assets/{name}", "../../long/", "Long", Memo()))
        pictured = frames if frames <= PICTURED_STEPS else 1
        assert sorted(name for name in files if name.endswith(".svg")) == sorted(
            [f"en/embed/long/{frame}{scheme}.svg" for frame in range(pictured) for scheme in ("", ".dark")]
            + (["en/embed/long/filmstrip.svg", "en/embed/long/filmstrip.dark.svg"] if frames == pictured else []))
        assert joined(files["en/embed/long/index.html"]).count(b'class="frame"') == frames
        assert (embed.filmstrip is not None) == (frames == pictured)
        links = EmbedLinks(page="../embed/long/index.html", picture="../embed/long/0.svg",
                           filmstrip=embed.filmstrip and f"../{embed.filmstrip}", oembed="../embed/long/oembed.json",
                           iframe="<iframe></iframe>", absolute_picture="https://blog.example/en/embed/long/0.svg",
                           absolute_oembed="https://blog.example/en/embed/long/oembed.json")
        box = str(diagrams.diagram_html(embed.diagram, {}, words, TEMPLATES, links, Memo()))
        assert box.count("the first step (SVG)") == 1
        assert box.count("all steps in one picture (SVG)") == (1 if frames == pictured else 0)
