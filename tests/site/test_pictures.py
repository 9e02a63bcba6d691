"""The embed pictures and filmstrips are XML, whatever the author writes: a lesson title and
captions holding ``& < "`` come out as text, never as markup."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .conftest import MiniProject

NS = {"s": "http://www.w3.org/2000/svg"}

TITLE = 'Pins & <blots> "here"'

LESSON = """\
+++
title = 'Pins & <blots> "here"'
order = 1
summary = "s"
+++

Text.

```diagram pin
start: Black & White <b>both</b> say "go".
pin: White pins it & <i>keeps</i> it "pinned".
```
"""


def test_pictures_and_filmstrips_are_xml_with_the_words_as_written(project: MiniProject) -> None:
    project.write("content/en/pinning.md", LESSON)
    done = project.run("build")
    assert done.returncode == 0, done.stderr
    folder = project.root / "_site" / "en" / "embed" / "pin"
    assert sorted(p.name for p in folder.glob("*.svg")) == ["0.svg", "1.svg", "filmstrip.svg"]
    start = ET.parse(folder / "0.svg").getroot()
    assert (start.findtext("s:title", namespaces=NS) or "").startswith(TITLE + " · Plakoto — ")
    assert (start.findtext("s:desc", namespaces=NS) or "").startswith('Black & White <b>both</b> say "go". ')
    pin = ET.parse(folder / "1.svg").getroot()
    assert (pin.findtext("s:desc", namespaces=NS) or "").startswith('White pins it & <i>keeps</i> it "pinned". ')
    strip = ET.parse(folder / "filmstrip.svg").getroot()
    assert strip.findtext("s:title", namespaces=NS) == TITLE + " · Plakoto"
    assert len(strip.findall("s:svg", NS)) == 2
    # And every other picture of the site, in every language, parses too.
    pictures = sorted((project.root / "_site").glob("*/embed/*/*.svg"))
    assert len(pictures) == 6  # en and ru: 0.svg, 1.svg, filmstrip.svg
    for path in pictures:
        ET.parse(path)
