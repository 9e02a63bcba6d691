"""The data the Python build writes into pages for the browser scripts matches the JSDoc
typedefs those scripts are checked against: every ``<script class="xdata">``
(``ExerciseData``) and ``<script class="xwords">`` (``ExerciseWords``), every ``data-ui``
(``ExerciseUi``) and every ``<script class="diagram-data">`` (``DiagramData``) of a real
build is handed to ``tsc`` as a value of its typedef, so a key Python renames, drops or
adds fails here."""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path

import pytest

from plakoto_site.site.build import build
from plakoto_site.site.project import Project

REPO = Path(__file__).resolve().parents[2]
TSC = REPO / "node_modules" / ".bin" / "tsc"
SCRIPTS = [REPO / "templates" / "assets" / name for name in ("board.js", "exercise.js", "diagram.js")]

PageData = dict[str, list[object]]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "_site"
    build(Project(REPO), folder)
    return folder


@pytest.fixture(scope="module")
def page_data(built: Path) -> PageData:
    """Each kind of page data, once per distinct value, from every page of a real build."""
    folder = built
    found: dict[str, dict[str, object]] = {"ExerciseData": {}, "ExerciseWords": {}, "ExerciseUi": {}, "DiagramData": {}}
    patterns = {
        "ExerciseData": r'<script type="application/json" class="xdata">(.*?)</script>',
        "ExerciseWords": r'<script type="application/json" class="xwords">(.*?)</script>',
        "ExerciseUi": r' data-ui="([^"]*)"',
        "DiagramData": r'<script type="application/json" class="diagram-data">(.*?)</script>',
    }
    for page in sorted(folder.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        for kind, pattern in patterns.items():
            for raw in re.findall(pattern, text, re.S):
                value = html.unescape(raw) if kind == "ExerciseUi" else raw
                found[kind][value] = json.loads(value)
    return {kind: list(values.values()) for kind, values in found.items()}


def type_check(data: PageData, folder: Path) -> subprocess.CompletedProcess[str]:
    """``tsc`` over the scripts (for their typedefs) and the data, each kind declared as an
    array of its typedef; excess and missing keys and wrong types are errors."""
    if not TSC.exists():
        pytest.fail("TypeScript is missing: run `make test` (or `npm ci`) to install node_modules")
    lines = ["// @ts-check"]
    for kind, values in data.items():
        lines += [f"/** @type {{{kind}[]}} */", f"var {kind[0].lower()}{kind[1:]} = {json.dumps(values)};"]
    (folder / "data.js").write_text("\n".join(lines) + "\n", encoding="utf-8")
    config = {
        "compilerOptions": {"allowJs": True, "checkJs": True, "noEmit": True, "strict": True,
                            "target": "es2020", "lib": ["es2020", "dom", "dom.iterable"], "types": []},
        "files": [str(path) for path in SCRIPTS] + [str(folder / "data.js")],
    }
    (folder / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    return subprocess.run([str(TSC), "-p", str(folder / "tsconfig.json")], capture_output=True, text=True,
                          timeout=300, check=False)


def test_the_build_writes_every_kind_of_page_data(page_data: PageData) -> None:
    # 27 diagrams and the exercises of the lessons: each kind is there, or the check below
    # would pass on nothing.
    assert len(page_data["DiagramData"]) >= 27
    assert page_data["ExerciseData"] and page_data["ExerciseWords"] and page_data["ExerciseUi"]


def test_page_data_matches_the_scripts_typedefs(page_data: PageData, tmp_path: Path) -> None:
    done = type_check(page_data, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_renamed_key_is_caught(page_data: PageData, tmp_path: Path) -> None:
    """The check above can fail: a node whose ``done`` Python called ``finished``."""
    first = json.loads(json.dumps(page_data["ExerciseData"][0]))
    first["nodes"][0]["finished"] = first["nodes"][0].pop("done")
    done = type_check({"ExerciseData": [first]}, tmp_path)
    assert done.returncode != 0
    assert "finished" in done.stdout and "TreeNode" in done.stdout, done.stdout


def test_facts_come_from_python(page_data: PageData) -> None:
    """The stack limit (five checkers drawn, four above a pinned one) and each frame's
    anchors are in the data; the scripts derive neither."""
    assert {json.dumps(d["stack"]) for d in page_data["ExerciseData"]} == {  # type: ignore[index]
        '{"checkers": 5, "pinned": 4}'}
    bear_off = next(d for d in page_data["DiagramData"] if d["id"] == "bear-off-6-5")  # type: ignore[index]
    assert bear_off == {"id": "bear-off-6-5", "frames": [
        {"id": "bear-off-6-5-0", "name": "start", "anchors": ["bear-off-6-5-0", "bear-off-6-5-start"]},
        {"id": "bear-off-6-5-bear-off", "name": "bear-off", "anchors": ["bear-off-6-5-bear-off", "bear-off-6-5-1"]},
    ]}


EXERCISE = re.compile(r'data-plakoto-exercise="([^"]+)".*?<script type="application/json" class="xdata">(.*?)</script>'
                      r'<script type="application/json" class="xwords">(.*?)</script>', re.S)


def test_an_exercise_tree_is_the_same_in_every_language_and_its_numbers_point_at_its_words(built: Path) -> None:
    """The tree carries no words: a refusal, a label, a line under the board is a number
    into the lists of the words beside it, which each language fills."""
    trees: dict[str, dict[str, str]] = {}
    for page in sorted(built.glob("*/practice/drills/*/*/index.html")) + sorted(built.glob("*/*/index.html")):
        lang = page.relative_to(built).parts[0]
        for exercise, data, words in EXERCISE.findall(page.read_text(encoding="utf-8")):
            # a lesson's exercise is on the Practice page too: the same tree on both
            assert trees.setdefault(exercise, {}).setdefault(lang, data) == data, (page, exercise)
            tree, worded = json.loads(data), json.loads(words)
            used: dict[str, set[int]] = {"refusals": set(), "labels": set(), "info": set()}
            for node in tree["nodes"]:
                used["labels"].update(node["labels"].values())
                used["info"].update(node["info"])
                used["refusals"].update(t["refusal"] for tries in node["tries"].values() for t in tries
                                        if t["refusal"] is not None)
                if node["bearOffRefusal"] is not None:
                    used["refusals"].add(node["bearOffRefusal"])
            for kind, numbers in used.items():  # each number has its words, and no words go unused
                assert numbers == set(range(len(worded[kind]))), (page, exercise, kind)
            assert all(worded[kind]) and worded["turn"] and worded["off"]
    # the "find a play" drills and the lessons' exercises that are played on the board
    assert sum(name.startswith("drill-") for name in trees) >= 20 and sum(not name.startswith("drill-") for name in trees) >= 10
    for exercise, by_language in trees.items():
        assert sorted(by_language) == ["el", "en", "ru", "uk"], exercise
        assert len(set(by_language.values())) == 1, exercise


def test_an_exercise_words_are_its_languages(built: Path) -> None:
    """The same exercise's words: a refusal, a label and the word for "off" in Russian."""
    page = (built / "ru" / "practice" / "drills" / "find" / "1" / "index.html").read_text(encoding="utf-8")
    words = json.loads(EXERCISE.findall(page)[0][2])
    english = json.loads(EXERCISE.findall((built / "en" / "practice" / "drills" / "find" / "1" / "index.html")
                                          .read_text(encoding="utf-8"))[0][2])
    assert words["off"] == "за доску" and english["off"] == "off"
    assert all(label.startswith("Пункт ") for label in words["labels"])
    assert all(label.startswith("Point ") for label in english["labels"])
    assert len(words["refusals"]) == len(english["refusals"]) > 0
