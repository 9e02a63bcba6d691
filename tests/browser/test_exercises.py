"""Every exercise in every language, played in Chromium: an accepted answer by clicking
and by keyboard, a refused try with the engine's reason, a legal play that is not the
best, the answer without JavaScript, and progress kept across a reload."""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from plakoto_site.content.exercises import Exercise
from plakoto_site.content.markdown import exercise_placements
from plakoto_site.engine import OFF, Dice, Position, Side
from plakoto_site.engine.tree import Node
from plakoto_site.render import svg

from .conftest import BuiltSite
from .test_quality import AXE, AXE_TAGS
from .test_site import LANGUAGES

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


def _node_after(exercise: Exercise, clicks: list[tuple[str, str]]) -> int:
    """The tree node a list of (source, destination) clicks leads to."""
    side, index = exercise.position.turn, 0
    for source, destination in clicks:
        index = next(a.child for a in exercise.tree[index].tries if a.child is not None
                     and point(side, a.start) == source and point(side, a.end) == destination)
    return index


BEAR_OFF_SHOWN = {"bear-off-high"}
"""The exercises whose position lets the side to play bear off (every checker home, none
pinned): read from the positions by hand. Elsewhere "Bear off" is not offered at all."""


def test_bear_off_is_offered_only_where_bearing_off_is_possible(page: Page, site: BuiltSite) -> None:
    shown = set()
    for spot in spots(site):
        if spot.lang != "en" or spot.exercise.goal == "question":
            continue
        page.goto(site.url + spot.page)
        root = page.locator(f"[data-plakoto-exercise='{spot.exercise.id}']").first
        expect(root.locator(".xactions")).to_be_visible()
        if root.locator("[data-point='off']").is_visible():
            shown.add(spot.exercise.id)
    assert shown == BEAR_OFF_SHOWN


def play(root: Locator, clicks: list[tuple[str, str]], keyboard: Page | None = None) -> None:
    for source, destination in clicks:
        for target in (source, destination):
            button = root.locator(f"[data-point='{target}']")
            if keyboard is None:
                button.click()
            else:
                button.focus()
                keyboard.keyboard.press("Enter" if target == source else "Space")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_exercise_can_be_solved(page: Page, site: BuiltSite, lang: str) -> None:
    """Each exercise in each language: a question answered wrongly then rightly; a play
    that is legal but not the best named as played; the answer's play accepted. Each
    refused try and each wrong answer, with its reason, is test_reasons.py's walk."""
    assert set(site.checked.lessons) == set(LANGUAGES)
    found = [spot for spot in spots(site) if spot.lang == lang]
    exercises = site.checked.content.exercises
    assert len(exercises) >= 10
    assert {s.exercise.id for s in found} == set(exercises)
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
        if spot.exercise.goal == "best":
            legal = path_to(spot.exercise, "legal")
            if legal is not None:
                play(root, legal)
                expect(root).to_have_attribute("data-state", "legal")
                # the line names the play, then says why it is not the answer (test_reasons.py
                # checks the reasons against the board): the lesson's general words stay folded
                expect(root.locator(".xexplain")).to_be_hidden()
                node = spot.exercise.tree[_node_after(spot.exercise, legal)]
                assert node.play is not None
                said = site.checked.words[spot.lang].gettext("You played %(play)s.") % {"play": node.play.notation()}
                expect(root.locator("[data-feedback]")).to_have_text(re.compile("^" + re.escape(said) + " \\S"))
                root.locator("[data-action='reset']").click()
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
    greek = site.checked.translations["el"]
    expect(root.locator(".xbadge")).to_have_text(greek.gettext("Solved before"))
    expect(page.locator(".xbadge:visible")).to_have_count(1)  # only the one solved
    practice = site.url + spot.page.split("/")[0] + "/practice/index.html"
    page.goto(practice)
    total = len([s for s in spots(site) if s.lang == spot.lang])
    assert page.locator("[data-plakoto-exercise]").count() == total
    # One exercise solved of all the Greek ones and the drills, in the catalog's own sentence.
    sentence = greek.gettext("You have solved %(solved)s of %(total)s exercises in this browser.")
    drills = sum(len(kind) for kind in site.checked.content.drills.values())
    expect(page.locator("[data-progress]")).to_have_text(sentence % {"solved": 1, "total": total + drills})


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


HAND_REFUSALS = [
    # content/exercises/larger-number.toml, 6-5: 24 is blocked (18, 19 closed), 6 and 4
    # cannot bear off with checkers on 24, 6/1 is closed. 13/7 leaves no 5 (7/2 closed) and
    # 13/8 leaves no 6 (8/2 closed): only one number can be played, so the larger.
    ("en/moving/index.html", "larger-number", ["13", "8"],
     "Either number could be played, but not both, so the larger one must be played: 6."),
    # content/exercises/make-a-point.toml, 6-1: 13 - 6 = 7, where Black has two checkers.
    ("en/moving/index.html", "make-a-point", ["13", "7"],
     "Point 7 is closed: 2 opposing checkers stand there."),
    # content/exercises/bear-off-high.toml, 6-4 with White on 5, 3x2, 2x2, 1x2: a number
    # higher than the point may bear off only from the highest point, and 5 is higher than 3.
    ("en/bearing-off/index.html", "bear-off-high", ["3"],
     "A 6 cannot bear off this checker while you have one higher up, on 5."),
    # content/exercises/pin-a-runner.toml: Black's checker on 15 lies under White's pinner.
    ("en/pinning/index.html", "pin-a-runner", ["15"],
     "The checker on 15 is pinned: it cannot move until it is released."),
    # content/exercises/strategy-target-mother.toml, 4-2: from 24 the 4 lands on 20 and the
    # 2 on 22, each held by two black checkers; the 4, tried first, is refused.
    ("en/strategy/index.html", "strategy-target-mother", ["24"],
     "Point 20 is closed: 2 opposing checkers stand there."),
]
"""Every English exercise whose start refuses a try (test_reasons.py makes the same try in
every language), its reason written by hand."""


@pytest.mark.parametrize(("name", "exercise", "clicks", "reason"), HAND_REFUSALS, ids=[r[1] for r in HAND_REFUSALS])
def test_a_refused_try_shows_the_rules_reason(page: Page, site: BuiltSite, name: str, exercise: str,
                                              clicks: list[str], reason: str) -> None:
    page.goto(site.url + name)
    root = page.locator(f"[data-plakoto-exercise='{exercise}']").first
    expect(root).to_have_attribute("data-state", "playing")
    for target in clicks:
        root.locator(f"[data-point='{target}']").click()
    expect(root).to_have_attribute("data-state", "illegal")
    expect(root.locator("[data-feedback]")).to_have_text(reason)


def dots(root: Locator) -> int:
    return root.locator(".xstatic svg .target-dot").count()


def test_the_exercise_board_is_the_lessons_svg_board_with_dots_and_dice(page: Page, site: BuiltSite) -> None:
    # content/exercises/make-a-point.toml: W 24x10, 19, 17x2, 13x2; B 1x9, 5x2, 7x2, 8x2; White 6-1.
    page.goto(site.url + "en/moving/index.html")
    root = page.locator("[data-plakoto-exercise='make-a-point']")
    board = root.locator(".xstatic svg.board")
    expect(board).to_be_visible()
    expect(root.locator(".xboard")).to_be_visible()
    assert root.locator(".xck, .xrow").count() == 0  # no grid of buttons any more
    # the checkers are the board's shared shapes: 10 + 1 + 2 + 2 white, 9 (5 drawn and a count) + 2 + 2 + 2 black
    assert board.locator(".ck.ck-white:not(.ck-pinned)").count() == 5 + 1 + 2 + 2
    assert board.locator(".ck.ck-black:not(.ck-pinned)").count() == 5 + 2 + 2 + 2
    expect(board.locator(".dice .die")).to_have_count(2)  # the build's drawing, until the first tap
    expect(board.locator(".die-used")).to_have_count(0)
    assert dots(root) == 0
    # 24 can go 6 to 18, 1 to 23, or both to 17 (through 18 or 23): three dots at once
    root.locator("[data-point='24']").click()
    expect(root.locator("[data-point='24']")).to_have_attribute("aria-pressed", "true")
    expect(board.locator(".target-dot")).to_have_count(3)
    expect(board.locator(".ring-chosen")).to_have_count(1)
    # 13: the 6 lands on 7, closed (two black checkers); the 1 goes to 12, then the 6 to 6
    root.locator("[data-point='24']").click()  # chosen again: unchosen
    expect(board.locator(".target-dot")).to_have_count(0)
    expect(root.locator("[data-point='24']")).to_have_attribute("aria-pressed", "false")
    root.locator("[data-point='13']").click()
    expect(board.locator(".target-dot")).to_have_count(2)
    # a target two numbers away is played in one tap, both moves listed
    root.locator("[data-point='6']").click()
    expect(root).to_have_attribute("data-state", "legal")
    expect(root.locator(".xmoves")).to_have_text("Played so far: 13/12 12/6")
    expect(board.locator(".die-used")).to_have_count(2)
    root.locator("[data-action='undo']").click()  # one move back: 13/12 stays
    expect(board.locator(".die-used")).to_have_count(1)
    expect(root.locator(".xmoves")).to_have_text("Played so far: 13/12")
    root.locator("[data-action='reset']").click()
    expect(board.locator(".die-used")).to_have_count(0)
    # one number played: its die fades
    root.locator("[data-point='24']").click()
    root.locator("[data-point='18']").click()
    expect(board.locator(".die-used")).to_have_count(1)
    expect(board.locator(".ck.ck-white:not(.ck-pinned)")).to_have_count(5 + 1 + 1 + 2 + 2)


def test_the_point_buttons_lie_over_their_points(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + "en/moving/index.html")
    root = page.locator("[data-plakoto-exercise='make-a-point']")
    box = root.locator(".xstatic svg").bounding_box()
    assert box is not None
    places = {}
    for p in ("13", "18", "19", "24", "12", "7", "6", "1"):
        b = root.locator(f"[data-point='{p}']").bounding_box()
        assert b is not None
        assert box["x"] <= b["x"] and b["x"] + b["width"] <= box["x"] + box["width"]
        places[p] = b
    # the board's layout: 13-18 and 19-24 along the top from left to right, 12-1 below
    assert places["13"]["x"] < places["18"]["x"] < places["19"]["x"] < places["24"]["x"]
    assert places["12"]["x"] < places["7"]["x"] < places["6"]["x"] < places["1"]["x"]
    assert places["13"]["y"] < places["12"]["y"]
    assert abs(places["13"]["x"] - places["12"]["x"]) < 1


# The exercise bugs of the issue, each on content/exercises/make-a-point.toml (lesson 3):
# White 24x10, 19, 17x2, 13x2 against Black 1x9, 5x2, 7x2, 8x2, White rolls 6-1; the answer is
# 24/18 19/18, and 13/12 12/6 (13 → 6) is legal but not the best.
CHOOSE = "Choose a checker of yours to move."
COMPLETE = "This play is complete: press Undo or Start again to try another."


def make_a_point(page: Page, site: BuiltSite) -> Locator:
    page.goto(site.url + "en/moving/index.html")
    root = page.locator("[data-plakoto-exercise='make-a-point']")
    expect(root.locator("[data-feedback]")).to_have_text(CHOOSE)
    return root


def tap(root: Locator, *points: str) -> None:
    for p in points:
        root.locator(f"[data-point='{p}']").click()


def test_start_again_forgets_the_old_explanation_and_keeps_the_prompt(page: Page, site: BuiltSite) -> None:
    root = make_a_point(page, site)
    tap(root, "13", "6")
    expect(root).to_have_attribute("data-state", "legal")
    expect(root.locator("[data-feedback]")).to_contain_text("You played 13/6.")
    root.locator("[data-action='reset']").click()
    expect(root).to_have_attribute("data-state", "playing")
    expect(root.locator(".xexplain")).to_be_hidden()
    expect(root.locator("[data-feedback]")).to_have_text(CHOOSE)
    expect(root.locator(".xmoves")).to_have_text("")
    tap(root, "24", "18", "19", "18")
    expect(root).to_have_attribute("data-state", "solved")
    expect(root.locator("[data-feedback]")).to_have_text("Right! 24/18 19/18")
    expect(root.locator(".xexplain")).to_be_hidden()


def test_after_a_complete_play_a_tap_says_the_play_is_complete(page: Page, site: BuiltSite) -> None:
    root = make_a_point(page, site)
    tap(root, "13", "6")
    expect(root).to_have_attribute("data-state", "legal")
    tap(root, "13")  # White still has a checker on 13: never "There is no checker of yours on 13."
    expect(root.locator("[data-feedback]")).to_have_text(COMPLETE)
    expect(root).to_have_attribute("data-state", "legal")
    expect(root.locator("[data-point='off']")).to_be_hidden()  # no bearing off from here
    tap(root, "24")
    expect(root.locator("[data-feedback]")).to_have_text(COMPLETE)


def test_the_first_solve_is_not_solved_before(page: Page, site: BuiltSite) -> None:
    root = make_a_point(page, site)
    expect(root.locator(".xbadge")).to_be_hidden()
    tap(root, "24", "18", "19", "18")
    expect(root).to_have_attribute("data-state", "solved")
    expect(root.locator(".xbadge")).to_have_text("Solved")
    page.reload()
    expect(root.locator(".xbadge")).to_have_text("Solved before")


def test_another_own_checker_after_a_refused_target_is_a_new_choice(page: Page, site: BuiltSite) -> None:
    root = make_a_point(page, site)
    tap(root, "24", "7")  # 17 pips: refused, 24 stays chosen with its dots
    expect(root).to_have_attribute("data-state", "illegal")
    expect(root.locator("[data-feedback]")).to_have_text("No number you have left moves this checker there.")
    expect(root.locator("[data-point='24']")).to_have_attribute("aria-pressed", "true")
    tap(root, "13")  # another checker of White's: chosen instead, not a destination for 24
    expect(root.locator("[data-point='13']")).to_have_attribute("aria-pressed", "true")
    expect(root.locator("[data-point='24']")).to_have_attribute("aria-pressed", "false")
    expect(root.locator("[data-feedback]")).to_have_text("Checker on 13 chosen: now choose where it goes, or a number.")
    expect(root.locator(".xstatic svg .target-dot")).to_have_count(2)  # 12, and 6 through 12
    tap(root, "17")  # a checker of White's again, straight after another: chosen
    expect(root.locator("[data-point='17']")).to_have_attribute("aria-pressed", "true")
    tap(root, "16")
    expect(root.locator(".xmoves")).to_have_text("Played so far: 17/16")


@pytest.mark.real_time  # each move stays on its own for 400 ms plus its travel: watched
def test_show_the_answer_plays_it_on_the_board_move_by_move(page: Page, site: BuiltSite) -> None:
    root = make_a_point(page, site)
    board = root.locator(".xstatic svg")
    tap(root, "13", "6")  # a wrong play first: the answer starts again from the position
    root.locator("[data-action='reveal']").click()
    expect(root).to_have_attribute("data-state", "revealed")
    expect(root.locator("details.xanswer")).to_have_attribute("open", "")
    expect(root.locator(".xexplain")).to_be_hidden()
    # one move on the board, then the other: 24/18 and 19/18 make point 18
    expect(root.locator(".xmoves")).to_have_text(re.compile(r"^Played so far: (24/18|19/18)$"))
    expect(root.locator(".xmoves")).to_have_text(re.compile(r"^Played so far: (24/18 19/18|19/18 24/18)$"))
    expect(board.locator(".die-used")).to_have_count(2)
    # 24x9 (5 drawn), 18x2, 17x2, 13x2: eleven white checkers drawn, none left on 19
    expect(board.locator(".ck.ck-white:not(.ck-pinned)")).to_have_count(5 + 2 + 2 + 2)
    expect(root.locator("[data-point='19']")).to_have_attribute("aria-label", "There is no checker of yours on 19")
    expect(root.locator("[data-point='18']")).to_have_attribute("aria-label", "Point 18: 2 white checkers.")
    # shown is not solved: no verdict, no badge, nothing kept; the reader is asked to play it
    expect(root.locator("[data-feedback]")).to_have_text("That was the answer. Press Start again to play it yourself.")
    expect(root.locator(".xfeedback")).to_have_attribute("data-verdict", "")
    expect(root.locator(".xbadge")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('plakoto-progress-en')") is None
    root.locator("[data-action='reset']").click()
    expect(root).to_have_attribute("data-state", "playing")
    expect(board.locator(".ck.ck-white:not(.ck-pinned)")).to_have_count(5 + 1 + 2 + 2)
    # pressed twice, one move apart: played once, from the start again
    root.locator("[data-action='reveal']").click()
    expect(root.locator(".xmoves")).to_have_text(re.compile(r"^Played so far: \S+$"))
    root.locator("[data-action='reveal']").click()
    expect(root.locator(".xmoves")).to_have_text(re.compile(r"^Played so far: (24/18 19/18|19/18 24/18)$"))
    page.wait_for_timeout(2000)
    expect(root.locator(".xmoves")).to_have_text(re.compile(r"^Played so far: (24/18 19/18|19/18 24/18)$"))
    expect(board.locator(".ck.ck-white:not(.ck-pinned)")).to_have_count(5 + 2 + 2 + 2)


WATCH_ANSWER = """root => new Promise(resolve => {
    const seen = [], until = performance.now() + 6000;
    function look() {
        const flying = root.querySelector(".xstatic svg .flying");
        if (flying) { const box = flying.getBoundingClientRect(); seen.push(Math.round(box.x) + "," + Math.round(box.y)); }
        if (root.querySelector("[data-feedback]").textContent.startsWith("That was the answer") || performance.now() > until) {
            resolve(seen);
        } else { requestAnimationFrame(look); }
    }
    requestAnimationFrame(look);
})"""
"""Watches "Show the answer" frame by frame until the answer is shown: where a travelling
checker is drawn on each frame."""


@pytest.mark.real_time
def test_show_the_answer_moves_each_checker_over_several_frames(page: Page, site: BuiltSite) -> None:
    root = make_a_point(page, site)  # the answer 24/18 19/18: two checkers travel, to 18
    root.locator("[data-action='reveal']").click()
    seen = root.evaluate(WATCH_ANSWER)
    assert len(set(seen)) >= 6, seen  # drawn at many places in turn: it travels, not jumps
    expect(root.locator(".xmoves")).to_have_text(re.compile(r"^Played so far: (24/18 19/18|19/18 24/18)$"))
    expect(root.locator(".xstatic svg .flying")).to_have_count(0)  # landed: only the board's own checkers


def test_show_the_answer_with_reduced_motion_steps_without_travelling(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    try:
        root = make_a_point(page, site)
        root.locator("[data-action='reveal']").click()
        assert root.evaluate(WATCH_ANSWER) == []
        expect(root.locator(".xmoves")).to_have_text(re.compile(r"^Played so far: (24/18 19/18|19/18 24/18)$"))
        expect(root.locator(".xstatic svg .ck.ck-white:not(.ck-pinned)")).to_have_count(5 + 2 + 2 + 2)
    finally:
        context.close()


def test_one_show_the_answer_control_with_javascript(page: Page, site: BuiltSite) -> None:
    # The move buttons' "Show the answer" opens the folded answer, so the fold's own title,
    # the same words, is not shown beside it (readers took them for two different things).
    root = make_a_point(page, site)
    expect(root.get_by_text("Show the answer", exact=True).locator("visible=true")).to_have_count(1)
    expect(root.locator("details.xanswer .xsolution")).to_be_hidden()
    root.get_by_text("Show the answer", exact=True).locator("visible=true").click()
    expect(root.locator("details.xanswer .xsolution")).to_be_visible()
    expect(root.get_by_text("Show the answer", exact=True).locator("visible=true")).to_have_count(1)


@pytest.mark.real_time  # each move stays on its own for 400 ms plus its travel: recorded
def test_the_answer_of_a_black_exercise_is_played_in_blacks_numbering(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + "en/pinning/index.html")
    root = page.locator("[data-plakoto-exercise='pin-a-runner']")
    # Every text the moves line takes, in order, recorded by the page as it writes them: the
    # first move's line lasts 400 ms, which polling from here can miss on a busy machine.
    root.locator(".xmoves").evaluate("""line => { window.shownMoves = [];
        new MutationObserver(() => window.shownMoves.push(line.textContent))
            .observe(line, {childList: true, characterData: true, subtree: true}); }""")
    root.locator("[data-action='reveal']").click()
    # content/exercises/pin-a-runner.toml, Black 5-2: 20/15* 24/22 is 5 → 10 (pinning White's
    # lone checker on 10) and 1 → 3 on the board; the board's numbers come first
    both = "Played so far: 5 → 10, 1 → 3 (in Black's numbering: 20/15* 24/22)"
    expect(root.locator(".xmoves")).to_have_text(both)
    shown = [" ".join(text.split()) for text in page.evaluate("window.shownMoves")]
    assert [text for n, text in enumerate(shown) if text and (n == 0 or text != shown[n - 1])] == [
        "Played so far: 5 → 10 (in Black's numbering: 20/15*)", both]
    expect(root.locator(".xstatic svg .die-used")).to_have_count(2)
    expect(root.locator("[data-point='10']")).to_have_attribute(
        "aria-label", "Point 10: 1 black checker, with a white checker pinned beneath.")


def test_a_black_players_moves_are_listed_with_the_boards_numbers(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + "en/pinning/index.html")
    root = page.locator("[data-plakoto-exercise='pin-a-runner']")
    tap(root, "5", "10")  # Black's own 20 to 15, pinning White's checker on 10
    expect(root.locator(".xmoves")).to_have_text("Played so far: 5 → 10 (in Black's numbering: 20/15*)")


def test_next_exercise_within_a_lesson_and_across_the_practice_page(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + "en/moving/index.html")
    first = page.locator("[data-plakoto-exercise='make-a-point']")
    last = page.locator("[data-plakoto-exercise='larger-number']")
    expect(last.locator(".xnext")).to_have_count(0)  # the lesson's last exercise
    first.locator(".xnext").click()
    expect(last).to_be_focused()
    expect(last).to_be_in_viewport()
    assert page.url.endswith("#exercise-larger-number")
    assert page.evaluate("history.length") == 2  # the address was replaced, not pushed
    # The Practice page: from lesson 3's last exercise to lesson 4's first
    page.goto(site.url + "en/practice/index.html")
    page.locator("[data-plakoto-exercise='larger-number'] .xnext").click()
    expect(page.locator("[data-plakoto-exercise='pin-the-blot']")).to_be_focused()
    expect(page.locator("[data-plakoto-exercise] .xnext")).to_have_count(len(site.checked.content.exercises) - 1)


def test_ticks_on_the_home_page_and_the_practice_page(page: Page, site: BuiltSite) -> None:
    home = site.url + "en/index.html"
    moving = "li:has(> a[href$='moving/index.html'])"
    root = make_a_point(page, site)
    tap(root, "24", "18", "19", "18")
    expect(root).to_have_attribute("data-state", "solved")
    page.goto(home)
    expect(page.locator(".xtick")).to_have_count(0)  # one of lesson 3's two exercises: no tick yet
    page.goto(site.url + "en/moving/index.html")
    last = page.locator("[data-plakoto-exercise='larger-number']")
    tap(last, "13", "7")  # content/exercises/larger-number.toml: the one legal play
    expect(last).to_have_attribute("data-state", "solved")
    page.goto(home)
    expect(page.locator(".xtick")).to_have_count(1)
    tick = page.locator(moving).locator(".xtick")
    expect(tick).to_have_text("✓")
    expect(tick).to_have_attribute("aria-label", "Every exercise of this lesson solved")
    page.goto(site.url + "en/practice/index.html")
    expect(page.locator("h2 .xtick")).to_have_count(1)
    expect(page.locator("h2:has(a[href*='moving/']) .xtick")).to_have_count(1)
    # solving the last of a lesson on the Practice page ticks it at once
    runner = page.locator("[data-plakoto-exercise='pin-a-runner']")
    page.evaluate("""() => { const all = JSON.parse(localStorage.getItem('plakoto-progress-en'));
        all['pin-the-blot'] = 'solved'; localStorage.setItem('plakoto-progress-en', JSON.stringify(all)); }""")
    page.reload()
    expect(page.locator("h2 .xtick")).to_have_count(1)  # pinning: one of two
    clicks = path_to(site.checked.content.exercises["pin-a-runner"], "accepted")
    assert clicks is not None
    play(runner, clicks)
    expect(runner).to_have_attribute("data-state", "solved")
    expect(page.locator("h2 .xtick")).to_have_count(2)


def test_arrow_keys_walk_the_points_in_the_boards_layout(page: Page, site: BuiltSite) -> None:
    root = make_a_point(page, site)
    start = root.locator("[data-point='24']")
    expect(start).to_have_attribute("tabindex", "0")  # White's start: the one point Tab reaches
    assert root.locator(".xboard [tabindex='0']").count() == 1
    start.focus()
    for key, point_name in (("ArrowLeft", "23"), ("ArrowDown", "2"), ("ArrowRight", "1"), ("ArrowRight", "1"),
                            ("ArrowUp", "24"), ("ArrowRight", "24"), ("ArrowLeft", "23")):
        page.keyboard.press(key)
        expect(root.locator(f"[data-point='{point_name}']")).to_be_focused()
    page.keyboard.press("ArrowRight")  # back on 24, White's checkers: Enter chooses, Enter on 18 plays the 6
    page.keyboard.press("Enter")
    expect(root.locator(".xstatic svg .target-dot")).to_have_count(3)
    for _ in range(6):
        page.keyboard.press("ArrowLeft")
    expect(root.locator("[data-point='18']")).to_be_focused()
    page.keyboard.press("Enter")
    expect(root.locator(".xmoves")).to_have_text("Played so far: 24/18")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_the_interactive_states(browser: Browser, site: BuiltSite, scheme: str) -> None:
    """A checker chosen with its dots, a wrong play and a wrong count with their crosses and
    reasons, the answer being played, and the home page's ticks, in either colour scheme."""
    context = browser.new_context(bypass_csp=True, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()

    def violations() -> list[str]:
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})", AXE_TAGS)
        return [f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in result["violations"]]

    try:
        root = make_a_point(page, site)
        tap(root, "24")
        expect(root.locator(".xstatic svg .target-dot")).to_have_count(3)
        assert violations() == []
        tap(root, "24", "13", "6")  # 13/12 12/6: legal, not the answer
        expect(root.locator(".xfeedback")).to_have_attribute("data-verdict", "no")
        assert violations() == []
        root.locator("[data-action='reset']").click()
        tap(root, "24", "18", "19", "18")
        last = page.locator("[data-plakoto-exercise='larger-number']")
        tap(last, "13", "7")
        page.locator("[data-plakoto-exercise='make-a-point'] [data-action='reset']").click()
        page.locator("[data-plakoto-exercise='make-a-point'] [data-action='reveal']").click()
        assert violations() == []
        page.goto(site.url + "en/index.html")
        expect(page.locator(".xtick")).to_have_count(1)
        assert violations() == []
        page.goto(site.url + "en/board/index.html")  # lesson 1's pip count, answered 41 (it is 40)
        count = page.locator("[data-plakoto-exercise='board-count-pips']")
        count.locator("input[type=number]").fill("41")
        count.locator("button[type=submit]").click()
        expect(count.locator(".xfeedback")).to_have_attribute("data-verdict", "no")
        assert violations() == []
    finally:
        context.close()


# -- one board: the exercise board draws what render/svg.py draws --------------------------------

SHAPE = r'<(circle|rect) c?x="([^"]+)" c?y="([^"]+)"[^>]* class="([^"]+)"'
COUNT = r'<text x="([^"]+)" y="([^"]+)" class="([^"]*count[^"]*)"[^>]*>([^<]*)</text>'
TURN = r'<text x="([^"]+)" y="([^"]+)" class="turn-text"[^>]*>([^<]*)</text>'
DRAWN = """(layer) => ({
    shapes: [...layer.querySelectorAll("circle, rect")].map(u => [u.tagName, u.getAttribute("class"),
        +(u.getAttribute("cx") || u.getAttribute("x")), +(u.getAttribute("cy") || u.getAttribute("y"))]),
    counts: [...layer.querySelectorAll("text.ck-count, text.off-count")].map(
        t => [t.getAttribute("class"), +t.getAttribute("x"), +t.getAttribute("y"), t.textContent]),
    turn: [...layer.querySelectorAll("text.turn-text")].map(t => [+t.getAttribute("x"), +t.getAttribute("y"), t.textContent]),
})"""


def parsed(shapes: str) -> dict[str, list[list[object]]]:
    """The shapes, counts and turn words of an SVG render/svg.py drew, as the script's are read."""
    return {
        "shapes": sorted([tag, kind, float(x), float(y)]
                         for tag, x, y, kind in re.findall(SHAPE, shapes.replace(svg.BASE, ""))),
        "counts": sorted([kind, float(x), float(y), text] for x, y, kind, text in re.findall(COUNT, shapes)),
        "turn": [[float(x), float(y), text] for x, y, text in re.findall(TURN, shapes)],
    }


def sort(drawn: dict[str, list[list[object]]]) -> dict[str, list[list[object]]]:
    return {key: sorted(value) if key != "turn" else value for key, value in drawn.items()}


@pytest.mark.parametrize(("lesson", "exercise", "turn"), [
    ("moving", "make-a-point", "White to play"),  # W 24x10, 19, 17x2, 13x2; B 1x9, 5x2, 7x2, 8x2; 6-1
    ("pinning", "pin-a-runner", "Black to play"),  # a white checker pinned on 15, B 1x10; 5-2
])
def test_an_exercise_board_draws_what_the_lessons_board_draws(page: Page, site: BuiltSite, lesson: str,
                                                               exercise: str, turn: str) -> None:
    """Once the script has taken the board over, it shows the same shapes at the same places
    as the board render/svg.py drew into the page, the turn mark beside the dice included."""
    built = (site.folder / "en" / lesson / "index.html").read_text()
    static = re.search(rf'<svg [^>]*aria-labelledby="x-{exercise}-title".*?</svg>', built, re.S)
    assert static is not None
    expected = parsed(static.group(0))
    assert expected["turn"] and expected["turn"][0][2] == turn  # drawn at build time too
    page.goto(site.url + f"en/{lesson}/index.html")
    root = page.locator(f"[data-plakoto-exercise='{exercise}']")
    expect(root.locator("[data-feedback]")).to_have_text(CHOOSE)
    # the build's drawing stays until the reader plays: a checker chosen and unchosen
    ex = site.checked.content.exercises[exercise]
    source = next(point(ex.position.turn, a.start) for a in ex.tree[0].tries if a.child is not None)
    expect(root.locator(".xstatic svg .board-layer")).to_have_count(0)
    tap(root, source, source)
    drawn = sort(root.locator(".xstatic svg .board-layer").evaluate(DRAWN))
    assert drawn == expected
    # the turn mark stays as moves are made (the side has not finished its turn)
    root.locator("[data-action='reset']").click()
    expect(root.locator(".xstatic svg .board-layer text.turn-text")).to_have_text(turn)


def test_the_checkers_moved_so_far_are_ringed(page: Page, site: BuiltSite) -> None:
    """As a lesson's board rings the checkers of the last play, the exercise board rings each
    checker the reader has moved; one that moved on is not ringed where it passed."""
    root = make_a_point(page, site)  # White 6-1: 24x10, 19, 17x2, 13x2
    rings = root.locator(".xstatic svg .board-layer .ring-moved")
    expect(rings).to_have_count(0)
    tap(root, "24", "18")
    expect(rings).to_have_count(1)
    x = float(rings.first.get_attribute("cx") or 0)
    assert x == 12 + 5 * 40 + 20  # point 18: the sixth column of the top row, left of the bar
    tap(root, "13", "12")
    expect(rings).to_have_count(2)
    root.locator("[data-action='reset']").click()
    tap(root, "13", "6")  # 13/12 12/6: 12 is passed, only 6 ringed
    expect(rings).to_have_count(1)
    assert float(rings.first.get_attribute("cx") or 0) == 12 + 6 * 40 + 40 + 20  # point 6: right of the bar
    root.locator("[data-action='reset']").click()
    expect(rings).to_have_count(0)


POSITIONS = [
    "W:24x6,15,13x3,6x2;B:1x4,5x2,12,20x6;P:15,20;T:W",
    "W:24x6,15,13x3,6x2;B:1x4,5x2,12,20x6;P:15,20;T:B",
]
"""Tall stacks with counts, a pin under each colour (one under a tall stack), both trays
(White has borne off 2, Black 1), each side to play."""


@pytest.mark.parametrize("code", POSITIONS)
def test_the_board_script_draws_a_position_as_the_lessons_do(page: Page, site: BuiltSite, code: str) -> None:
    """board.js, which draws every exercise board, on a position no exercise has: pins under
    both colours, counts, borne-off checkers, the roll and the turn mark of either side."""
    position = Position.from_code(code)
    assert (position.white_off, position.black_off) == (2, 1)
    side = position.turn
    page.goto(site.url + "en/moving/index.html")
    page.locator("[data-plakoto-exercise='make-a-point'] .xboard").wait_for(state="visible")  # board.js is in
    drawn = sort(page.evaluate("""([position, side, draw]) => {
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.innerHTML = '<title>t</title><g class="base"></g>';
        document.body.append(svg);
        const geometry = JSON.parse(document.querySelector(".xdata").textContent).board;
        const board = new PlakotoBoard(svg, geometry, "test-layer");
        board.position(position);
        board.dice([6, 5], side, null);
        board.turn(side, "-");
        board.info(["-", "-"], side);
        return eval(draw)(svg.querySelector(".test-layer"));
    }""", [{"board": list(position.board), "pinned": sorted(position.pinned),
            "off": {"white": position.white_off, "black": position.black_off}}, side.value, DRAWN]))
    expected = parsed(svg.shapes(position, svg.Labels("", "-", "-", turn="-"), dice=Dice(6, 5), roller=side))
    # 22 checkers shown (5 of 6 on 24, 4 of 6 over the pin on 20), 2 pinned and their 2
    # markers, 3 borne off, 2 dice with 11 pips, the 2 small checkers of the lines under the
    # board, the checker beside the turn's words; counts on 24 and 20 and on both trays
    assert (len(expected["shapes"]), len(expected["counts"]), len(expected["turn"])) == (32 + 2 + 11, 4, 1)
    assert [u for u in expected["shapes"] if "turn-mark" in str(u[1])] == [
        ["circle", f"turn-mark ck-{side.value}", 313.0, 238.0]]
    assert drawn == expected


def test_a_complete_play_leaves_no_number_to_play(page: Page, site: BuiltSite) -> None:
    # content/exercises/larger-number.toml: White 6-5, only 13/7 can be played; the 5 cannot.
    page.goto(site.url + "en/moving/index.html")
    root = page.locator("[data-plakoto-exercise='larger-number']")
    expect(root.locator(".xdice")).to_have_text("Numbers left: 6, 5")
    tap(root, "13", "7")
    expect(root.locator("[data-feedback]")).to_have_text("Right! 13/7")
    expect(root.locator(".xdice")).to_have_text("")  # not "Numbers left: 5": the play is over
