"""One explicit build state: the caller's :class:`BuildCache`, and nothing kept elsewhere."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import cast

import pytest
from jinja2 import Environment

import plakoto_site.site.build as building
from plakoto_site.content.problems import ContentError
from plakoto_site.site.build import build
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache

from .conftest import DIAGRAM, LESSON_RU, PO_RU, MiniProject

CHANGED = DIAGRAM.replace('play = "20/15* 13/10"', 'play = "20/15* 24/21"').split("[steps.expect]")[0]
"""The same diagram with another play (legal with 5-3: 24/21 lands on an empty point)."""


def page(root: Path, folder: str = "_site") -> str:
    return (root / folder / "en/pinning/index.html").read_text()


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_projects_in_one_process_share_nothing(tmp_path: Path) -> None:
    first, second = MiniProject(tmp_path / "a"), MiniProject(tmp_path / "b")
    caches = {first.root: BuildCache(), second.root: BuildCache()}
    for mini in (first, second):
        build(Project(mini.root), cache=caches[mini.root])
    assert 'data-play="20/15* 13/10"' in page(second.root)

    second.write("content/diagrams/pin.toml", CHANGED)
    for mini in (first, second):  # as serve rebuilds: in place, with the cache it keeps
        build(Project(mini.root), in_place=True, cache=caches[mini.root])

    assert 'data-play="24/21 20/15*"' in page(second.root)
    assert 'data-play="20/15* 13/10"' not in page(second.root)
    assert 'data-play="20/15* 13/10"' in page(first.root)
    assert 'data-play="24/21 20/15*"' not in page(first.root)


def test_a_kept_cache_builds_the_same_bytes_as_a_cold_build(tmp_path: Path) -> None:
    mini = MiniProject(tmp_path / "p")
    cache = BuildCache()
    build(Project(mini.root), cache=cache)
    mini.write("content/diagrams/pin.toml", CHANGED)
    mini.write("content/en/moving.md", (mini.root / "content/en/moving.md").read_text().replace("Each", "Every"))
    build(Project(mini.root), in_place=True, cache=cache)
    build(Project(mini.root), tmp_path / "cold", cache=BuildCache())
    kept, cold = files(mini.root / "_site"), files(tmp_path / "cold")
    assert kept.keys() == cold.keys()
    assert [name for name in kept if kept[name] != cold[name]] == []
    assert "Every number moves one checker." in kept["en/moving/index.html"].decode()


def test_a_state_for_one_build_keeps_no_page_for_a_next_one(tmp_path: Path) -> None:
    """``build.py build`` leaves when its build is done: the whole pages a lasting state
    keeps for ``serve``'s next build would only cost the time to key them."""
    class Watched(BuildCache):
        """Notes what the state holds as each language is done."""

        def __init__(self) -> None:
            super().__init__(lasting=False)
            self.held: list[set[str]] = []

        def language_done(self) -> None:
            self.held.append(set(self.tables))
            super().language_done()

    mini = MiniProject(tmp_path / "p")
    lasting, once = BuildCache(), Watched()
    build(Project(mini.root), tmp_path / "lasting", cache=lasting)
    build(Project(mini.root), tmp_path / "once", cache=once)
    assert files(tmp_path / "lasting") == files(tmp_path / "once")
    kept_whole = {"lesson pages", "gallery pages", "lesson bodies", "figures", "embeds"}
    assert kept_whole <= set(lasting.tables)
    assert kept_whole.isdisjoint(once.tables)
    # A language's frames are shared by its lesson and its embed page, then let go of.
    assert once.held and all("frames" in held for held in once.held)  # (the other language: maybe forked)
    assert "frames" not in once.tables and "frames" in lasting.tables


def test_a_renamed_lesson_reaches_the_kept_pages_that_link_to_it(tmp_path: Path) -> None:
    """A page kept whole in the build state is given again whenever anything it shows
    changed: here a neighbour's title, in its pager link."""
    mini = MiniProject(tmp_path / "p")
    cache = BuildCache()
    build(Project(mini.root), cache=cache)
    assert "</span> Moving</a>" in page(mini.root)
    moving = (mini.root / "content/en/moving.md").read_text()
    mini.write("content/en/moving.md", moving.replace('title = "Moving"', 'title = "Moving the checkers"'))
    build(Project(mini.root), in_place=True, cache=cache)
    assert "</span> Moving the checkers</a>" in page(mini.root)
    build(Project(mini.root), tmp_path / "cold", cache=BuildCache())
    kept, cold = files(mini.root / "_site"), files(tmp_path / "cold")
    assert [name for name in kept if kept.get(name) != cold.get(name)] == []


def test_the_cache_is_what_a_second_build_reuses(tmp_path: Path) -> None:
    mini = MiniProject(tmp_path / "p")
    cache = BuildCache()
    build(Project(mini.root), cache=cache)
    boards = dict(cache.tables["boards"])
    assert cache.tables["sources"] and cache.tables["frames"] and cache.tables["embeds"] and boards
    build(Project(mini.root), in_place=True, cache=cache)
    assert cache.tables["boards"] == boards  # nothing changed, nothing new drawn


def _module_state() -> dict[str, int]:
    """The size of every dict, list and set a module of the package holds."""
    sizes = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("plakoto_site"):
            for attribute, value in vars(module).items():
                if isinstance(value, dict | list | set) and not attribute.startswith("__"):
                    sizes[f"{name}.{attribute}"] = len(value)
    return sizes


def test_a_build_keeps_nothing_in_the_modules(tmp_path: Path) -> None:
    mini = MiniProject(tmp_path / "p")
    build(Project(mini.root), tmp_path / "warm")  # every module imported
    before = _module_state()
    mini.write("content/diagrams/pin.toml", CHANGED)
    build(Project(mini.root), tmp_path / "out")
    after = _module_state()
    assert {name: (before.get(name), size) for name, size in after.items() if before.get(name) != size} == {}


def test_a_template_edit_reaches_the_embed_pages_a_kept_cache_holds(tmp_path: Path) -> None:
    mini = MiniProject(tmp_path / "p")
    cache = BuildCache()
    build(Project(mini.root), cache=cache)
    template = mini.root / "templates/embed.html"
    template.write_text(template.read_text().replace("</body>", "<!-- edited --></body>"))
    build(Project(mini.root), in_place=True, cache=cache)
    assert "<!-- edited -->" in (mini.root / "_site/en/embed/pin/index.html").read_text()


def test_a_kept_catalog_reports_its_problems_on_every_build_until_fixed(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # One process holds the whole build state here: a forked copy would keep its languages'
    # catalogs to itself (whether a build forks depends on the machine and the threads).
    monkeypatch.setattr(building, "two_cores", lambda: False)
    mini = MiniProject(tmp_path / "p")
    mini.write("locales/ru/LC_MESSAGES/messages.po", PO_RU.replace("(запись %(play)s).", "(запись)."))
    cache = BuildCache()
    kept = []
    for _ in range(2):  # the second build takes the compiled catalog from the cache
        with pytest.raises(ContentError) as stopped:
            build(Project(mini.root), in_place=True, cache=cache)
        assert [p.message for p in stopped.value.problems if p.path.endswith("messages.po")] == [
            "the translation drops the placeholder %(play)s"]
        kept.append(sorted(cast(tuple[str, str, str, bytes], key)[1] for key in cache.tables["catalogs"]))
    assert kept[0] == kept[1] and "ru" in kept[1]  # nothing compiled again
    mini.write("locales/ru/LC_MESSAGES/messages.po", PO_RU)
    build(Project(mini.root), in_place=True, cache=cache)
    assert "Белые: бросок 5–3, ход" in (mini.root / "_site/ru/pinning/index.html").read_text()


def test_a_page_no_longer_built_is_removed_from_the_served_folder(tmp_path: Path) -> None:
    """Under serve, a lesson taken away takes its page and its folder with it; the rest stays."""
    mini = MiniProject(tmp_path / "p")
    cache = BuildCache()
    build(Project(mini.root), in_place=True, cache=cache)
    site = mini.root / "_site"
    assert (site / "en/moving/index.html").is_file() and (site / "ru/moving/index.html").is_file()
    (mini.root / "content/en/moving.md").unlink()
    build(Project(mini.root), in_place=True, cache=cache)
    assert not (site / "en/moving").exists() and not (site / "ru/moving").exists()
    assert (site / "en/pinning/index.html").is_file()
    assert all(Path(path).exists() for path in cache.written)


def test_a_kept_comparison_with_the_english_reports_its_warnings_on_every_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(building, "two_cores", lambda: False)  # the whole build state in this process
    mini = MiniProject(tmp_path / "p")
    mini.write("content/ru/pinning.md", LESSON_RU.split("```diagram")[0])  # the diagram left out
    cache = BuildCache()
    warned = []
    for _ in range(2):
        done = build(Project(mini.root), in_place=True, cache=cache)
        warned.append([(w.path, w.code) for w in done.warnings])
    assert warned[0] == warned[1] == [("content/ru/pinning.md", "parity")]
    assert len(cache.tables["translations compared"]) == 1  # compared once: nothing changed

    mini.write("content/ru/pinning.md", LESSON_RU)
    done = build(Project(mini.root), in_place=True, cache=cache)
    assert done.warnings == []
    assert len(cache.tables["translations compared"]) == 2


def test_a_macro_edit_reaches_the_frames_a_kept_cache_holds(tmp_path: Path) -> None:
    mini = MiniProject(tmp_path / "p")
    cache = BuildCache()
    build(Project(mini.root), cache=cache)
    assert "<!-- frame edited -->" not in page(mini.root)
    macros = mini.root / "templates/macros/diagram.html"
    text = macros.read_text()
    assert text.count("{% macro frame(f) -%}") == 1
    macros.write_text(text.replace("{% macro frame(f) -%}", "{% macro frame(f) -%}<!-- frame edited -->"))
    build(Project(mini.root), in_place=True, cache=cache)
    assert "<!-- frame edited -->" in page(mini.root)


def _compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates Jinja compiles from here on (in this process)."""
    names: list[str] = []
    compile_template = Environment.compile

    def counting(self: Environment, source: str, name: str | None = None, *args: object, **kwargs: object) -> object:
        names.append(name or "")
        return compile_template(self, source, name, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(Environment, "compile", counting)
    return names


def test_a_cold_build_takes_the_compiled_templates_and_compiles_only_what_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(building, "two_cores", lambda: False)  # every template compiled in this process
    mini = MiniProject(tmp_path / "p")
    compiled = _compiled(monkeypatch)
    build(Project(mini.root), tmp_path / "first")
    assert "base.html" in compiled and "macros/diagram.html" in compiled
    assert len(list((mini.root / ".cache/jinja").iterdir())) == len(set(compiled))

    compiled.clear()
    build(Project(mini.root), tmp_path / "second")  # a new build state: nothing in memory
    assert compiled == []
    assert files(tmp_path / "second") == files(tmp_path / "first")

    macros = mini.root / "templates/macros/diagram.html"
    macros.write_text(macros.read_text().replace("{% macro frame(f) -%}", "{% macro frame(f) -%}<!-- frame edited -->"))
    build(Project(mini.root), tmp_path / "third")
    assert compiled == ["macros/diagram.html"]
    assert "<!-- frame edited -->" in page(tmp_path, "third")


def test_damaged_compiled_templates_or_no_place_for_them_change_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(building, "two_cores", lambda: False)
    mini = MiniProject(tmp_path / "p")
    build(Project(mini.root), tmp_path / "first")
    kept = mini.root / ".cache/jinja"
    for path in kept.iterdir():
        path.write_bytes(path.read_bytes()[:20] + b"not what Jinja wrote")
    build(Project(mini.root), tmp_path / "damaged")
    assert files(tmp_path / "damaged") == files(tmp_path / "first")
    compiled = _compiled(monkeypatch)
    build(Project(mini.root), tmp_path / "repaired")
    assert compiled == []  # the damaged files were compiled and written again

    shutil.rmtree(kept)
    kept.write_text("a file of the user's where the folder would go\n")
    build(Project(mini.root), tmp_path / "nowhere")
    assert files(tmp_path / "nowhere") == files(tmp_path / "first")
    assert kept.read_text() == "a file of the user's where the folder would go\n"
