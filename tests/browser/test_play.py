"""The play page, /<lang>/play/, driven through its page contract in Chromium.

One side is played by clicks on ``[data-point]``: the test picks a legal play with the
Python engine (the page's own rules are the code under test) and clicks its moves; the
computer plays the other side. Dice are seeded with ``?seed=N``; ``?delay=0`` makes the
computer answer at once; ``?position=<code>`` (honoured only with a seed) starts from a
position. Seeds used below, read from the page's seeded dice: with a position, seed 31
rolls 6-5 first; from the start, seed 1 opens White 4, Black 1 and seed 8 White 1, Black 4.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from plakoto_site.engine import (
    OFF,
    Dice,
    Outcome,
    Play,
    Position,
    RuleSet,
    Side,
    legal_plays,
    parse_play,
)
from plakoto_site.render import svg
from tests.i18n.test_sentences import OUTCOMES, outcome_key

from .conftest import REPO, BuiltSite, quicken
from .test_quality import AXE, AXE_TAGS

pytestmark = pytest.mark.browser

GAME = "[data-plakoto-game]"
MOTHER_POSITION = "W:7x10,6,5,4,3,2;B:1,19x14;T:W"
"""White can pin Black's lone mother on 1 with any number, and White has left its own start."""


class Game:
    """The page's game, read and played through the page contract."""

    def __init__(self, page: Page, site: BuiltSite, lang: str, query: str) -> None:
        self.page = page
        self.url = f"{site.url}{lang}/play/?{query}"
        page.goto(self.url)
        page.evaluate("localStorage.clear()")
        page.goto(self.url)
        self.root = page.locator(GAME)

    def attr(self, name: str) -> str:
        return self.root.get_attribute(f"data-{name}") or ""

    @property
    def state(self) -> str:
        return self.attr("state")

    def position(self) -> Position:
        rules = RuleSet.parse(self.attr("rules"))
        return Position.from_json(json.loads(self.attr("position")), rules)

    def dice(self) -> Dice:
        high, low = (int(n) for n in self.attr("dice").split("-"))
        return Dice(high, low)

    def click_point(self, point: int) -> None:
        self.page.click(f'{GAME} [data-point="{"off" if point == OFF else point}"]')

    def setup(self, **choices: str) -> None:
        """Choose in the form, then start a new match."""
        self.page.locator("[data-settings] summary").click() if not self.page.locator(
            "[data-settings]").evaluate("d => d.open") else None
        for name, value in choices.items():
            if name == "length":
                self.page.select_option('select[name="length"]', value)
            elif name == "forced":
                self.page.check('input[name="forced"]')
            else:
                self.page.check(f'input[name="{name}"][value="{value}"]')
        self.page.click('button[data-action="new"]')

    def plays(self) -> list[Play]:
        position = self.position()
        return legal_plays(position, self.dice(), position.rules)

    def drag(self, start: int, end: int) -> None:
        """Press on a point, move the pointer in steps to another, let go."""
        self.page.locator(f"{GAME} .game-board").scroll_into_view_if_needed()

        def centre(point: int) -> tuple[float, float]:
            box = self.page.locator(f'{GAME} [data-point="{"off" if point == OFF else point}"]').bounding_box()
            assert box is not None
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        (x, y), (to_x, to_y) = centre(start), centre(end)
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        self.page.mouse.move(to_x, to_y, steps=6)
        self.page.mouse.up()

    def play(self, play: Play, drag: bool = False) -> None:
        """Click (or drag) the play's moves, checker then target, then Done (Done again for a draw)."""
        for move in play.moves:
            if drag:
                self.drag(move.start, move.end)
            else:
                self.click_point(move.start)
                self.click_point(move.end)
        self.page.click('button[data-action="done"]')
        if self.state == "moving":
            self.page.click('button[data-action="done"]')

    def wait_while(self, state: str) -> None:
        self.page.wait_for_function(f"s => document.querySelector('{GAME}').dataset.state !== s", arg=state)


def racing_choice(plays: list[Play], side: Side) -> Play:
    """A win if there is one, else the play that leaves the fewest pips: a short game."""
    wins = [p for p in plays if p.outcome is not None and p.outcome.winner is side]
    return wins[0] if wins else min(plays, key=lambda p: p.position.pips(side))


def play_to_the_end(game: Game, limit: int = 400, drag: bool = False) -> int:
    """Play the reader's side until the game is over; how many plays the reader made. At
    each of the reader's turns, and at the end, the record replayed through the engine
    (the saved game's log: sides, dice, notation) must give the board shown."""
    made = 0
    for _ in range(limit):
        state = game.state
        if state in ("rolling", "moving", "over"):
            check_the_record(game)
        if state == "over":
            return made
        if state == "rolling":
            game.page.click('button[data-action="roll"]')
        elif state == "passed":
            game.page.click('button[data-action="done"]')
        elif state == "moving":
            side = game.position().turn
            plays = game.plays()
            log = game.page.locator("[data-log] > *").count()
            game.play(racing_choice(plays, side), drag=drag)
            made += 1
            expect(game.page.locator("[data-log] > *")).not_to_have_count(log)
        else:
            game.wait_while(state)
    raise AssertionError(f"the game did not end in {limit} steps")


def check_the_record(game: Game) -> None:
    """The game's record, replayed through the Python engine from the start, ends on the
    position the page shows (at a turn's start)."""
    saved = json.loads(game.page.evaluate("localStorage.getItem('plakoto-play')"))
    rules = RuleSet.parse(saved["settings"]["rules"])
    log = saved["log"]
    if not log:
        return
    position = Position.from_code(f"W:24x15;B:1x15;T:{'W' if log[0]['side'] == 'white' else 'B'}", rules)
    for entry in log:
        assert position.turn.value == entry["side"]
        dice = Dice(*sorted(entry["dice"], reverse=True))
        position = parse_play(position, entry["notation"], dice, rules).position if entry["notation"] else position.pass_turn()
    shown = game.position()
    assert (shown.board, shown.pinned, shown.white_off, shown.black_off) == (
        position.board, position.pinned, position.white_off, position.black_off), len(log)


@pytest.mark.parametrize(("lang", "rules", "colour", "level", "width", "drag"), [
    ("en", "plakoto", "white", "club", 1280, False), ("ru", "plakoto", "black", "beginner", 360, True),
    ("el", "tapa", "white", "club", 360, False), ("uk", "tapa", "black", "beginner", 1280, True),
])
def test_a_whole_game_against_the_computer(browser: Browser, site: BuiltSite, lang: str, rules: str, colour: str,
                                           level: str, width: int, drag: bool) -> None:
    """Plakoto and Tapa, both levels, a phone and a desktop, played by clicks and by drags."""
    context = browser.new_context(viewport={"width": width, "height": 800 if width > 400 else 740})
    page = quicken(context.new_page())
    try:
        whole_game(page, site, lang, rules, colour, level, drag)
    finally:
        context.close()


def replayed(log: list[dict[str, object]], rules: RuleSet) -> tuple[Position, Outcome | None]:
    """The game's record played from the start through the Python engine: the position it
    reaches and how the last play ended the game (None if it did not)."""
    first = "W" if log[0]["side"] == "white" else "B"
    position = Position.from_code(f"W:24x15;B:1x15;T:{first}")
    outcome = None
    for entry in log:
        assert outcome is None, "the record goes on after the game ended"
        assert position.turn.value == entry["side"], entry
        dice = Dice.from_list(list(entry["dice"]))  # type: ignore[call-overload]
        notation = str(entry["notation"])
        if not notation and not position.legal_plays(dice, rules):
            position = Position.from_code(position.code()[:-1] + ("B" if position.turn is Side.WHITE else "W"))
            continue
        play = position.parse_play(notation, dice, rules)
        position, outcome = play.position, play.outcome
    return position, outcome


def whole_game(page: Page, site: BuiltSite, lang: str, rules: str, colour: str, level: str, drag: bool) -> None:
    game = Game(page, site, lang, "seed=5&delay=0")
    game.setup(rules=rules, colour=colour, opponent=level, length="1")
    assert game.attr("mode") == "computer" and game.attr("rules") == rules
    made = play_to_the_end(game, drag=drag)
    result = json.loads(game.attr("result"))
    assert made >= 10
    log = page.locator("[data-log] > li")
    assert log.count() >= 2 * made - 1
    # The record replayed through the Python engine, not the page's rules: it must reach the
    # page's position, and its ending decides who won what.
    saved = page.evaluate("JSON.parse(localStorage.getItem('plakoto-play'))")
    position, outcome = replayed(saved["log"], RuleSet.parse(rules))
    assert position.code() == game.position().code()
    assert outcome is not None
    assert result == {"winner": outcome.winner.value if outcome.winner else None, "points": outcome.points,
                      "reason": outcome.reason.value}
    # The sentence for that ending, written by hand in each language (not Words.outcome,
    # which wrote the page's own table).
    expect(page.locator("[data-feedback]")).to_contain_text(OUTCOMES[lang][outcome_key(outcome)])
    # The match to 1 point is over: the winner has the points, the other side none.
    expected = {"white": 0, "black": 0}
    if outcome.winner:
        expected[outcome.winner.value] = outcome.points
    assert saved["score"] == expected
    numbers = [int(n) for n in re.findall(r"\d+", page.locator("[data-score]").text_content() or "")]
    assert numbers[-2:] == [expected["white"], expected["black"]]
    if colour == "black":
        # Black's plays in Black's own numbering, board numbers beside them.
        black_line = page.locator("[data-log] > li.log-black").first.text_content() or ""
        assert "→" in black_line


def test_the_opening_roll_and_a_refused_try(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=0")
    assert game.state == "rolling" and game.attr("dice") == ""
    page.click('button[data-action="roll"]')
    # Seed 1: White rolls 4, Black 1; White starts with 4-1.
    assert game.attr("dice") == "4-1" and game.attr("turn") == "white" and game.state == "moving"
    expect(page.locator("[data-feedback]")).to_have_text("Opening roll: White 4, Black 1. White starts with 4–1.")
    game.click_point(1)
    expect(page.locator("[data-feedback]")).to_have_text("There is no checker of yours on 1.")
    expect(page.locator("[data-rule-link]")).to_be_visible()


def test_a_closed_point_is_refused_with_the_reason_and_the_lesson(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=31&delay=0&position=W:24x15;B:19x2,1x13;T:W")
    page.click('button[data-action="roll"]')
    assert game.attr("dice") == "6-5"
    game.click_point(24)
    expect(page.locator('[data-point="24"]')).to_have_attribute("aria-pressed", "true")
    game.click_point(19)
    expect(page.locator("[data-feedback]")).to_have_text("Point 19 is closed: 2 opposing checkers stand there.")
    link = page.locator("[data-rule-link]")
    expect(link).to_be_visible()
    assert (link.get_attribute("href") or "").endswith("moving/index.html")
    # The same try in Russian, worded from the Russian catalog.
    game = Game(page, site, "ru", "seed=31&delay=0&position=W:24x15;B:19x2,1x13;T:W")
    page.click('button[data-action="roll"]')
    game.click_point(24)
    game.click_point(19)
    expect(page.locator("[data-feedback]")).to_have_text("Пункт 19 закрыт: там стоят 2 шашки соперника.")


def test_undo_and_reload_resume(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=0")
    page.click('button[data-action="roll"]')
    before = game.attr("position")
    game.click_point(24)
    game.click_point(20)  # the 4
    assert json.loads(game.attr("position"))["board"][19] == 1
    page.click('button[data-action="undo"]')
    assert game.attr("position") == before
    game.click_point(24)
    game.click_point(20)
    during = game.attr("position")
    page.reload()
    assert game.attr("state") == "moving" and game.attr("position") == during and game.attr("dice") == "4-1"
    game.click_point(24)
    game.click_point(23)  # the 1: the turn is complete, and nothing is sent before Done
    assert game.state == "moving"
    page.click('button[data-action="done"]')
    game.wait_while("computer") if game.state == "computer" else None
    log = page.locator("[data-log] > li")
    expect(log.first).to_have_text("White rolls 4–1 and plays 24/23 24/20.")
    count = log.count()
    page.reload()
    expect(page.locator("[data-log] > li")).to_have_count(count)


def test_a_corrupt_saved_game_is_ignored(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=0")
    for broken in ("{broken", "[]", '{"version": 1, "address": "seed=1", "position": {"board": [99]}}', "123"):
        page.evaluate("v => localStorage.setItem('plakoto-play', v)", broken)
        page.reload()
        assert game.state == "rolling" and game.attr("dice") == ""
        page.click('button[data-action="roll"]')
        assert game.state == "moving"


BROKEN_SAVES = {
    # E03: still "moving" on a finished position (White has borne off all 15)
    "finished-moving": "s.state = 'moving'; s.dice = [6, 5]; s.position = {board: Array(18).fill(0).concat([-15, 0, 0, 0, 0, 0]),"
                       " pinned: [], off: {white: 15, black: 0}, turn: 'white'}",
    "finished-rolling": "s.state = 'rolling'; s.dice = null; s.position = {board: Array(18).fill(0).concat([-15, 0, 0, 0, 0, 0]),"
                        " pinned: [], off: {white: 15, black: 0}, turn: 'white'}",
    # E04: a record no game can have
    "huge-log": "s.log = Array(60000).fill({side: 'white', dice: [6, 5], notation: '24/18 24/19', board: ''})",
    "computer-on-my-turn": "s.state = 'computer'",
    "computer-in-two-players": "s.state = 'computer'; s.settings.mode = 'two-players'; s.position.turn = 'black'",
    "over-but-not-finished": "s.state = 'over'; s.dice = null",
    "moving-without-a-legal-move": "s.position = {board: Array(17).fill(0).concat([-2, -2, -2, -2, -2, -2, 15]), pinned: [],"
                                   " off: {white: 0, black: 3}, turn: 'white'}",
    "moving-without-dice": "s.dice = null",
    "dice-7-7": "s.dice = [7, 7]",
    "score-out-of-range": "s.score = {white: 1e308, black: -5}",
    "score-past-the-match": "s.state = 'rolling'; s.dice = null; s.score = {white: 3, black: 0}",
    "sixteen-checkers": "s.position.board[23] = 16",
    "log-entry-not-a-play": "s.log = [{side: 'white', dice: 'x', notation: 5}]",
    "settings-missing": "delete s.settings",
    "proto": "s = JSON.parse('{\"__proto__\": {\"version\": 1}}')",
    "not-json": "s = '{broken'",
    "a-number": "s = 123",
}
"""Saved games nobody could have played, made from a real save by hand (adversarial review,
E03-E05): each must give a fresh game and one sentence, never an error."""


def test_a_broken_saved_game_gives_a_fresh_game_and_one_sentence(page: Page, site: BuiltSite) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game = Game(page, site, "en", "seed=1&delay=0")
    page.click('button[data-action="roll"]')
    good = page.evaluate("localStorage.getItem('plakoto-play')")
    assert json.loads(good)["state"] == "moving"
    for name, change in BROKEN_SAVES.items():
        page.evaluate(f"""good => {{
            let s = JSON.parse(good);
            {change};
            localStorage.setItem('plakoto-play', typeof s === 'string' ? s : JSON.stringify(s));
        }}""", good)
        page.reload()
        assert (game.state, game.attr("dice"), errors) == ("rolling", "", []), name
        expect(page.locator("[data-feedback]")).to_have_text(
            "The saved game was damaged, so a new game starts. Roll for the opening: one die each, the higher number starts.")
        expect(page.locator("[data-log] > li")).to_have_count(0)
        expect(page.locator("[data-score]")).to_contain_text("White 0, Black 0")
        # The broken save is replaced: the next load is quiet, and the page plays.
        page.reload()
        expect(page.locator("[data-feedback]")).to_have_text("Roll for the opening: one die each, the higher number starts.")
        page.click('button[data-action="roll"]')
        assert game.state == "moving", name


def test_undo_takes_back_one_move_at_a_time(page: Page, site: BuiltSite) -> None:
    """Mutation survivor J2: Undo after two moves of a double takes back the second only."""
    game = Game(page, site, "en", "seed=7&delay=0&position=W:24x15;B:1x15;T:W")
    page.click('button[data-action="roll"]')
    assert game.attr("dice") == "1-1"
    start = game.attr("position")
    game.click_point(24)
    game.click_point(23)
    first = game.attr("position")
    assert json.loads(first)["board"][22] == 1
    game.click_point(24)
    game.click_point(23)
    assert json.loads(game.attr("position"))["board"][22] == 2
    page.click('button[data-action="undo"]')
    assert game.attr("position") == first
    page.click('button[data-action="undo"]')
    assert game.attr("position") == start
    expect(page.locator('button[data-action="undo"]')).to_be_disabled()


def test_the_match_score_survives_a_reload(page: Page, site: BuiltSite) -> None:
    """Mutation survivor J3: a reload at a score other than 0-0 keeps each side's points."""
    game = Game(page, site, "en", f"seed=31&delay=0&position={MOTHER_POSITION}")
    page.click('button[data-action="roll"]')
    game.play(next(p for p in game.plays() if p.outcome is not None))
    expect(page.locator("[data-score]")).to_have_text("Plakoto · match to 3 points: White 2, Black 0")
    page.reload()
    assert game.state == "over"
    expect(page.locator("[data-score]")).to_have_text("Plakoto · match to 3 points: White 2, Black 0")
    page.click('button[data-action="next"]')
    page.reload()
    expect(page.locator("[data-score]")).to_have_text("Plakoto · match to 3 points: White 2, Black 0")


def test_a_wrong_position_hook_is_ignored(page: Page, site: BuiltSite) -> None:
    for code in ("W:24x16;B:1x15", "nonsense", "W:1;B:24;P:1,24;T:W"):  # too many, unreadable, already over
        game = Game(page, site, "en", f"seed=1&delay=0&position={code}")
        page.click('button[data-action="roll"]')
        assert game.attr("dice") == "4-1" and game.position().board[23] == 15  # the opening roll, from the start


DRAWN_POSITION = "W:24x6,15,13x3,6x2;B:1x4,5x2,12,20x6;P:15,20;T:W"
"""Tall stacks with counts, a pin under each colour (one under a tall stack), both trays."""


def test_the_page_draws_a_position_as_the_lessons_do(page: Page, site: BuiltSite) -> None:
    """One board: the script places the same shapes at the same places as the board
    of a lesson (render/svg.py), and writes the same counts."""
    position = Position.from_code(DRAWN_POSITION)
    assert position.white_off == 2 and position.black_off == 1
    Game(page, site, "en", f"seed=31&delay=0&position={DRAWN_POSITION}")
    drawn = page.evaluate("""() => {
        const layer = document.querySelector("[data-plakoto-game] .play-layer");
        const uses = [...layer.querySelectorAll("circle, rect")].map(u => [u.tagName, u.getAttribute("class"),
            +(u.getAttribute("cx") || u.getAttribute("x")), +(u.getAttribute("cy") || u.getAttribute("y"))]);
        const counts = [...layer.querySelectorAll("text.ck-count, text.off-count")].map(
            t => [t.getAttribute("class"), +t.getAttribute("x"), +t.getAttribute("y"), t.textContent]);
        return {uses, counts};
    }""")
    shapes = svg.shapes(position, svg.Labels("", "-", "-", turn="-"))
    uses = [[tag, kind, float(x), float(y)] for tag, x, y, kind in
            re.findall(r'<(circle|rect) c?x="([^"]+)" c?y="([^"]+)"[^>]* class="([^"]+)"', shapes.replace(svg.BASE, ""))]
    counts = [[kind, float(x), float(y), text] for x, y, kind, text in
              re.findall(r'<text x="([^"]+)" y="([^"]+)" class="([^"]*count[^"]*)"[^>]*>([^<]*)</text>', shapes)]
    # 22 checkers shown (5 of 6 on 24, 4 of 6 over the pin on 20), 2 pinned and their 2
    # markers, 3 borne off, the 2 small checkers of the lines under the board, the checker
    # beside "White to play"; counts on 24 and 20 and on both trays
    assert (len(uses), len(counts)) == (32, 4)
    assert sorted(drawn["uses"]) == sorted(uses)
    assert sorted(drawn["counts"]) == sorted(counts)
    expect(page.locator("[data-plakoto-game] .play-layer text.turn-text")).to_have_text("White to play")


def test_a_two_player_game(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=8&delay=0")
    game.setup(opponent="two-players")
    assert game.attr("mode") == "two-players"
    assert page.locator('input[name="colour"]').first.is_disabled()
    page.click('button[data-action="roll"]')
    # Seed 8: White rolls 1, Black 4; Black starts with 4-1, played by a person.
    assert game.attr("turn") == "black" and game.state == "moving" and game.attr("dice") == "4-1"
    sides = []
    for turn in range(6):
        if game.state == "rolling":
            page.click('button[data-action="roll"]')
        side = game.position().turn
        sides.append(side)
        plays = game.plays()
        # Black's first play chosen here, so that its line can be written out by hand.
        game.play(next(p for p in plays if p.notation() == "24/23 24/20") if turn == 0 else racing_choice(plays, side))
        assert game.state in ("rolling", "over")
    assert Side.WHITE in sides and Side.BLACK in sides
    expect(page.locator("[data-log] > li")).to_have_count(6)
    # Black's 24, 23 and 20 are the board's 1, 2 and 5.
    expect(page.locator("[data-log] > li").first).to_have_text(
        "Black rolls 4–1 and plays 24/23 24/20 (board 1 → 2, 1 → 5).")


def test_a_game_ends_by_the_mother_rule(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", f"seed=31&delay=0&position={MOTHER_POSITION}")
    page.click('button[data-action="roll"]')
    pin = next(p for p in game.plays() if p.outcome is not None)
    game.play(pin)
    assert game.state == "over"
    assert json.loads(game.attr("result")) == {"winner": "white", "points": 2, "reason": "mother"}
    expect(page.locator("[data-feedback]")).to_contain_text(
        "Black's mother is pinned and White has no checker left on its starting point: White wins 2 points.")
    expect(page.locator("[data-score]")).to_have_text("Plakoto · match to 3 points: White 2, Black 0")


def test_the_match_goes_on_with_the_next_game(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", f"seed=31&delay=0&position={MOTHER_POSITION}")
    page.click('button[data-action="roll"]')
    game.play(next(p for p in game.plays() if p.outcome is not None))
    expect(page.locator("[data-feedback]")).to_contain_text("Press “Next game” to play on.")
    page.click('button[data-action="next"]')
    assert game.state == "rolling" and game.attr("result") == "" and game.attr("dice") == ""
    expect(page.locator("[data-log] > li")).to_have_count(0)
    expect(page.locator("[data-score]")).to_have_text("Plakoto · match to 3 points: White 2, Black 0")
    expect(page.locator('button[data-action="next"]')).to_be_hidden()


def test_a_hint_names_a_legal_play(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=0")
    page.click('button[data-action="roll"]')
    page.click('button[data-action="hint"]')
    text = page.locator("[data-feedback]").text_content() or ""
    assert text.startswith("Suggested play: ")
    legal = {str(p) for p in game.plays()}
    assert text.removeprefix("Suggested play: ").removesuffix(".") in legal


def test_the_hint_is_the_best_play_a_player_would_see(page: Page, site: BuiltSite) -> None:
    # White 5-2 (seed 2) with a blot on 8 and Black's lone checker on 11: 13/11* pins it and
    # 13/8 covers the blot, the play any club player makes (worked out by hand).
    game = Game(page, site, "en", "seed=2&delay=0&position=W:24x10,13x4,8;B:1x14,11;T:W")
    page.click('button[data-action="roll"]')
    assert game.attr("dice") == "5-2"
    page.click('button[data-action="hint"]')
    expect(page.locator("[data-feedback]")).to_have_text("Suggested play: 13/11* 13/8.")


def test_no_legal_move_passes_the_turn(page: Page, site: BuiltSite) -> None:
    # Black holds 18 to 23 with two checkers each: White's checkers on 24 cannot move at all.
    game = Game(page, site, "en", "seed=31&delay=0&position=W:24x15;B:18x2,19x2,20x2,21x2,22x2,23x2,1x3;T:W")
    game.setup(opponent="two-players")
    page.click('button[data-action="roll"]')
    expect(page.locator("[data-log] > li")).to_have_text(["White rolls 6–5 and cannot move."])
    # The roll stays on the board with the pass sentence until Done.
    assert game.state == "passed" and game.attr("turn") == "white" and game.attr("dice") == "6-5"
    expect(page.locator("[data-feedback]")).to_have_text(
        "White rolled 6–5: no legal move, so the turn passes to Black. Press Done to go on.")
    dice = page.locator(f"{GAME} [data-die]")
    expect(dice).to_have_count(2)
    assert [d.get_attribute("data-value") for d in dice.all()] == ["6", "5"]
    page.wait_for_timeout(300)
    assert game.state == "passed"
    page.click('button[data-action="done"]')
    assert game.attr("turn") == "black" and game.state == "rolling"


def test_against_the_computer_the_readers_pass_is_said_and_shown(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=31&delay=0&position=W:24x15;B:18x2,19x2,20x2,21x2,22x2,23x2,1x3;T:W")
    page.click('button[data-action="roll"]')
    assert game.state == "passed"
    expect(page.locator("[data-feedback]")).to_have_text(
        "You rolled 6–5: no legal move, so your turn passes. Press Done to go on.")
    expect(page.locator(f"{GAME} [data-die]")).to_have_count(2)
    page.reload()  # the pass survives a reload, still waiting for Done
    assert game.state == "passed"
    expect(page.locator("[data-feedback]")).to_contain_text("You rolled 6–5")
    page.click('button[data-action="done"]')
    expect(page.locator("[data-log] > li")).to_have_count(2)


def test_a_forced_play_is_played_for_the_reader(page: Page, site: BuiltSite) -> None:
    # With 6-5 the only play is 24/13 (by 18): 19 is closed, so the 5 can only follow the 6.
    game = Game(page, site, "en", "seed=31&delay=0&position=W:24x15;B:19x2,1x13;T:W")
    game.setup(opponent="two-players", forced="on")
    page.click('button[data-action="roll"]')
    expect(page.locator("[data-log] > li")).to_have_text(["White rolls 6–5 and plays 24/13."])
    assert game.attr("turn") == "black"


def test_tapa_has_no_mother_rule(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", f"seed=31&delay=0&position={MOTHER_POSITION}")
    game.setup(rules="tapa")
    page.click('button[data-action="roll"]')
    assert game.attr("rules") == "tapa"
    pins = [p for p in game.plays() if any(m.end == 1 for m in p.moves)]
    assert pins and all(p.outcome is None for p in pins)
    game.play(pins[0])
    assert game.state != "over" and game.attr("result") == ""


def test_keyboard_play(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=0")
    page.focus('button[data-action="roll"]')
    page.keyboard.press("Enter")
    assert game.attr("dice") == "4-1"
    page.focus('[data-point="24"]')
    page.keyboard.press("Enter")
    expect(page.locator('[data-point="24"]')).to_have_attribute("aria-pressed", "true")
    for _ in range(4):
        page.keyboard.press("ArrowLeft")
    expect(page.locator('[data-point="20"]')).to_be_focused()
    page.keyboard.press("Enter")
    assert json.loads(game.attr("position"))["board"][19] == 1


def test_a_checker_can_be_dragged(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=0")
    page.click('button[data-action="roll"]')
    page.drag_and_drop('[data-point="24"]', '[data-point="20"]')
    assert json.loads(game.attr("position"))["board"][19] == 1
    page.drag_and_drop('[data-point="24"]', '[data-point="19"]')  # no 5 in a 4-1: refused, nothing moves
    expect(page.locator("[data-feedback]")).to_contain_text("cannot move a checker from 24 to 19 (5 pips)")
    assert json.loads(game.attr("position"))["board"][18] == 0


def test_the_position_as_a_diagram_source_builds(page: Page, site: BuiltSite, tmp_path: Path) -> None:
    game = Game(page, site, "el", "seed=1&delay=0")
    page.click('button[data-action="roll"]')
    game.click_point(24)
    game.click_point(20)
    page.click('button[data-action="copy-position"]')
    text = page.locator("[data-export]").input_value()
    assert 'start = "W:24x14,20;B:1x15;T:W"' in text
    source = tmp_path / "from-a-game.toml"
    source.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, str(REPO / "build.py"), "diagram", str(source), "--out",
                           str(tmp_path / "out"), "--base-url", "https://blog.example/d/"], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "el" / "embed" / "game-position" / "index.html").is_file()
    page.click('button[data-action="copy-game"]')
    assert page.locator("[data-export]").input_value().startswith("Παρτίδα: ")


def test_a_phone_360_px_wide(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme="dark")
    page = context.new_page()
    try:
        game = Game(page, site, "ru", "seed=1&delay=0")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.click('button[data-action="roll"]')
        game.play(racing_choice(game.plays(), Side.WHITE))
        assert page.locator("[data-log] > li").count() >= 1
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()


def test_without_javascript_the_page_says_so(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{site.url}en/play/")
        expect(page.locator("noscript p, .notice").first).to_contain_text("needs JavaScript")
        for action in ("roll", "undo", "done", "hint", "new", "copy-game"):
            assert page.locator(f'button[data-action="{action}"]').is_disabled(), action
        link = page.get_by_role("link", name="go to the lessons")
        assert link.get_attribute("href") == "../index.html#lessons"
        link.click()
        expect(page.locator("#lessons")).to_be_visible()
    finally:
        context.close()


def test_linked_from_the_home_page_the_header_and_every_lesson(site: BuiltSite) -> None:
    for lang, lessons in site.checked.lessons.items():
        home = (site.folder / lang / "index.html").read_text()
        assert 'class="play-call"><a href="play/index.html"' in home
        for item in lessons:
            page = (site.folder / lang / item.lesson.slug / "index.html").read_text()
            # the header and the lesson's own call; a lesson's text may link to it too (the glossary)
            assert page.count('href="../play/index.html"') >= 2, (lang, item.lesson.slug)
        play = (site.folder / lang / "play" / "index.html").read_text()
        assert "plakoto-rules.js" in play and "play.js" in play
        assert "plakoto-rules.js" not in home


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_the_play_page(browser: Browser, site: BuiltSite, scheme: str) -> None:
    context = browser.new_context(bypass_csp=True, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        game = Game(page, site, "en", "seed=1&delay=0")
        page.click('button[data-action="roll"]')
        game.click_point(24)
        page.locator("[data-prefs-box] summary").click()  # the settings, open, are checked too
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})", AXE_TAGS)
        assert [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in result["violations"]] == []
    finally:
        context.close()


def test_right_to_left_mirrors_the_controls_not_the_board(page: Page, arabic: str) -> None:
    page.goto(arabic + "ar/play/?seed=1&delay=0")
    assert page.locator("html").get_attribute("dir") == "rtl"

    def x(selector: str) -> float:
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        return box["x"]

    assert x('[data-point="13"]') < x('[data-point="24"]') < x('[data-point="off"]')
    assert x('[data-point="12"]') < x('[data-point="1"]')
    assert x('button[data-action="roll"]') > x('button[data-action="undo"]') > x('button[data-action="done"]')


def test_nothing_is_sent_before_done_and_undo_takes_back_the_first_move(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=0")
    page.click('button[data-action="roll"]')
    start = game.attr("position")
    done = page.locator('button[data-action="done"]')
    expect(done).to_be_disabled()
    game.click_point(24)
    game.click_point(20)
    game.click_point(24)
    game.click_point(23)
    # Both numbers are played: the turn waits for Done.
    page.wait_for_timeout(200)
    assert game.state == "moving" and game.attr("turn") == "white"
    expect(page.locator("[data-log] > li")).to_have_count(0)
    expect(page.locator("[data-feedback]")).to_contain_text("press Done to send it")
    expect(page.locator(f"{GAME} [data-die][data-used]")).to_have_count(2)
    page.click('button[data-action="undo"]')
    page.click('button[data-action="undo"]')
    assert game.attr("position") == start
    expect(page.locator(f"{GAME} [data-die][data-used]")).to_have_count(0)
    game.click_point(24)
    game.click_point(19)
    expect(done).to_be_enabled()
    done.click()
    expect(page.locator("[data-log] > li").first).to_have_text("White rolls 4–1 and plays 24/19.")


BOTH_MOTHERS = "W:7x9,6,5,4,3,2;B:1,24,19x13;P:24;T:W"
"""White's mother lies pinned on 24 while Black's still stands on 1: White can pin it, a draw."""


def test_a_drawing_play_asks_first(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", f"seed=31&delay=0&position={BOTH_MOTHERS}")
    page.click('button[data-action="roll"]')
    assert game.attr("dice") == "6-5"
    game.click_point(6)
    game.click_point(1)
    page.click('button[data-action="done"]')
    assert game.state == "moving"
    expect(page.locator("[data-feedback]")).to_have_text(
        "This play ends the game in a draw. Press Done again to play it, or Undo to take it back.")
    page.click('button[data-action="done"]')
    assert game.state == "over"
    assert json.loads(game.attr("result")) == {"winner": None, "points": 0, "reason": "both-mothers"}
    expect(page.locator("[data-feedback]")).to_contain_text("Both mothers are pinned: the game is a draw, no points.")


WATCH = """() => new Promise(resolve => {
    const game = document.querySelector("[data-plakoto-game]"), seen = [], dice = [];
    const until = performance.now() + 8000;
    function look() {
        const flying = game.querySelector(".play-layer .flying");
        if (flying) { const box = flying.getBoundingClientRect(); seen.push(Math.round(box.x) + "," + Math.round(box.y)); }
        if (game.dataset.state === "computer" && game.dataset.dice) {
            dice.push([...game.querySelectorAll("[data-die]")].map(d => d.dataset.value + (d.hasAttribute("data-used") ? "u" : "")).join(" "));
        }
        if (game.dataset.state !== "computer" || performance.now() > until) resolve({seen, dice, state: game.dataset.state});
        else requestAnimationFrame(look);
    }
    requestAnimationFrame(look);
})"""
"""Watches the computer's turn frame by frame: where the travelling checker is drawn, and
the dice on the board while it plays."""


@pytest.mark.real_time
def test_the_computers_dice_are_on_the_board_and_its_checkers_travel(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=300")
    page.click('button[data-action="roll"]')
    game.play(racing_choice(game.plays(), Side.WHITE))
    assert game.state == "computer"
    watched = page.evaluate(WATCH)
    assert watched["state"] == "rolling"
    # Its roll on the board while it plays: two dice, fading as they are used.
    assert watched["dice"] and all(len(d.split()) == 2 for d in watched["dice"])
    assert any("u" not in d for d in watched["dice"]) and any("u" in d for d in watched["dice"])
    # A checker drawn at several places in turn: it travels.
    assert len(set(watched["seen"])) >= 4, watched["seen"]
    # Its play stays marked, and its roll stays on the board (played) until the reader rolls.
    expect(page.locator(f"{GAME} .last-move")).not_to_have_count(0)
    expect(page.locator(f"{GAME} [data-die][data-used]")).to_have_count(2)


def test_with_reduced_motion_nothing_travels(browser: Browser, site: BuiltSite) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    try:
        game = Game(page, site, "en", "seed=1&delay=300")
        page.click('button[data-action="roll"]')
        game.play(racing_choice(game.plays(), Side.WHITE))
        watched = page.evaluate(WATCH)
        assert watched["state"] == "rolling" and watched["dice"]
        assert watched["seen"] == []
        expect(page.locator("[data-log] > li")).to_have_count(2)
    finally:
        context.close()


def test_the_reader_is_told_their_colour(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=0")
    expect(page.locator("[data-you]")).to_have_text("You are White.")
    expect(page.locator("[data-score]")).to_have_text("Plakoto · match to 3 points: White 0, Black 0")
    game.setup(colour="black", rules="tapa", length="1")
    expect(page.locator("[data-you]")).to_have_text("You are Black.")
    expect(page.locator("[data-score]")).to_have_text("Tapa · match to 1 point: White 0, Black 0")
    # Before the opening roll nobody is "to play" yet.
    expect(page.locator(f"{GAME} .play-layer .turn")).to_have_count(0)
    game.setup(opponent="two-players")
    expect(page.locator("[data-you]")).to_have_text("Two players: White and Black take turns on this device.")


def test_at_the_end_of_a_match_play_again_or_a_new_match(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", f"seed=31&delay=0&position={MOTHER_POSITION}")
    game.setup(length="1", rules="plakoto")
    page.click('button[data-action="roll"]')
    game.play(next(p for p in game.plays() if p.outcome is not None))
    assert game.state == "over"
    expect(page.locator("[data-score]")).to_have_text("Plakoto · match to 1 point: White 2, Black 0")
    expect(page.locator('button[data-action="next"]')).to_be_hidden()
    page.click('button[data-action="again"]')
    assert game.state == "rolling"
    expect(page.locator("[data-score]")).to_have_text("Plakoto · match to 1 point: White 0, Black 0")
    expect(page.locator('button[data-action="again"]')).to_be_hidden()
    page.click('button[data-action="roll"]')
    game.play(next(p for p in game.plays() if p.outcome is not None))
    page.click('button[data-action="new-match"]')
    expect(page.locator("[data-settings] input").first).to_be_focused()


def test_a_dragged_checker_follows_the_pointer_and_lights_its_targets(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=0")
    page.click('button[data-action="roll"]')  # 4-1
    box = page.locator(f'{GAME} [data-point="24"]').bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 40, y + 20, steps=4)
    # Lifted: the points it can reach are lit, and a checker is drawn under the pointer.
    lit = page.locator(f"{GAME} [data-point].is-target")
    expect(lit).to_have_count(3)  # 23, 20 and 19
    dragged = page.locator(f"{GAME} .play-layer .dragged")
    expect(dragged).to_have_count(1)
    first = dragged.bounding_box()
    page.mouse.move(x - 80, y + 30, steps=2)
    assert dragged.bounding_box() != first
    # Let go on a point it cannot reach: nothing moves, the reason is said.
    closed = page.locator(f'{GAME} [data-point="21"]').bounding_box()
    assert closed is not None
    page.mouse.move(closed["x"] + 5, closed["y"] + 20, steps=3)
    page.mouse.up()
    expect(page.locator(f"{GAME} .play-layer .dragged")).to_have_count(0)
    assert game.position().board[20] == 0
    expect(page.locator("[data-feedback]")).to_contain_text("cannot move a checker from 24 to 21 (3 pips)")
    # A touch drag (pointer events from a finger) moves it too.
    page.evaluate("""() => {
        const from = document.querySelector('[data-plakoto-game] [data-point="24"]').getBoundingClientRect();
        const to = document.querySelector('[data-plakoto-game] [data-point="20"]').getBoundingClientRect();
        const at = (r) => ({clientX: r.x + r.width / 2, clientY: r.y + r.height / 2});
        const fire = (type, r) => document.querySelector('[data-plakoto-game] [data-point="24"]').dispatchEvent(
            new PointerEvent(type, {bubbles: true, pointerId: 7, pointerType: "touch", isPrimary: true, ...at(r)}));
        fire("pointerdown", from); fire("pointermove", to); fire("pointerup", to);
    }""")
    assert game.position().board[19] == 1


def test_the_record_replays_on_the_board_with_the_lessons_step_buttons(page: Page, site: BuiltSite) -> None:
    game = Game(page, site, "en", "seed=1&delay=0")
    page.click('button[data-action="roll"]')
    first = racing_choice(game.plays(), Side.WHITE)
    game.play(first)
    game.wait_while("computer") if game.state == "computer" else None
    assert game.state == "rolling"
    during = game.attr("position")
    page.click('button[data-action="replay"]')
    box = page.locator("[data-replay-box]")
    caption = page.locator("[data-replay-caption]")
    expect(box).to_be_visible()
    assert game.attr("replay") == "2"
    expect(caption).to_contain_text("2. Black rolls")
    page.click('button[data-action="replay-first"]')
    assert game.attr("replay") == "0"
    expect(caption).to_have_text("The start of the game, before the first play.")
    expect(page.locator(f"{GAME} .play-layer .last-move")).to_have_count(0)
    page.keyboard.press("ArrowRight")  # the keys of the lessons' diagrams
    assert game.attr("replay") == "1"
    # The lessons' sentence: the moves in board numbers, then the notation.
    expect(caption).to_contain_text("1. White rolls 4–1 and plays 24 → ")
    expect(caption).to_contain_text(f"(written {first}).")
    expect(page.locator(f"{GAME} .play-layer .last-move")).to_have_count(len(first.moves))
    page.keyboard.press("End")
    assert game.attr("replay") == "2"
    # The board points do nothing while replaying; back to the game, all is as it was.
    page.click('button[data-action="replay-close"]')
    expect(box).to_be_hidden()
    assert game.attr("replay") == "" and game.attr("position") == during and game.state == "rolling"
