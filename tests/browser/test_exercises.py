"""Every exercise in every language, played in Chromium: an accepted answer by clicking
and by keyboard, a refused try with the engine's reason, a legal play that is not the
best, the answer without JavaScript, and progress kept across a reload."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from plakoto_site.content.exercises import Exercise
from plakoto_site.content.markdown import exercise_placements
from plakoto_site.engine import OFF, Side
from plakoto_site.engine.tree import Node

from .conftest import BuiltSite

pytestmark = pytest.mark.browser


@dataclass(frozen=True)
class Spot:
    page: str
    lang: str
    exercise: Exercise


def spots(site: BuiltSite) -> list[Spot]:
    found = []
    for lang, lessons in site.checked.lessons.items():
        for item in lessons:
            for placement in exercise_placements(item.tokens):
                found.append(Spot(f"{lang}/{item.lesson.slug}/index.html", lang,
                                  site.checked.content.exercises[placement.exercise]))
    return found


def point(side: Side, own: int) -> str:
    return "off" if own == OFF else str(side.own(own))


def path_to(exercise: Exercise, want: str) -> list[tuple[str, str]] | None:
    """Clicks (source, destination) from the start to a complete play that is ``want``:
    accepted, or legal but not accepted."""
    tree, side = exercise.tree, exercise.position.turn
    accepted = {play.position for play in exercise.accepted}

    def wanted(node: Node) -> bool:
        if node.play is None:
            return False
        good = exercise.goal == "any" or node.play.position in accepted
        return good if want == "accepted" else not good

    queue: deque[tuple[int, list[tuple[str, str]]]] = deque([(0, [])])
    seen = {0}
    while queue:
        index, clicks = queue.popleft()
        if wanted(tree[index]):
            return clicks
        for attempt in tree[index].tries:
            if attempt.child is not None and attempt.child not in seen:
                seen.add(attempt.child)
                queue.append((attempt.child, [*clicks, (point(side, attempt.start), point(side, attempt.end))]))
    return None


def play(root: Locator, clicks: list[tuple[str, str]], keyboard: Page | None = None) -> None:
    for source, destination in clicks:
        for target in (source, destination):
            button = root.locator(f"[data-point='{target}']")
            if keyboard is None:
                button.click()
            else:
                button.focus()
                keyboard.keyboard.press("Enter" if target == source else "Space")


def refused(spot: Spot, site: BuiltSite) -> tuple[list[str], str] | None:
    """Clicks for a try the engine refuses at the start, and the reason the page must show."""
    words = site.checked.words[spot.lang]
    side = spot.exercise.position.turn
    root = spot.exercise.tree[0]
    allowed = {(a.start, a.end) for a in root.tries if a.child is not None}
    sources = {a.start for a in root.tries if a.child is not None}
    for attempt in root.tries:
        if attempt.refusal is None:
            continue
        if attempt.start in sources and (attempt.start, attempt.end) not in allowed:
            return [point(side, attempt.start), point(side, attempt.end)], str(words.refusal(attempt.refusal))
    for attempt in root.tries:  # a source with nothing allowed: clicking it explains why
        if attempt.refusal is not None and attempt.start not in sources:
            first = next(a for a in root.tries if a.start == attempt.start)
            assert first.refusal is not None
            return [point(side, attempt.start)], str(words.refusal(first.refusal))
    return None


def test_every_exercise_can_be_solved_and_explains_its_refusals(page: Page, site: BuiltSite) -> None:
    found = spots(site)
    assert len(found) >= 10 * len(site.checked.lessons) or len(found) >= 10
    questions = 0
    for spot in found:
        page.goto(site.url + spot.page)
        root = page.locator(f"[data-plakoto-exercise='{spot.exercise.id}']").first
        expect(root).to_have_attribute("data-state", "playing")
        if spot.exercise.goal == "question":
            questions += 1
            answer_question(root, spot, right=False)
            expect(root).to_have_attribute("data-state", "illegal")
            answer_question(root, spot, right=True)
            expect(root).to_have_attribute("data-state", "solved")
            continue
        trial = refused(spot, site)
        if trial is not None:
            clicks, reason = trial
            for target in clicks:
                root.locator(f"[data-point='{target}']").click()
            expect(root).to_have_attribute("data-state", "illegal")
            expect(root.locator("[data-feedback]")).to_have_text(reason)
            root.locator("[data-do='reset']").click()
        if spot.exercise.goal == "best":
            legal = path_to(spot.exercise, "legal")
            if legal is not None:
                play(root, legal)
                expect(root).to_have_attribute("data-state", "legal")
                expect(root.locator(".xexplain")).to_be_visible()
                root.locator("[data-do='reset']").click()
        accepted = path_to(spot.exercise, "accepted")
        assert accepted is not None
        play(root, accepted)
        expect(root).to_have_attribute("data-state", "solved")
    assert questions > 0


def answer_question(root: Locator, spot: Spot, right: bool) -> None:
    form = root.locator(".xquestion")
    correct = form.get_attribute("data-answer") or ""
    number = form.locator("input[type=number]")
    if number.count():
        number.fill(correct if right else str(int(correct) + 1))
    else:
        values = [r.get_attribute("value") for r in form.locator("input[type=radio]").all()]
        choice = correct if right else next(v for v in values if v != correct)
        form.locator(f"input[value='{choice}']").check()
    form.locator("button[type=submit]").click()


def test_keyboard_only_and_progress_survives_a_reload(page: Page, site: BuiltSite) -> None:
    spot = next(s for s in spots(site) if s.exercise.goal == "best" and s.lang == "el")
    page.goto(site.url + spot.page)
    root = page.locator(f"[data-plakoto-exercise='{spot.exercise.id}']").first
    clicks = path_to(spot.exercise, "accepted")
    assert clicks is not None
    play(root, clicks, keyboard=page)
    expect(root).to_have_attribute("data-state", "solved")
    page.reload()
    expect(root.locator(".xbadge")).to_be_visible()
    practice = site.url + spot.page.split("/")[0] + "/practice/index.html"
    page.goto(practice)
    expect(page.locator("[data-progress]")).to_be_visible()
    assert "1" in (page.locator("[data-progress]").text_content() or "")
    assert page.locator("[data-plakoto-exercise]").count() == len(
        [s for s in spots(site) if s.lang == spot.lang])


def test_without_javascript_the_answer_is_a_disclosure(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        for spot in spots(site):
            if not page.url.endswith(spot.page):
                page.goto(site.url + spot.page)
            root = page.locator(f"[data-plakoto-exercise='{spot.exercise.id}']").first
            expect(root.locator(".xstatic svg")).to_be_visible()
            expect(root.locator(".xboard, .xquestion").first).to_be_hidden()
            answer = root.locator("details.xanswer")
            expect(answer.locator("div")).to_be_hidden()
            answer.locator("summary").click()
            expect(answer.locator("div")).to_be_visible()
    finally:
        context.close()
