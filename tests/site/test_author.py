"""``build.py diagram``: an author's own diagram file, checked by the engine, made embeddable."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from plakoto_site.render.embed import PICTURED_STEPS

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "my-diagram.toml"


def run(*args: str, base_url: str | None = "https://blog.example/d/") -> subprocess.CompletedProcess[str]:
    """``diagram`` with ``args``, and ``--base-url`` (required to write) unless given or None."""
    if base_url is not None and "--base-url" not in args and "--help" not in args:
        args = (*args, "--base-url", base_url)
    return subprocess.run([sys.executable, str(REPO / "build.py"), "diagram", *args],
                          capture_output=True, text=True, timeout=120)


def test_the_example_writes_pages_pictures_and_oembed(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = run(str(EXAMPLE), "--out", str(out), "--base-url", "https://example.org/mine")
    assert done.returncode == 0, done.stderr
    for lang in ("en", "ru"):
        folder = out / lang / "embed" / "pin-on-five"  # the tutorial's layout
        page = (folder / "index.html").read_text()
        assert 'data-plakoto-diagram="pin-on-five"' in page and f'lang="{lang}"' in page
        assert 'src="../../../assets/diagram.js' in page
        for frame in (0, 1):
            root = ET.parse(folder / f"{frame}.svg").getroot()
            assert root.get("lang") == lang
        ET.parse(folder / "filmstrip.svg")
        oembed = json.loads((folder / "oembed.json").read_text())
        assert oembed["type"] == "rich"
        assert f"https://example.org/mine/{lang}/embed/pin-on-five/index.html" in oembed["html"]
    assert "Белые ставят туда две шашки" in (out / "ru/embed/pin-on-five/index.html").read_text()
    assert "White lands on it with two checkers" in (out / "en/embed/pin-on-five/index.html").read_text()
    # only what an embed page loads, once
    assert sorted(p.name for p in (out / "assets").iterdir()) == [
        "diagram.js", "embed-frame.js", "favicon.svg", "plakoto-embed.js", "site.css"]


def test_many_diagrams_go_into_one_folder_with_a_gallery(tmp_path: Path) -> None:
    other = tmp_path / "other.toml"
    other.write_text(EXAMPLE.read_text().replace('id = "pin-on-five"', 'id = "other-pin"')
                     .replace('title = { en = "Pinning a lone checker on the 5 point"', 'title = { en = "Another pin"'))
    out = tmp_path / "diagrams"
    done = run(str(EXAMPLE), str(other), "--out", str(out), "--lang", "en")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (out / "en" / "embed").iterdir()) == ["index.html", "other-pin", "pin-on-five"]
    gallery = (out / "en" / "embed" / "index.html").read_text()
    assert '<a href="pin-on-five/index.html">Pinning a lone checker on the 5 point</a>' in gallery
    assert '<a href="other-pin/index.html">Another pin</a>' in gallery
    assert gallery.count("<textarea") == 2 and "other-pin/index.html" in gallery
    # the same id twice is refused, nothing written
    again = run(str(EXAMPLE), str(EXAMPLE.parent / ".." / "examples" / "my-diagram.toml"), str(other), "--out",
                str(tmp_path / "twice"))
    assert again.returncode == 0  # one file named twice is one diagram
    clash = tmp_path / "clash.toml"
    clash.write_text(EXAMPLE.read_text())
    refused = run(str(EXAMPLE), str(clash), "--out", str(tmp_path / "clash"))
    assert refused.returncode == 1 and "clash.toml:1: the id 'pin-on-five' is the id of" in refused.stderr
    assert not (tmp_path / "clash").exists()


def test_one_language_only(tmp_path: Path) -> None:
    done = run(str(EXAMPLE), "--out", str(tmp_path / "out"), "--lang", "ru")
    assert done.returncode == 0, done.stderr
    assert [p.name for p in sorted((tmp_path / "out").iterdir())] == [".plakoto-site", "assets", "ru"]


def test_a_bad_play_stops_with_path_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.read_text().replace('play = "8/5* 6/5"', 'play = "8/2 6/5"'))
    out = tmp_path / "out"
    done = run(str(bad), "--out", str(out))
    assert done.returncode == 1
    assert "bad.toml:12: step 1 (white 3-1): illegal play '8/2 6/5': the roll 3-1 cannot move a checker from 8 to 2" in done.stderr
    assert "Traceback" not in done.stderr and not out.exists()


def test_a_caption_line_is_found_in_its_own_language(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.read_text().replace('pin = "Белые', 'pinned = "Белые'))
    done = run(str(bad), "--out", str(tmp_path / "out"), "--lang", "ru")
    assert done.returncode == 1 and "bad.toml:22: diagram 'pin-on-five' has no step 'pinned'" in done.stderr


def test_a_caption_for_a_missing_step_is_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.read_text().replace('pin = "White lands', 'pinned = "White lands'))
    done = run(str(bad), "--out", str(tmp_path / "out"), "--lang", "en")
    assert done.returncode == 1
    assert "bad.toml:18: diagram 'pin-on-five' has no step 'pinned' — use one of: start, pin" in done.stderr


def test_the_card_shows_the_chosen_step_with_the_title(tmp_path: Path) -> None:
    """card = "step" chooses the step a link preview shows; by default the last, where the
    diagram makes its point (here the pin), not the start every diagram shares."""
    chosen = tmp_path / "start-card.toml"
    chosen.write_text(EXAMPLE.read_text().replace('rules = "plakoto"', 'rules = "plakoto"\ncard = "start"'))
    cards = {}
    for name, source in (("default", EXAMPLE), ("start", chosen)):
        done = run(str(source), "--out", str(tmp_path / name), "--lang", "en")
        assert done.returncode == 0, done.stderr
        cards[name] = (tmp_path / name / "en/embed/pin-on-five/card.png").read_bytes()
    assert cards["default"] != cards["start"]
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(EXAMPLE.read_text().replace('rules = "plakoto"', 'rules = "plakoto"\ncard = "pinned"'))
    done = run(str(wrong), "--out", str(tmp_path / "wrong"), "--lang", "en")
    assert done.returncode == 1
    assert ("wrong.toml:6: card = 'pinned' names no step of 'pin-on-five' — name the step the link preview shows: "
            "one of start, pin") in done.stderr


def test_a_diagram_past_the_pictured_steps_has_the_start_s_pictures_and_its_card(tmp_path: Path) -> None:
    """A diagram longer than :data:`PICTURED_STEPS` steps: its embed page holds every step,
    its pictures are the start's only (no filmstrip), and its link preview card still shows
    its last step, which has no picture of its own; the command says so."""
    source = tmp_path / "long.toml"
    source.write_text('id = "long"\nstart = "W:23x3,5,2x4,1x6;B:17x2,19,20x2,21x3,22x5,24x2;P:22;T:B"\n'
                      + '[[steps]]\nroll = "6-6"\nplay = ""\n' * PICTURED_STEPS
                      + '[captions.en]\nstart = "Nobody can move with 6-6."\n')
    out = tmp_path / "out"
    done = run(str(source), "--out", str(out), "--lang", "en")
    assert done.returncode == 0, done.stderr
    folder = out / "en" / "embed" / "long"
    assert sorted(path.name for path in folder.iterdir() if path.suffix in (".svg", ".png")) == [
        "0.dark.png", "0.dark.svg", "0.dark@2x.png", "0.png", "0.svg", "0@2x.png", "card.png"]
    assert (folder / "index.html").read_text().count('class="frame"') == PICTURED_STEPS + 1
    assert f"(pictures: 0.svg, the start only: more than {PICTURED_STEPS} steps, oEmbed" in done.stdout


def test_without_base_url_nothing_is_written_and_no_snippet_names_a_placeholder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = run(str(EXAMPLE), "--out", str(out), base_url=None)
    assert done.returncode == 2
    assert ("Diagram not written: --base-url is missing. The snippet, the oEmbed answers and the link previews "
            "name the address you will upload the folder to: give it, e.g. --base-url https://blog.example/diagrams/ "
            f"(the files check; nothing in {out} was changed).") in done.stderr
    assert not out.exists() and "example.org" not in done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    # a mistake in a file is still told first, with its line, so one pass fixes both
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.read_text().replace('play = "8/5* 6/5"', 'play = "8/2 6/5"'))
    done = run(str(bad), "--out", str(out), base_url=None)
    assert done.returncode == 1 and "bad.toml:12: step 1 (white 3-1): illegal play '8/2 6/5'" in done.stderr
    assert not out.exists()


def test_lang_help_says_what_diagram_lang_does(tmp_path: Path) -> None:
    assert "always included" not in run("--help").stdout
    out = tmp_path / "out"
    assert run(str(EXAMPLE), "--out", str(out), "--lang", "ru", "--base-url", "https://blog.example/d/").returncode == 0
    assert sorted(p.name for p in out.iterdir() if p.name != "assets" and p.is_dir()) == ["ru"]  # not en
