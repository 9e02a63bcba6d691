"""Every wrong attempt answered like a teacher: a cross, a word for screen readers, and a
reason that is true of the board after that attempt, in every language.

The wrong plays, what their reason must say and what the board must then show are written
here by hand from each exercise's position (content/exercises/*.toml): for a play, the
points the reason names and what stands there; for a question, a different reason for each
wrong answer; for a pip count, the sum worked out by hand."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from plakoto_site.engine import OFF

from .conftest import BuiltSite
from .test_exercises import HAND_REFUSALS, Spot, point, spots, tap

pytestmark = pytest.mark.browser


def refused(spot: Spot, site: BuiltSite) -> tuple[list[str], str] | None:
    """Clicks for a try the engine refuses at the start, and the reason the page must show."""
    words = site.checked.words[spot.lang]
    side = spot.exercise.position.turn
    root = spot.exercise.tree[0]
    allowed = {(a.start, a.end) for a in root.tries if a.child is not None}
    sources = {a.start for a in root.tries if a.child is not None}
    for attempt in root.tries:
        if attempt.refusal is None or attempt.end == OFF:  # no "Bear off" where it cannot be done
            continue
        if attempt.start in sources and (attempt.start, attempt.end) not in allowed:
            return [point(side, attempt.start), point(side, attempt.end)], str(words.refusal(attempt.refusal))
    for attempt in root.tries:  # a source with nothing allowed: clicking it explains why
        if attempt.refusal is not None and attempt.start not in sources:
            first = next(a for a in root.tries if a.start == attempt.start)
            assert first.refusal is not None
            return [point(side, attempt.start)], str(words.refusal(first.refusal))
    return None


HAND_TRIES = {exercise: (clicks, reason) for _, exercise, clicks, reason in HAND_REFUSALS}
"""The English refused tries of test_exercises.py, by exercise: its clicks and reason."""


# exercise: (clicks of a legal play that is not the answer, the English reason, and what the
# board shows after it: point -> that point's label, as the page words it)
WRONG_PLAYS: dict[str, list[tuple[list[str], str, dict[str, str]]]] = {
    "bear-off-high": [  # 6-4 from 5, 3x2, 2x2, 1x2: the 4 first must move 5/1, then the 6 bears off from 3
        (["5", "1", "3", "off"], "It bears off 1 checker; this roll can bear off 2.",
         {"1": "Point 1: 3 white checkers.", "3": "Point 3: 1 white checker."})],
    "board-find-point": [  # 6-5 from the start: two checkers, to 18 and 19
        (["24", "18", "24", "19"], "This play moves 2 checkers; the answer moves 1.",
         {"18": "Point 18: 1 white checker.", "19": "Point 19: 1 white checker."})],
    "guard-the-mother": [  # the learner's play of the issue: both checkers stay on 24
        (["13", "10", "13", "7"], "It leaves your checkers on 10, 7 alone, where they can be pinned.",
         {"10": "Point 10: 1 white checker.", "7": "Point 7: 1 white checker.", "24": "Point 24: 2 white checkers."}),
        (["24", "18", "13", "10"], "Only one of your checkers is left on 24, your starting point: a lone mother can "
         "be pinned, and that can cost 2 points.", {"24": "Point 24: 1 white checker."})],
    "make-a-point": [  # 6-1: 24/18 and 24/23, no point made
        (["24", "18", "24", "23"], "It leaves your checkers on 23, 19, 18 alone, where they can be pinned.",
         {"23": "Point 23: 1 white checker.", "19": "Point 19: 1 white checker.", "18": "Point 18: 1 white checker."})],
    "opening-black-starts": [  # Black's 5-2 with one checker: board 1 -> 6 -> 8
        (["1", "6", "6", "8"], "This play moves 1 checker; the answer moves 2.",
         {"8": "Point 8: 1 black checker.", "1": "Point 1: 14 black checkers."})],
    "opening-read-a-play": [  # Black's 6-4 split: board 1 -> 5 and 1 -> 7
        (["1", "5", "1", "7"], "This play moves 2 checkers; the answer moves 1.",
         {"5": "Point 5: 1 black checker.", "7": "Point 7: 1 black checker."})],
    "pin-a-runner": [  # Black runs 1 -> 3 and 1 -> 6; White's lone checker on 10 stays free
        (["1", "3", "1", "6"], "The opposing checker on 10 is still free: no checker of yours stands on it.",
         {"10": "Point 10: 1 white checker."})],
    "pin-the-blot": [
        (["24", "21", "24", "19"], "The opposing checker on 15 is still free: no checker of yours stands on it.",
         {"15": "Point 15: 1 black checker."}),
        (["20", "15", "15", "12"], "You pinned the opposing checker on 15, then moved the pinner on: that checker "
         "is free again.", {"15": "Point 15: 1 black checker.", "12": "Point 12: 1 white checker."})],
    "strategy-pin-or-run": [  # 16/10* then on to 7
        (["16", "10", "10", "7"], "You pinned the opposing checker on 10, then moved the pinner on: that checker "
         "is free again.", {"10": "Point 10: 1 black checker.", "7": "Point 7: 1 white checker."})],
    "strategy-target-mother": [  # 4-2 with one checker from 13 to 7: Black's mother on 1 stays free
        (["13", "9", "9", "7"], "The opposing checker on 1 is still free: no checker of yours stands on it.",
         {"1": "Point 1: 1 black checker."})],
}

# Pip counts, by hand. board-count-pips: White 3x6 + 2x5 + 4 + 2x3 + 2 = 40; Black's 49 is
# 19x3 (6 each) + 20x3 (5) + 21x2 (4) + 22x2 (3) + 24x2 (1) = 18 + 15 + 8 + 6 + 2.
# count-pips: Black 23x2 (2 each) + 24x3 (1) = 7; read with the board's numbers, 46 + 72 = 118.
WRONG_PIPS: dict[str, list[tuple[str, str]]] = {
    "board-count-pips": [
        ("49", "49 is the other side's pip count."),
        ("45", "45 is too many. Point by point: 3 × 6 (point 6), 2 × 5 (point 5), 1 × 4 (point 4), "
               "2 × 3 (point 3), 1 × 2 (point 2)."),
    ],
    "count-pips": [
        ("118", "118 counts with the other side's numbering: a checker counts the number its own side gives its "
                "point."),
        ("6", "6 is one checker short: did you leave out one on point 24?"),
        ("3", "3 is too few. Point by point: 2 × 2 (point 23), 3 × 1 (point 24)."),
    ],
}

WORD = {"en": "Wrong:", "ru": "Неверно:", "el": "Λάθος:", "uk": "Неправильно:"}


def exercise(page: Page, site: BuiltSite, spot: Spot) -> Locator:
    page.goto(site.url + spot.page)
    return page.locator(f"[data-plakoto-exercise='{spot.exercise.id}']").first


def crossed(root: Locator, lang: str) -> str:
    """The attempt is marked wrong, with its word for screen readers; its reason."""
    line = root.locator(".xfeedback")
    expect(line).to_have_attribute("data-verdict", "no")
    expect(line.locator(".visually-hidden")).to_have_text(WORD[lang] + " ")
    assert line.locator(".xmark").evaluate("e => getComputedStyle(e, '::before').content") == '"✗"'
    return root.locator("[data-feedback]").inner_text()


@pytest.mark.parametrize("lang", ["en", "ru", "el", "uk"])
def test_every_exercise_in_every_language_says_why_each_wrong_attempt_is_wrong(
        page: Page, site: BuiltSite, lang: str) -> None:
    found = [spot for spot in spots(site) if spot.lang == lang]
    checked: dict[str, int] = {}
    for spot in found:
        ex, lang = spot.exercise, spot.lang
        root = exercise(page, site, spot)
        reasons: list[str] = []
        if ex.goal != "question":
            # an illegal try: the engine's refusal
            trial = refused(spot, site)
            if lang == "en":  # its English reason as written by hand in test_exercises.py
                assert trial == HAND_TRIES.get(ex.id), ex.id
            if trial is not None:  # (from the start of a game, every checker may move)
                tap(root, *trial[0])
                expect(root).to_have_attribute("data-state", "illegal")
                reasons.append(crossed(root, lang))
                assert reasons[-1] == trial[1]
                root.locator("[data-action='reset']").click()
            # a tap on a point without a checker of the reader's
            empty = next(str(p) for p in range(1, 25) if ex.position.board[p - 1] == 0)
            tap(root, empty)
            reasons.append(crossed(root, lang))
            assert empty in reasons[-1]
            for clicks, english, board in WRONG_PLAYS.get(ex.id, []):
                root.locator("[data-action='reset']").click()
                tap(root, *clicks)
                expect(root).to_have_attribute("data-state", "legal")
                said = crossed(root, lang)
                reasons.append(said)
                if lang == "en":
                    assert said.endswith(" " + english), (ex.id, said)
                    for where, label in board.items():  # what the reason names is where it says
                        expect(root.locator(f".xpt[data-point='{where}']")).to_have_attribute("aria-label", label)
                for where in board:
                    if re.search(rf"(?<!\d){where}(?!\d)", english):
                        assert re.search(rf"(?<!\d){where}(?!\d)", said), (lang, ex.id, said)
            if ex.goal == "best":
                assert ex.id in WRONG_PLAYS
        elif ex.question == "pips":
            form = root.locator(".xquestion")
            for value, english in WRONG_PIPS[ex.id]:
                form.locator("input[type=number]").fill(value)
                form.locator("button[type=submit]").click()
                reasons.append(crossed(root, lang))
                if lang == "en":
                    assert reasons[-1] == english
                assert value in reasons[-1]
        else:
            form = root.locator(".xquestion")
            form.locator("button[type=submit]").click()  # nothing chosen: asked to choose, not marked
            expect(form.locator("xpath=..").locator(".xfeedback")).to_have_attribute("data-verdict", "")
            right = form.get_attribute("data-answer")
            for choice in [v for v in (r.get_attribute("value") for r in form.locator("input[type=radio]").all())
                           if v != right]:
                form.locator(f"input[value='{choice}']").check()
                form.locator("button[type=submit]").click()
                reasons.append(crossed(root, lang))
        generic = site.checked.translations[lang].gettext("Not quite: try again.")
        assert len(reasons) >= (1 if ex.question == "can-bear-off" else 2), ex.id  # yes or no: one wrong answer
        assert all(reason.strip() and reason != generic for reason in reasons), (lang, ex.id, reasons)
        assert len(set(reasons)) == len(reasons), (lang, ex.id, reasons)  # a reason of its own for each
        checked[lang] = checked.get(lang, 0) + 1
    assert checked == {lang: len(site.checked.content.exercises)}


def test_guard_the_mother_no_longer_says_a_checker_left_24(page: Page, site: BuiltSite) -> None:
    """The issue's play: 13/10 13/7 leaves both checkers on 24, and the page must not say otherwise."""
    page.goto(site.url + "en/mother/index.html")
    root = page.locator("[data-plakoto-exercise='guard-the-mother']")
    tap(root, "13", "10", "13", "7")
    said = crossed(root, "en")
    assert "24" not in said and "mother" not in said
    expect(root.locator(".xexplain")).to_be_hidden()
    expect(root.locator(".xpt[data-point='24']")).to_have_attribute("aria-label", "Point 24: 2 white checkers.")


def test_a_right_attempt_gets_a_tick(page: Page, site: BuiltSite) -> None:
    page.goto(site.url + "en/scoring/index.html")
    root = page.locator("[data-plakoto-exercise='count-pips']")
    root.locator("input[type=number]").fill("7")
    root.locator("button[type=submit]").click()
    line = root.locator(".xfeedback")
    expect(line).to_have_attribute("data-verdict", "yes")
    expect(line.locator(".visually-hidden")).to_have_text("Right: ")
    assert line.locator(".xmark").evaluate("e => getComputedStyle(e, '::before').content") == '"✓"'


DRILL_REASONS = {
    # drill: (its position, roll and play, checked here; why each wrong answer is wrong, by
    # language), worked out by hand from RULES.md.
    # White bears off from 2 with the 3 or the 2; 2/off 2/off plays both, so 2/off alone
    # leaves a number the rules make it play ("Yes" is wrong).
    "drill-legal-1": (("W:2x4,1x10;B:23x2,24x12;P:2;T:W", "3-2", "2/off"), {
        "en": "The rules refuse it. Both numbers can be played, so both must be: this move leaves one unplayable.",
        "ru": "Правила его не разрешают. Сыграть можно оба числа, значит, играть нужно оба, а после такого хода "
              "шашки второе уже не сыграть."}),
    # 9/6 onto White's own 6, then 6/4 onto its own pinners on 4: both numbers, each move
    # allowed ("No" is wrong).
    "drill-legal-2": (("W:23,11,9,6,5x3,4x2,3x2;B:1x3,10,13,16,19,21x3,24x2;P:4,5,16,19,21,23,24;T:W", "3-2", "9/4"), {
        "en": "It is legal: the rules allow each of its moves, and it plays as much of the roll as can be played.",
        "ru": "Ход допустим: правила разрешают каждый ход шашки в нём, и сыграно столько из броска, сколько "
              "вообще можно сыграть."}),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_drills_say_why_a_wrong_answer_is_wrong(page: Page, site: BuiltSite, lang: str) -> None:
    drills = site.checked.content.drills
    # Is this play legal? One illegal play and one legal one, each answered wrongly.
    for number, drill in enumerate(drills["legal"][:2]):
        (position, roll, written), reasons = DRILL_REASONS[drill.id]
        assert (drill.exercise.position.code(), str(drill.exercise.dice), drill.written) == (position, roll, written)
        page.goto(f"{site.url}{lang}/practice/drills/legal/{number // 5 + 1}/index.html")
        root = page.locator(f"[data-plakoto-exercise='{drill.id}']")
        root.locator(f"input[value='{'no' if drill.refusal is None else 'yes'}']").check()
        root.locator("button[type=submit]").click()
        said = crossed(root, lang)
        assert said == reasons[lang], drill.id
    # Count the pips: two wrong counts, two reasons.
    drill = drills["pips"][0]
    page.goto(f"{site.url}{lang}/practice/drills/pips/1/index.html")
    root = page.locator(f"[data-plakoto-exercise='{drill.id}']")
    right = int(str(drill.exercise.answer))
    seen = []
    for value in (right + 7, right - 3):
        root.locator("input[type=number]").fill(str(value))
        root.locator("button[type=submit]").click()
        seen.append(crossed(root, lang))
        assert str(value) in seen[-1]
    assert seen[0] != seen[1]
