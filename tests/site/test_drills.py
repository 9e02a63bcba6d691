"""The Practice page's drills: made by the engine from seeded games, the same on every
build, at least 30 of each kind, served five a page and every page linked."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from plakoto_site.content.drills import Drill, make_drills
from plakoto_site.engine import IllegalPlayError, Position, Side
from plakoto_site.site.build import Gathered, build
from plakoto_site.site.check import gather
from plakoto_site.site.context import Site
from plakoto_site.site.drills import drill_page
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache

from .conftest import drill_summary

REPO = Path(__file__).resolve().parents[2]
PLAUSIBLE = {"pinned", "closed", "pinner", "both-numbers", "larger-number", "not-home", "higher-point"}
"""The mistakes a reader could make (a move onto a closed point, out from under a pin, one
number played when both can be, ...), as the engine names them."""


@pytest.fixture(scope="module")
def drills() -> dict[str, tuple[Drill, ...]]:
    return make_drills()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("drills") / "_site"
    build(Project(REPO), folder, base_url="https://example.org/")
    return {p.relative_to(folder).as_posix(): p.read_text() for p in folder.rglob("*")
            if p.suffix in (".html", ".xml")}


def test_the_same_drills_on_every_build(drills: dict[str, tuple[Drill, ...]]) -> None:
    assert drill_summary(make_drills()) == drill_summary(drills)
    assert drill_summary(make_drills(seed=16)) != drill_summary(drills)  # the seed does choose them


def test_at_least_30_of_each_kind(drills: dict[str, tuple[Drill, ...]]) -> None:
    assert sorted(drills) == ["find", "legal", "pips"]
    assert all(len(found) >= 30 for found in drills.values()), {k: len(v) for k, v in drills.items()}
    ids = [d.id for found in drills.values() for d in found]
    assert len(ids) == len(set(ids))


def test_count_the_pips_asks_both_sides_not_at_the_start(drills: dict[str, tuple[Drill, ...]]) -> None:
    sides = Counter(d.exercise.side for d in drills["pips"])
    assert sides[Side.WHITE] >= 10 and sides[Side.BLACK] >= 10
    assert all(d.exercise.question == "pips" for d in drills["pips"])
    assert all(d.exercise.position != Position.start(d.exercise.position.turn) for d in drills["pips"])
    assert all(0 < int(str(d.exercise.answer)) < 360 for d in drills["pips"])


def test_a_pip_count_counted_by_hand(drills: dict[str, tuple[Drill, ...]]) -> None:
    first = drills["pips"][0]
    assert first.exercise.position.code() == \
        "W:22,15,9,5x2,4x2,2,1x3;B:10,12x2,14x2,17,19x2,21,23,24x3;P:2,12,14,19,21,22;T:B"
    assert first.exercise.side is Side.WHITE
    # White's checkers on top: 22 + 15 + 9 + 5·2 + 4·2 + 2 + 1·3 = 69; pinned beneath
    # Black's on 12, 14, 19 and 21: 66 more (on 2 and 22 White is on top). 69 + 66 = 135.
    assert first.exercise.answer == 135


def test_is_this_play_legal_about_half_yes(drills: dict[str, tuple[Drill, ...]]) -> None:
    legal = drills["legal"]
    yes = sum(1 for d in legal if d.exercise.answer is True)
    assert 0.4 <= yes / len(legal) <= 0.6, (yes, len(legal))
    assert all((d.refusal is None) == (d.exercise.answer is True) for d in legal)
    assert all(d.exercise.question == "legal" and d.written for d in legal)


def test_each_written_play_judged_by_the_engine(drills: dict[str, tuple[Drill, ...]]) -> None:
    for drill in drills["legal"]:
        position, dice = drill.exercise.position, drill.exercise.dice
        if drill.refusal is None:
            position.parse_play(drill.written, dice)  # raises if it is not legal
            continue
        with pytest.raises(IllegalPlayError) as refused:
            position.parse_play(drill.written, dice)
        assert refused.value.refusal == drill.refusal, drill.id
        assert drill.refusal.why.value in PLAUSIBLE, (drill.id, drill.refusal)
    kinds = Counter(d.refusal.why.value for d in drills["legal"] if d.refusal)
    assert len(kinds) >= 3, kinds  # not one kind of mistake over and over


def test_illegal_plays_read_by_hand(drills: dict[str, tuple[Drill, ...]]) -> None:
    by_id = {d.id: d for d in drills["legal"]}
    pinned = by_id["drill-legal-5"]
    # A black checker on 21 holds a white one pinned beneath: 21/17 moves it.
    assert (pinned.exercise.position.code(), str(pinned.exercise.dice), pinned.written) == \
        ("W:24x5,19,12x2,10,8x2,5,4;B:1x6,7,15,16,17,21,22;P:4,5,12,17,21;T:W", "4-1", "21/17 19/18")
    assert (pinned.refusal.why.value, pinned.refusal.point) == ("pinned", 21)  # type: ignore[union-attr]
    closed = by_id["drill-legal-3"]
    # 24/22 with the 2: three black checkers stand on 22.
    assert (closed.exercise.position.code(), str(closed.exercise.dice), closed.written) == \
        ("W:24x2,17,16,13,12x2,10,9,8,6,5x2,2,1;B:15,18x2,21x2,22x3,23x3;P:8,12,16,17;T:W", "4-2", "24/22 24/20")
    assert (closed.refusal.why.value, closed.refusal.point, closed.refusal.count) == ("closed", 22, 3)  # type: ignore[union-attr]
    partial = by_id["drill-legal-1"]
    # 2/off bears off one checker with one number; the other number can be played too.
    assert (partial.exercise.position.code(), str(partial.exercise.dice), partial.written) == \
        ("W:2x4,1x10;B:23x2,24x12;P:2;T:W", "3-2", "2/off")
    assert partial.refusal.why.value == "both-numbers"  # type: ignore[union-attr]
    legal = by_id["drill-legal-2"]
    # 9/6/4 (written 9/4): 6 and 4 hold White's own checkers; both numbers played.
    assert (legal.exercise.position.code(), str(legal.exercise.dice), legal.written, legal.refusal) == \
        ("W:23,11,9,6,5x3,4x2,3x2;B:1x3,10,13,16,19,21x3,24x2;P:4,5,16,19,21,23,24;T:W", "3-2", "9/4", None)


def test_every_kind_of_mistake_at_least_once(drills: dict[str, tuple[Drill, ...]]) -> None:
    kinds = {d.refusal.why.value for d in drills["legal"] if d.refusal}
    assert kinds == PLAUSIBLE, PLAUSIBLE - kinds


def test_the_rarest_mistakes_read_by_hand(drills: dict[str, tuple[Drill, ...]]) -> None:
    by_why = {d.refusal.why.value: d for d in drills["legal"] if d.refusal}
    larger = by_why["larger-number"]
    # The lone checker on 9 can take the 5 (to 4) or the 4 (to 5), not both: White's two
    # checkers pinned on 18 and 19 forbid bearing off, and the checkers on 2 and 1 have
    # nowhere to go. One number only, so the larger: 9/4. 9/5 plays the 4.
    assert (larger.exercise.position.code(), str(larger.exercise.dice), larger.written) == \
        ("W:9,2x6,1x6;B:11,14,18x2,19,20x2,21x2,22x2,23,24x2;P:9,18,19;T:W", "5-4", "9/5")
    assert larger.refusal.number == 5  # type: ignore[union-attr]
    higher = by_why["higher-point"]
    # Every checker home; 4/2 takes the 2, so 2/off would take the 3, from below the
    # checkers on 6 and 4: a 3 must move one of those.
    assert (higher.exercise.position.code(), str(higher.exercise.dice), higher.written) == \
        ("W:6,4,2x2,1x11;B:21,22,24x9;T:W", "3-2", "2/off 4/2")
    assert (higher.refusal.point, higher.refusal.number) == (2, 3)  # type: ignore[union-attr]


def test_find_a_legal_play_from_the_middle_of_games(drills: dict[str, tuple[Drill, ...]]) -> None:
    for drill in drills["find"]:
        exercise = drill.exercise
        assert exercise.goal == "any" and not exercise.dice.is_double
        assert any(node.play for node in exercise.tree)
        assert len({node.play.position for node in exercise.tree if node.play}) >= 2  # a choice to make
    with_pins = sum(1 for d in drills["find"] if d.exercise.position.pinned)
    assert with_pins >= len(drills["find"]) // 2


def test_the_home_page_leads_to_the_practice_page_beside_the_game(built: dict[str, str]) -> None:
    """A learner finds the exercises and drills from the home page, not only in the footer."""
    for lang in ("en", "ru", "el", "uk"):
        title = re.search(r"<h1>([^<]+)</h1>", built[f"{lang}/practice/index.html"])
        assert title is not None
        call = re.search(r'<p class="play-call">(.*?)</p>', built[f"{lang}/index.html"], re.S)
        assert call is not None, lang
        links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', call[1])
        assert [href for href, _ in links] == ["play/index.html", "practice/index.html"], lang
        assert links[1][1] == title[1], lang  # named as the page it leads to


def test_five_a_page_each_linked_from_the_practice_page_and_its_neighbours(built: dict[str, str]) -> None:
    for lang in ("en", "ru", "el", "uk"):
        practice = built[f"{lang}/practice/index.html"]
        for kind in ("pips", "legal", "find"):
            pages = sorted((name for name in built if name.startswith(f"{lang}/practice/drills/{kind}/")),
                           key=lambda name: int(name.split("/")[-2]))
            assert len(pages) == 6, (lang, kind)
            assert f'href="drills/{kind}/1/index.html"' in practice
            for number, name in enumerate(pages, start=1):
                html = built[name]
                assert f'href="drills/{kind}/{number}/index.html"' in practice
                on_page = html.count("data-plakoto-exercise=")
                assert on_page == 5 if number < len(pages) else 1 <= on_page <= 5
                assert 'href="../../../index.html#drills"' in html  # back to the Practice page
                if number > 1:
                    assert f'rel="prev" href="../{number - 1}/index.html"' in html
                if number < len(pages):
                    assert f'rel="next" href="../{number + 1}/index.html"' in html
                else:
                    assert 'rel="next"' not in html
                assert f"https://example.org/{name.removesuffix('index.html')}" in built["sitemap.xml"]


def test_exercise_ids_unique_on_the_site(built: dict[str, str]) -> None:
    ids = [found for name, html in built.items() if name.startswith("en/")
           for found in re.findall(r'data-plakoto-exercise="([^"]+)"', html) if "/practice/drills/" in name]
    assert len(ids) == len(set(ids)) >= 90


def test_a_legal_drill_page_shows_the_play_and_the_engine_reason(built: dict[str, str]) -> None:
    html = built["en/practice/drills/legal/1/index.html"]
    second = html.split('data-plakoto-exercise="drill-legal-5"')[1].split("</section>")[0]
    assert "White rolls 4–1 and plays <code class=\"notation\">21/17 19/18</code>. Is this play legal?" in second
    assert 'data-answer="no"' in second
    # The reason, in the catalog's words (RULES.md: a pinned checker cannot move), shown
    # once answered, as the reason a wrong "yes" is wrong, and in the answer for readers
    # without JavaScript.
    assert second.count("The checker on 21 is pinned: it cannot move until it is released.") == 3
    assert 'value="yes"' in second and 'value="no"' in second
    first = html.split('data-plakoto-exercise="drill-legal-2"')[1].split("</section>")[0]
    assert 'data-answer="yes"' in first and "White rolls 3–2 and plays" in first
    ru = built["ru/practice/drills/legal/1/index.html"]
    assert "Шашка на пункте 21 заперта" in ru.split('data-plakoto-exercise="drill-legal-5"')[1].split("</section>")[0]


def test_a_pips_drill_page_without_javascript(built: dict[str, str]) -> None:
    html = built["en/practice/drills/pips/1/index.html"]
    first = html.split('data-plakoto-exercise="drill-pips-1"')[1].split("</section>")[0]
    assert 'data-answer="135"' in first
    assert "How many pips does White have?" in first
    assert "<details class=\"xanswer\">" in first and "White has 135 pips." in first
    assert "White: 135" not in first  # the board's own pip line would give it away


def test_drill_pages_kept_between_builds_by_what_they_show() -> None:
    """serve keeps the build state: a drill page is made again only when what it shows
    changed (here the address the site lives at, in its canonical link)."""
    project, cache = Project(REPO), BuildCache()
    content, problems = gather(project, ("en",), cache)
    pages: dict[str, list[bytes]] = {}
    for url in ("https://a.example/", "https://a.example/", "https://b.example/"):
        gathered = Gathered(project, content, problems, url, cache)
        site = Site(project, gathered.check(["en"]), url, cache)
        pages[url] = pages.get(url, []) + [drill_page(site, "en", "legal", 2)[1]]
    first, again = pages["https://a.example/"]
    assert first is again  # the same bytes object: kept, not made again
    assert b'href="https://a.example/en/practice/drills/legal/2/"' in first
    assert b'href="https://b.example/en/practice/drills/legal/2/"' in pages["https://b.example/"][0]
