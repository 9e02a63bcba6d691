"""Parity: a translation keeps the English sections (by heading id, in order) and, in each,
the same diagrams and exercises, lists, tables and notation examples; text left in English
is reported. Each drift is a warning with ``path:line`` (the site is still built), makes the
lesson incomplete in ``status`` and fails ``status --strict``."""

from __future__ import annotations

import json

import pytest

from .conftest import MiniProject

ENGLISH = """\
+++
title = "Pinning"
order = 1
summary = "A lone checker is pinned, not hit."
+++

Landing on a lone checker **pins** it.

## The pin {#the-pin}

White plays `20/15*` and the checker on 15 is pinned.

```diagram pin
start: A lone black checker on 15.
pin: White pins it.
```

- the pinned checker cannot move
- the point belongs to the pinner

## Notation {#notation}

Moves repeat as `24/18(2)`; one checker moves on as `24/18/13`, and bears off as `6/off 5/off`.

| sign | meaning |
|---|---|
| `*` | a pin |

## Try it {#try-it}

```exercise mother-lost
prompt: What happens?
answer: Black wins 2 points.
```

```exercise stay-home
prompt: Play safely.
explain: Legal, but not the safest.
answer: 11/5 8/5.
```
"""

# Line numbers of the Russian file below, counted by hand: front matter 1–5, text from 7.
RUSSIAN = """\
+++
title = "Запирание"
order = 1
summary = "Одинокую шашку запирают, а не бьют."
+++

Шашка, вставшая на одинокую шашку соперника, **запирает** её.

## Запирание {#the-pin}

Белые играют `20/15*`, и шашка на 15 заперта.

```diagram pin
start: Одинокая чёрная шашка на пункте 15.
pin: Белые запирают её.
```

- запертая шашка не ходит
- пункт принадлежит запирающему

## Запись ходов {#notation}

Повтор пишут `24/18(2)`, ход одной шашки дальше — `24/18/13`, выбрасывание — `6/off 5/off`.

| знак | значение |
|---|---|
| `*` | запирание |

## Попробуйте {#try-it}

```exercise mother-lost
prompt: Что происходит?
answer: Чёрные выигрывают 2 очка.
```

```exercise stay-home
prompt: Сыграйте надёжно.
explain: Можно, но рискованно.
answer: 11/5 8/5.
```
"""

EXERCISES = {
    "mother-lost": 'position = "W:24,13x7,6x7;B:18,12x7,19x7;T:B"\nroll = "6-3"\nplay = "7/1*"\n'
                   'goal = "question"\nquestion = "outcome"\nanswer = { winner = "black", points = 2 }\n',
    "stay-home": 'position = "W:24x2,13x4,11x2,8x3,6x4;B:1x3,4x2,9x2,15x2,17x2,19x2,20x2;T:W"\n'
                 'roll = "6-3"\ngoal = "best"\naccepted = ["11/5 8/5"]\n',
}


@pytest.fixture
def lessons(project: MiniProject) -> MiniProject:
    project.write("content/en/pinning.md", ENGLISH)
    project.write("content/ru/pinning.md", RUSSIAN)
    project.root.joinpath("content/en/moving.md").unlink()
    for name, text in EXERCISES.items():
        project.write(f"content/exercises/{name}.toml", text)
    return project


def parity(project: MiniProject) -> list[str]:
    done = project.run("build")
    assert done.returncode == 0, done.stderr  # a drift never stops the build
    return [line for line in done.stderr.splitlines() if "content/ru/" in line and not wrong_answers_warning(line)]


def wrong_answers_warning(line: str) -> bool:
    """The fixture's choice exercises have no wrong-<answer> lines (tests/browser/test_reasons.py
    checks those): that warning is not a drift between the languages."""
    return "has no wrong-" in line


def test_a_faithful_translation_passes(lessons: MiniProject) -> None:
    assert parity(lessons) == []
    lessons.run("status", "--mark", "ru")
    done = lessons.run("status", "--strict")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_dropped_section_is_reported_where_it_belongs_and_fails_strict(lessons: MiniProject) -> None:
    start = RUSSIAN.index("## Запись ходов")
    end = RUSSIAN.index("## Попробуйте")
    lessons.write("content/ru/pinning.md", RUSSIAN[:start] + RUSSIAN[end:])
    assert parity(lessons) == [
        "content/ru/pinning.md:21: warning: the section {#notation} is missing (English: 'Notation', "
        "content/en/pinning.md:21) — add a heading ending in {#notation} before this line, with its text, "
        "diagrams and exercises, as the English section has them"
    ]
    lessons.run("status", "--mark", "ru")
    done = lessons.run("status", "--json", "--strict")
    assert done.returncode == 1
    ru = json.loads(done.stdout)["languages"]["ru"]
    assert ru["lessons"]["pinning"]["gaps"] == 1 and ru["lessons"]["pinning"]["complete"] is False
    assert ru["complete"] is False
    assert "INCOMPLETE 1 gap" in lessons.run("status").stdout


def test_a_heading_without_id_is_reported_with_the_english_id(lessons: MiniProject) -> None:
    lessons.write("content/ru/pinning.md", RUSSIAN.replace("## Запись ходов {#notation}", "## Запись ходов"))
    assert parity(lessons) == [
        "content/ru/pinning.md:21: warning: the heading 'Запись ходов' has no id — end it with {#notation}, "
        "the id of the English heading in the same place ('Notation')"
    ]


def test_an_unknown_id_and_the_section_it_replaced(lessons: MiniProject) -> None:
    lessons.write("content/ru/pinning.md", RUSSIAN.replace("{#notation}", "{#notes}"))
    assert parity(lessons) == [
        "content/ru/pinning.md:21: warning: the heading {#notes} has no English heading with that id — use the "
        "id of the English heading it translates (content/en/pinning.md); ids not used yet: {#notation}",
        "content/ru/pinning.md:29: warning: the section {#notation} is missing (English: 'Notation', "
        "content/en/pinning.md:21) — add a heading ending in {#notation} before this line, with its text, "
        "diagrams and exercises, as the English section has them",
    ]


def test_sections_out_of_order(lessons: MiniProject) -> None:
    pin = RUSSIAN[RUSSIAN.index("## Запирание"):RUSSIAN.index("## Запись ходов")]
    notation = RUSSIAN[RUSSIAN.index("## Запись ходов"):RUSSIAN.index("## Попробуйте")]
    lessons.write("content/ru/pinning.md", RUSSIAN.replace(pin + notation, notation + pin))
    assert parity(lessons) == [
        "content/ru/pinning.md:9: warning: the section {#notation} comes here, but the English has {#the-pin} "
        "first — put the sections in the English order (content/en/pinning.md): {#the-pin}, {#notation}, {#try-it}"
    ]


def test_a_missing_diagram_a_list_and_a_notation_example(lessons: MiniProject) -> None:
    text = (RUSSIAN.replace("```diagram pin\nstart: Одинокая чёрная шашка на пункте 15.\npin: Белые запирают её.\n```\n\n", "")
            .replace("- запертая шашка не ходит\n- пункт принадлежит запирающему\n",
                     "Запертая шашка не ходит, а пункт принадлежит запирающему.\n")
            .replace(", ход одной шашки дальше — `24/18/13`", ""))
    lessons.write("content/ru/pinning.md", text)
    assert parity(lessons) == [
        "content/ru/pinning.md:9: warning: section {#the-pin} has 0 lists, the English 1 (content/en/pinning.md:9) "
        "— keep each list of the English section as a list (word the items your own way)",
        "content/ru/pinning.md:9: warning: section {#the-pin} lacks the diagram 'pin' (content/en/pinning.md:9) — "
        "place ```diagram pin``` in this section, with its captions, as the English does",
        "content/ru/pinning.md:15: warning: section {#notation} does not show the notation example `24/18/13` "
        "(content/en/pinning.md:21) — explain it here as the English does, writing `24/18/13` exactly so",
    ]


def test_a_table_turned_into_prose(lessons: MiniProject) -> None:
    lessons.write("content/ru/pinning.md", RUSSIAN.replace(
        "| знак | значение |\n|---|---|\n| `*` | запирание |\n", "Звёздочка `*` означает запирание.\n"))
    assert parity(lessons) == [
        "content/ru/pinning.md:21: warning: section {#notation} has 0 tables, the English 1 "
        "(content/en/pinning.md:21) — keep each table of the English section as a table (word the items your own way)"
    ]


def test_exercises_in_another_order_or_another_section(lessons: MiniProject) -> None:
    first = "```exercise mother-lost\nprompt: Что происходит?\nanswer: Чёрные выигрывают 2 очка.\n```\n\n"
    second = "```exercise stay-home\nprompt: Сыграйте надёжно.\nexplain: Можно, но рискованно.\nanswer: 11/5 8/5.\n```\n"
    lessons.write("content/ru/pinning.md", RUSSIAN.replace(first + second, second + "\n" + first))
    assert parity(lessons) == [
        "content/ru/pinning.md:29: warning: section {#try-it} places its exercises in another order than the "
        "English (content/en/pinning.md:29) — place them in the English order: mother-lost, stay-home"
    ]
    moved = RUSSIAN.replace(first, "").replace("## Попробуйте", first + "## Попробуйте")
    lessons.write("content/ru/pinning.md", moved)
    assert parity(lessons) == [
        "content/ru/pinning.md:21: warning: section {#notation} has the exercise 'mother-lost', the English does "
        "not — move it to section {#try-it}, where the English has it",
        "content/ru/pinning.md:34: warning: section {#try-it} lacks the exercise 'mother-lost' "
        "(content/en/pinning.md:29) — place ```exercise mother-lost``` in this section, with its captions, "
        "as the English does",
    ]


def test_text_left_in_english_is_reported_but_names_and_notation_are_not(lessons: MiniProject) -> None:
    text = RUSSIAN.replace("Шашка, вставшая на одинокую шашку соперника, **запирает** её.",
                           "Landing on a lone checker **pins** it.")
    text = text.replace("Белые играют `20/15*`, и шашка на 15 заперта.",
                        "Белые играют `20/15*`, и шашка на 15 заперта.\n\n*Oswald Jacoby*, `20/15*` (1970).")
    lessons.write("content/ru/pinning.md", text)
    assert parity(lessons) == [
        "content/ru/pinning.md:7: warning: this text is the same as the English (content/en/pinning.md:7) — "
        "translate it (names, notation and numbers may stay as they are)"
    ]
    ru = json.loads(lessons.run("status", "--json").stdout)["languages"]["ru"]
    assert ru["lessons"]["pinning"]["same_as_english"] == 1 and ru["complete"] is False


def test_an_english_heading_without_id_is_reported_once(lessons: MiniProject) -> None:
    lessons.write("content/en/pinning.md", ENGLISH.replace("## Notation {#notation}", "## Notation"))
    done = lessons.run("build")
    assert done.returncode == 0
    english = [line for line in done.stderr.splitlines()
               if line.startswith("content/en/") and not wrong_answers_warning(line)]
    assert english == ["content/en/pinning.md:21: warning: the heading 'Notation' has no id — end it with "
                       "{#an-id}: translations are matched to the English by heading id"]
