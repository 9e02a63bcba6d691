"""``build.py status``: missing, stale, fresh again after --mark, captions, catalogs, JSON,
--strict; and the term table's words to avoid."""

from __future__ import annotations

import json
from typing import Any

from .conftest import LESSON_EN, LESSON_RU, MiniProject

SECOND_RU = """\
+++
title = "Ходы"
order = 2
summary = "Два числа — два хода."
+++

Каждое число двигает одну шашку.
"""


def status(project: MiniProject, *args: str) -> dict[str, Any]:
    done = project.run("status", "--json", *args)
    assert done.returncode == 0, done.stderr
    ru: dict[str, Any] = json.loads(done.stdout)["languages"]["ru"]
    return ru


def test_missing_and_unmarked_lessons(project: MiniProject) -> None:
    ru = status(project)
    assert ru["lessons"]["moving"]["state"] == "missing"
    assert ru["lessons"]["pinning"] == {"state": "stale", "changed": 4, "removed": 0, "marked": False, "gaps": 0, "same_as_english": 0, "complete": False}
    assert ru["complete"] is False
    # The table row by row: each lesson beside its own state, not just both words somewhere.
    table = [line.rstrip() for line in project.run("status").stdout.splitlines()]
    start = table.index("lesson    ru")
    assert table[start:start + 4] == [
        "lesson    ru", "-" * 30, "pinning   STALE (unmarked)", "moving    MISSING"]


def test_stale_after_an_english_edit_and_fresh_after_mark(project: MiniProject) -> None:
    done = project.run("status", "--mark", "ru/pinning")
    assert done.returncode == 0 and "ru/pinning: marked as up to date" in done.stdout
    assert 'translates = "' in (project.root / "content/ru/pinning.md").read_text()
    assert status(project)["lessons"]["pinning"] == {"state": "translated", "changed": 0, "removed": 0, "marked": True, "gaps": 0, "same_as_english": 0, "complete": True}

    english = project.root / "content/en/pinning.md"
    english.write_text(english.read_text().replace("Landing on a lone checker", "A checker landing on a lone checker"))
    assert status(project)["lessons"]["pinning"] == {"state": "stale", "changed": 1, "removed": 1, "marked": True, "gaps": 0, "same_as_english": 0, "complete": False}
    diff = project.run("status", "--diff", "ru/pinning").stdout
    # the English paragraph as it was when marked, then as it is now
    assert ("--- was (line 7 then)\nLanding on a lone checker **pins** it.\n\n"
            "+++ now content/en/pinning.md:7\nA checker landing on a lone checker **pins** it.\n") in diff
    assert "A lone black checker on 15" not in diff  # unchanged blocks are not shown

    russian = project.root / "content/ru/pinning.md"
    russian.write_text(russian.read_text().replace("Шашка, вставшая", "Ваша шашка, вставшая"))
    project.run("status", "--mark", "ru/pinning")
    assert status(project)["lessons"]["pinning"]["state"] == "translated"
    assert "is up to date" in project.run("status", "--diff", "ru/pinning").stdout


def test_a_changed_diagram_makes_its_captions_stale(project: MiniProject) -> None:
    project.run("status", "--mark", "ru")
    diagram = project.root / "content/diagrams/pin.toml"
    diagram.write_text(diagram.read_text().replace('play = "20/15* 13/10"', 'play = "13/10 20/15*"'))
    assert status(project)["lessons"]["pinning"]["state"] == "translated"  # same play, other order
    diagram.write_text(diagram.read_text().replace('roll = "5-3"', 'roll = "5-2"')
                       .replace('play = "13/10 20/15*"', 'play = "20/15* 13/11"')
                       .replace("white = 282", "white = 283"))
    ru = status(project)
    assert ru["lessons"]["pinning"]["state"] == "stale" and ru["lessons"]["pinning"]["changed"] == 1
    assert "[plakoto W:24x8,20,13x6;B:1x10,5x4,15;T:W 5-2 20/15* 13/11]" in project.run(
        "status", "--diff", "ru/pinning").stdout


def test_missing_captions_and_catalog_figures(project: MiniProject) -> None:
    project.write("content/ru/pinning.md", LESSON_RU.replace("pin: Белые запирают её.\n", ""))
    ru = status(project)
    assert ru["captions_missing"] == [
        "content/ru/pinning.md:9: warning: diagram 'pin' has no caption for step(s) pin — "
        "add a line 'step: caption' for each"
    ]
    assert ru["catalog"] == {"total": 2, "translated": 2, "fuzzy": 0}
    po = project.root / "locales/ru/LC_MESSAGES/messages.po"
    po.write_text(po.read_text().replace('msgid "White rolls', '#, fuzzy\nmsgid "White rolls'))
    assert status(project)["catalog"] == {"total": 2, "translated": 1, "fuzzy": 1}


def test_strict_fails_until_everything_is_done(project: MiniProject) -> None:
    assert project.run("status", "--strict").returncode == 1
    project.write("content/ru/moving.md", SECOND_RU)
    assert project.run("status", "--strict").returncode == 1  # not marked yet
    project.run("status", "--mark", "ru")
    done = project.run("status", "--strict")
    assert done.returncode == 0, done.stdout
    assert "Everything is translated and up to date." in done.stdout


def test_fuzzy_entries_are_never_shown(project: MiniProject) -> None:
    po = project.root / "locales/ru/LC_MESSAGES/messages.po"
    po.write_text(po.read_text().replace('msgid "White rolls', '#, fuzzy\nmsgid "White rolls'))
    assert project.run("build").returncode == 0
    page = (project.root / "_site/ru/pinning/index.html").read_text()
    assert "Белые: бросок" not in page
    assert "White rolls 5–3 and plays" in page  # English, never the message id's key


def test_words_to_avoid_are_warned_about_with_path_and_line(project: MiniProject) -> None:
    project.write("content/terms.toml", '[checker]\nen = ["checker"]\nru = ["шашка"]\navoid.ru = ["фишк"]\n')
    project.write("content/ru/pinning.md", LESSON_RU.replace("Шашка, вставшая", "Фишка, вставшая"))
    done = project.run("build")
    assert done.returncode == 0
    assert ("content/ru/pinning.md:7: warning: 'Фишка': the term table says 'шашка' for this — "
            "use the site's word (content/terms.toml, [checker])") in done.stderr
    assert "'Фишка'" in json.dumps(status(project)["words_to_avoid"], ensure_ascii=False)


def test_status_names_unknown_lessons_and_languages(project: MiniProject) -> None:
    done = project.run("status", "--mark", "ru/nowhere")
    assert done.returncode != 0 and "there is no lesson 'nowhere'" in done.stderr
    done = project.run("status", "--diff", "xx/pinning")
    assert done.returncode != 0 and "there is no language 'xx'" in done.stderr


def test_mark_refuses_a_stale_translation_nobody_edited_unless_forced(project: MiniProject) -> None:
    project.run("status", "--mark", "ru/pinning")
    front = (project.root / "content/ru/pinning.md").read_text()
    assert 'marked_text = "' in front  # the hash of the translation's own text at this mark
    english = project.root / "content/en/pinning.md"
    english.write_text(english.read_text().replace("Landing on a lone checker", "A checker landing on a lone checker"))
    done = project.run("status", "--mark", "ru/pinning")
    assert done.returncode == 1
    assert ("ru/pinning: not marked: 1 English block(s) changed since the last mark, and the translated block "
            "answering each is as it was then:\n  content/en/pinning.md:7 changed — yours, untouched: "
            "content/ru/pinning.md:9: Шашка, вставшая") in done.stderr, done.stderr
    assert status(project)["lessons"]["pinning"]["state"] == "stale"
    done = project.run("status", "--mark", "ru/pinning", "--force")
    assert done.returncode == 0 and status(project)["lessons"]["pinning"]["state"] == "translated"


def test_the_home_page_text_is_part_of_status(project: MiniProject) -> None:
    project.write("content/en/_home.md", '+++\ntitle = "Plakoto"\nsummary = "Learn it."\n+++\n\nWelcome.\n')
    assert status(project)["lessons"]["_home"]["state"] == "missing"
    project.write("content/ru/_home.md", '+++\ntitle = "Плакото"\nsummary = "Учитесь."\n+++\n\nДобро пожаловать.\n')
    assert status(project)["lessons"]["_home"]["marked"] is False
    assert project.run("status", "--mark", "ru/_home").returncode == 0
    assert status(project)["lessons"]["_home"]["state"] == "translated"
    assert "_home" in project.run("status").stdout


def test_a_draft_language_is_built_but_not_announced(project: MiniProject) -> None:
    project.write("content/site.toml", 'url = "https://example.org/plakoto/"\nlanguages = ["en", "ru"]\n'
                  'drafts = ["ru"]\n')
    assert project.run("build").returncode == 0
    site = project.root / "_site"
    assert (site / "ru/pinning/index.html").exists()  # built for preview
    english = (site / "en/pinning/index.html").read_text()
    assert 'hreflang="ru"' not in english  # neither in the switcher nor as an alternate
    assert "/ru/" not in (site / "sitemap.xml").read_text()
    assert 'href="ru/index.html"' not in (site / "index.html").read_text()
    russian = (site / "ru/pinning/index.html").read_text()
    assert '<meta name="robots" content="noindex">' in russian and 'rel="alternate" hreflang' not in russian
    done = project.run("status", "--strict")  # a draft never fails the gate, but is shown as one
    assert done.returncode == 0 and "ru (draft)" in done.stdout


def test_drafts_must_be_languages_of_the_site(project: MiniProject) -> None:
    project.write("content/site.toml", 'url = "https://example.org/plakoto/"\nlanguages = ["en", "ru"]\n'
                  'drafts = ["ar"]\n')
    done = project.run("check")
    assert done.returncode == 1 and "content/site.toml:3: drafts ['ar'] must list languages" in done.stderr


def test_words_to_avoid_are_found_in_any_form(project: MiniProject) -> None:
    project.write("content/terms.toml", '[checker]\nen = ["checker"]\nru = ["шашка"]\navoid.ru = ["фишк"]\n')
    project.write("content/ru/pinning.md", LESSON_RU.replace("Шашка, вставшая на одинокую шашку",
                                                             "Одна из фишек, вставшая на одинокую шашку"))
    done = project.run("check")
    assert ("content/ru/pinning.md:7: warning: 'фишек': the term table says 'шашка' for this — "
            "use the site's word (content/terms.toml, [checker])") in done.stderr


def test_marking_a_whole_language_skips_only_the_unedited_stale_lessons(project: MiniProject) -> None:
    project.write("content/ru/moving.md", SECOND_RU)
    project.run("status", "--mark", "ru")
    for name, old, new in (("pinning", "Landing on a lone checker", "A checker landing on a lone checker"),
                           ("moving", "Each number moves one checker.", "Each number moves a checker.")):
        english = project.root / f"content/en/{name}.md"
        english.write_text(english.read_text().replace(old, new))
    russian = project.root / "content/ru/moving.md"
    russian.write_text(russian.read_text().replace("Каждое число", "Любое число"))
    done = project.run("status", "--mark", "ru")
    assert done.returncode == 1
    assert "ru/pinning: not marked" in done.stderr and "ru/moving: marked as up to date" in done.stdout
    lessons = status(project)["lessons"]
    assert (lessons["pinning"]["state"], lessons["moving"]["state"]) == ("stale", "translated")


TWO_EN = """\
+++
title = "Pinning"
order = 1
summary = "A lone checker is pinned, not hit."
+++

Landing on a lone checker **pins** it.

The pinned checker waits where it was caught.

A pinner cannot be pinned.
"""

TWO_RU = """\
+++
title = "Запирание"
order = 1
summary = "Одинокую шашку запирают, а не бьют."
+++

Шашка, вставшая на одинокую шашку соперника, **запирает** её.

Запертая шашка ждёт там, где её поймали.

Запирающую шашку запереть нельзя.
"""


def _marked_two(project: MiniProject) -> None:
    project.write("content/en/pinning.md", TWO_EN)
    project.write("content/ru/pinning.md", TWO_RU)
    assert project.run("status", "--mark", "ru/pinning").returncode == 0


def test_mark_names_the_changed_english_block_whose_translation_is_untouched(project: MiniProject) -> None:
    _marked_two(project)
    project.write("content/en/pinning.md", TWO_EN.replace("**pins** it.", "**pins** it, and holds it.")
                  .replace("where it was caught.", "where it was caught, until the pinner leaves."))
    russian = project.root / "content/ru/pinning.md"
    russian.write_text(russian.read_text().replace("**запирает** её.", "**запирает** её и держит."))
    done = project.run("status", "--mark", "ru/pinning")
    assert done.returncode == 1
    assert ("ru/pinning: not marked: 1 English block(s) changed since the last mark, and the translated block "
            "answering each is as it was then:\n  content/en/pinning.md:9 changed — yours, untouched: "
            "content/ru/pinning.md:11: Запертая шашка ждёт там, где её поймали.\n") in done.stderr, done.stderr
    assert "content/ru/pinning.md:9" not in done.stderr  # the one fixed is not named (its marks add two lines)

    table = project.run("status").stdout
    assert ("ru: pinning: content/en/pinning.md:7 changed — answered by content/ru/pinning.md:9 (edited since the "
            "mark)\nru: pinning: content/en/pinning.md:9 changed — answered by content/ru/pinning.md:11 (not edited "
            "since the mark)\n") in table, table
    blocks = json.loads(project.run("status", "--json").stdout)["languages"]["ru"]["changed_blocks"]
    assert blocks[1] == {"lesson": "pinning", "english": "content/en/pinning.md:9",
                         "translation": "content/ru/pinning.md:11", "untouched": True, "removed": False}

    diff = project.run("status", "--diff", "ru/pinning").stdout
    assert ("--- was (line 9 then)\nThe pinned checker waits where it was caught.\n\n"
            "+++ now content/en/pinning.md:9\nThe pinned checker waits where it was caught, until the pinner leaves.\n\n"
            "~~~ words: The pinned checker waits where it was [-caught.-] {+caught, until the pinner leaves.+}\n\n"
            "=== yours content/ru/pinning.md:11 (not edited since the mark)\n"
            "Запертая шашка ждёт там, где её поймали.\n") in diff, diff
    assert ("=== yours content/ru/pinning.md:9 (edited since the mark)\n"
            "Шашка, вставшая на одинокую шашку соперника, **запирает** её и держит.\n") in diff, diff

    # a trailing space is no edit
    russian.write_text(russian.read_text().replace("поймали.", "поймали. "))
    assert project.run("status", "--mark", "ru/pinning").returncode == 1
    assert project.run("status", "--mark", "ru/pinning", "--force").returncode == 0
    assert status(project)["lessons"]["pinning"]["state"] == "translated"


def test_an_english_block_removed_makes_the_translation_stale(project: MiniProject) -> None:
    """Mutation I4: a removal alone (nothing rewritten) must count."""
    _marked_two(project)
    project.write("content/en/pinning.md", TWO_EN.replace("A pinner cannot be pinned.\n", ""))
    ru = status(project)["lessons"]["pinning"]
    assert (ru["state"], ru["changed"], ru["removed"]) == ("stale", 0, 1)
    done = project.run("status", "--mark", "ru/pinning")
    assert done.returncode == 1
    assert "content/en/pinning.md:11 (then) was removed — yours, untouched: content/ru/pinning.md:13" in done.stderr


def test_the_status_table_counts_the_changed_english_blocks(project: MiniProject) -> None:
    """Mutation I4b: the table prints how many English blocks are new or changed."""
    _marked_two(project)
    project.write("content/en/pinning.md", TWO_EN + "\nA fourth paragraph.\n")
    assert "STALE (1 changed)" in project.run("status").stdout
    project.write("content/en/pinning.md", TWO_EN + "\nA fourth paragraph.\n\nA fifth one.\n")
    assert "STALE (2 changed)" in project.run("status").stdout


def test_a_lesson_copied_from_another_language_is_never_ok(project: MiniProject) -> None:
    project.write("content/site.toml", 'url = "https://example.org/plakoto/"\nlanguages = ["en", "ru", "uk"]\n')
    assert project.run("status", "--mark", "ru/pinning").returncode == 0
    (project.root / "content/uk").mkdir()
    (project.root / "content/uk/pinning.md").write_text((project.root / "content/ru/pinning.md").read_text())
    done = project.run("status", "--json")
    uk = json.loads(done.stdout)["languages"]["uk"]["lessons"]["pinning"]
    assert uk["state"] == "stale" and uk["marked"] is False and uk["complete"] is False
    check = project.run("check")
    assert ("content/uk/pinning.md:8: warning: this lesson is the same text as content/ru/pinning.md — translate "
            "it into uk") in check.stderr, check.stderr
    assert "content/ru/pinning.md:8: warning: this lesson is the same" not in check.stderr
    for force in ([], ["--force"]):
        refused = project.run("status", "--mark", "uk/pinning", *force)
        assert refused.returncode == 1
        assert ("uk/pinning: not marked: content/uk/pinning.md is the same text as content/ru/pinning.md — translate "
                "it into uk first") in refused.stderr


def test_order_must_match_the_english(project: MiniProject) -> None:
    project.write("content/ru/pinning.md", LESSON_RU.replace("order = 1", "order = 5"))
    done = project.run("check")
    assert done.returncode == 1
    assert ("content/ru/pinning.md:3: order = 5 differs from the English lesson's order = 1 — write order = 1, "
            "as in content/en/pinning.md") in done.stderr, done.stderr


def test_the_closing_hint_speaks_of_what_there_is(project: MiniProject) -> None:
    assert project.run("status", "--mark", "ru/pinning").returncode == 0
    table = project.run("status").stdout
    assert "To do in: ru.\nMISSING: copy the English lesson (content/en/LESSON.md) into content/LANG/" in table
    assert "STALE:" not in table


def test_a_language_code_babel_does_not_know_is_a_message(project: MiniProject) -> None:
    for command in (["check"], ["status"], ["build"]):
        done = project.run(*command, "--lang", "bgg")
        assert "Traceback" not in done.stderr, done.stderr
        assert done.returncode == 1
        assert "content/site.toml:1: there is no language 'bgg' in this site — choose from en, ru" in done.stderr


def test_diff_maps_an_english_caption_to_the_translated_step(project: MiniProject) -> None:
    """English ``1:`` and Russian ``pin:`` caption the same step: --diff pairs them and shows
    the diagram's moves in words, not as a bare record."""
    project.write("content/en/pinning.md", LESSON_EN.replace("pin: White pins it.", "1: White pins it."))
    assert project.run("status", "--mark", "ru/pinning").returncode == 0
    project.write("content/en/pinning.md", LESSON_EN.replace("pin: White pins it.", "1: White traps it."))
    diff = project.run("status", "--diff", "ru/pinning").stdout
    assert ("--- was (line 9 then), +++ now content/en/pinning.md:9; the lines that changed, word by word:\n"
            "~~~ content/en/pinning.md:11: 1: White [-pins-] {+traps+} it.\n\n"
            "=== yours content/ru/pinning.md:13 (not edited since the mark): pin: Белые запирают её.\n") in diff, diff
    assert "[plakoto " not in diff
    done = project.run("status", "--mark", "ru/pinning")
    assert done.returncode == 1
    assert "content/en/pinning.md:9 changed — yours, untouched: content/ru/pinning.md:11: ```diagram pin" in done.stderr


def test_a_caption_left_untouched_in_an_edited_diagram_is_named(project: MiniProject) -> None:
    """Both English captions changed; the Russian start caption was updated, the pin one not."""
    assert project.run("status", "--mark", "ru/pinning").returncode == 0
    project.write("content/en/pinning.md", LESSON_EN.replace("A lone black checker on 15.", "One black checker on 15.")
                  .replace("White pins it.", "White pins it at once."))
    russian = project.root / "content/ru/pinning.md"
    russian.write_text(russian.read_text().replace("Одинокая чёрная шашка", "Одна чёрная шашка"))
    done = project.run("status", "--mark", "ru/pinning")
    assert done.returncode == 1
    assert ("  content/en/pinning.md:9 changed — yours, untouched: content/ru/pinning.md:13: pin: Белые запирают "
            "её.\n") in done.stderr, done.stderr
    assert "content/ru/pinning.md:12" not in done.stderr
    russian.write_text(russian.read_text().replace("Белые запирают её.", "Белые сразу запирают её."))
    assert project.run("status", "--mark", "ru/pinning").returncode == 0


def test_a_list_item_left_untouched_is_named(project: MiniProject) -> None:
    english = LESSON_EN + "\n- one rule\n- another rule\n"
    project.write("content/en/pinning.md", english)
    project.write("content/ru/pinning.md", LESSON_RU + "\n- одно правило\n- другое правило\n")
    assert project.run("status", "--mark", "ru/pinning").returncode == 0
    project.write("content/en/pinning.md", english.replace("one rule", "the first rule")
                  .replace("another rule", "the second rule"))
    russian = project.root / "content/ru/pinning.md"
    russian.write_text(russian.read_text().replace("одно правило", "первое правило"))
    done = project.run("status", "--mark", "ru/pinning")
    assert done.returncode == 1
    assert "yours, untouched: content/ru/pinning.md:17: - другое правило\n" in done.stderr, done.stderr
