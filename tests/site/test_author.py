"""``build.py diagram``: an author's own diagram file, checked by the engine, made embeddable."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "my-diagram.toml"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(REPO / "build.py"), "diagram", *args],
                          capture_output=True, text=True, timeout=120)


def test_the_example_writes_pages_pictures_and_oembed(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = run(str(EXAMPLE), "--out", str(out), "--base-url", "https://example.org/mine")
    assert done.returncode == 0, done.stderr
    for lang in ("en", "ru"):
        page = (out / lang / "index.html").read_text()
        assert 'data-plakoto-diagram="pin-on-five"' in page and f'lang="{lang}"' in page
        assert (out / "assets" / "diagram.js").exists()
        for frame in (0, 1):
            root = ET.parse(out / lang / f"{frame}.svg").getroot()
            assert root.get("lang") == lang
        ET.parse(out / lang / "filmstrip.svg")
        oembed = json.loads((out / lang / "oembed.json").read_text())
        assert oembed["type"] == "rich" and f"https://example.org/mine/{lang}/index.html" in oembed["html"]
    assert "Белые ставят туда две шашки" in (out / "ru" / "index.html").read_text()
    assert "White lands on it with two checkers" in (out / "en" / "index.html").read_text()


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
