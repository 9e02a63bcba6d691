"""Scripts as served: comments and needless whitespace gone, code untouched."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from plakoto_site.render.scripts import served

ASSETS = Path(__file__).resolve().parents[2] / "templates" / "assets"


def test_comments_and_whitespace_go_code_stays() -> None:
    source = (
        "// @ts-check\n"
        "/** A doc comment\n"
        " * on two lines. */\n"
        "  var a = 1; // a trailing comment\n"
        "  /* one line */\n"
        "\n"
        "  var b = a * 2, s = \"// not a comment\", r = /\\/\\//;\n"
        "  /** @type {number} */ (b);\n"
    )
    assert served(source) == 'var a=1;var b=a*2,s="// not a comment",r=/\\/\\//;(b);\n'


PROBE = """
const R = require(process.argv[1]);
const out = [];
for (const dice of [[6, 5], [3, 1], [4, 4], [2, 2]]) {
  const plays = R.legalPlays(R.start("white"), dice, "plakoto");
  out.push(plays.map(p => p.notation));
  out.push(R.botPlay(R.start("black"), dice, "tapa", "club", 7).notation);
  out.push(R.playTree(R.start("white"), dice, "plakoto").length);
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_served_rules_answer_as_the_source(tmp_path: Path) -> None:
    source = ASSETS / "plakoto-rules.js"
    copy = tmp_path / "plakoto-rules.js"
    copy.write_text(served(source.read_text(encoding="utf-8")), encoding="utf-8")
    assert len(copy.read_bytes()) < 0.8 * len(source.read_bytes())  # the comments are a fifth and more

    def answers(path: Path) -> object:
        done = subprocess.run(["node", "-e", PROBE, str(path)], capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    assert answers(copy) == answers(source)
    for name in ("play.js", "diagram.js", "exercise.js"):
        script = tmp_path / name
        script.write_text(served((ASSETS / name).read_text(encoding="utf-8")), encoding="utf-8")
        subprocess.run(["node", "--check", str(script)], check=True)
