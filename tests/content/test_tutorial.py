"""The tutorial as CONTENT.md lays it out: every lesson in every language, the same
diagrams in the same places, every step captioned, each page in its own language."""

from __future__ import annotations

import html
import re
import tomllib
from pathlib import Path

import pytest

from plakoto_site.content.exercises import exercise_texts
from plakoto_site.content.markdown import exercise_placements, make_markdown, placements
from plakoto_site.site.check import Checked, check
from plakoto_site.site.project import Project

REPO = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "ru", "el", "uk")
LESSONS = ("board", "opening", "moving", "pinning", "mother", "bearing-off", "scoring",
           "strategy", "variants", "questions")
PAGES = ("glossary", "about")
TERMS = tomllib.loads((REPO / "content" / "terms.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def checked() -> Checked:
    return check(Project(REPO))


def test_the_build_checks_clean(checked: Checked) -> None:
    assert [str(w) for w in checked.warnings] == []


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_translation_keeps_the_english_structure(checked: Checked, lang: str) -> None:
    """Sections by heading id, diagrams, exercises, lists, tables and notation examples, as
    the English has them, and no paragraph left in English (the parity check)."""
    drift = [str(w) for w in checked.warnings
             if w.code in ("parity", "same-as-english") and w.path.startswith(f"content/{lang}/")]
    assert drift == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_and_page_exists_in_order(checked: Checked, lang: str) -> None:
    lessons = checked.lessons[lang]
    assert [c.lesson.slug for c in lessons] == list(LESSONS + PAGES)
    assert [c.fallback for c in lessons] == [False] * len(lessons)
    assert [c.lesson.order for c in lessons] == list(range(1, len(lessons) + 1))
    assert checked.content.languages[lang].home is not None


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_same_diagrams_in_the_same_places(checked: Checked, lang: str) -> None:
    for english, translated in zip(checked.lessons["en"], checked.lessons[lang], strict=True):
        assert [p.diagram for p in placements(translated.tokens)] == [
            p.diagram for p in placements(english.tokens)
        ], translated.lesson.path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_of_every_diagram_has_a_caption(checked: Checked, lang: str) -> None:
    shown: set[str] = set()
    for item in checked.lessons[lang]:
        for placement in placements(item.tokens):
            diagram = checked.content.diagrams[placement.diagram]
            frames = {diagram.frame_of(c.key) for c in placement.captions if c.text.strip()}
            assert frames == set(range(diagram.frames)), (item.lesson.path, diagram.id)
            shown.add(diagram.id)
    assert shown == set(checked.content.diagrams)  # every diagram source is used


def test_at_least_twenty_diagrams_and_the_reference_sequences(checked: Checked) -> None:
    diagrams = checked.content.diagrams
    assert len(diagrams) >= 20
    plays = {(str(step.dice), step.play.notation()) for d in diagrams.values() for step in d.steps if step.play}
    for reference in [("6-5", "24/19 24/18"), ("3-1", "24/23 24/21"), ("5-3", "20/15* 13/10"),
                      ("6-5", "6/off 5/off")]:
        assert reference in plays


def _paragraphs(checked: Checked, lang: str) -> list[tuple[str, str]]:
    md = make_markdown()
    found = []
    for item in checked.lessons[lang]:
        rendered = md.renderer.render(
            [t for t in item.tokens if t.type != "plakoto_diagram"], md.options, {}
        )
        rendered = re.sub(r"<code>.*?</code>", " ", rendered)
        for block in re.findall(r"<(?:p|li|h\d|td)[^>]*>(.*?)</(?:p|li|h\d|td)>", rendered, re.S):
            found.append((item.lesson.slug, " ".join(html.unescape(re.sub(r"<[^>]+>", " ", block)).split())))
        for placement in placements(item.tokens):
            found += [(item.lesson.slug, c.text) for c in placement.captions]
    return found


ENGLISH_WORDS = {"the", "and", "is", "of", "to", "you", "your", "with", "that", "it", "are", "on", "can",
                 "when", "checker", "white", "black", "point", "move", "moves"}


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_no_untranslated_english_paragraphs(checked: Checked, lang: str) -> None:
    suspicious = []
    for slug, text in _paragraphs(checked, lang):
        words = re.findall(r"[A-Za-z]+", text)
        letters = sum(len(w) for w in words)
        native = len(re.findall(r"[^\W\d_A-Za-z]", text))
        english = {w.lower() for w in words} & ENGLISH_WORDS
        if len(english) >= 3 and letters > native:
            suspicious.append(f"{slug}: {text[:80]}")
    assert suspicious == []


def test_ukrainian_pages_have_no_russian_only_letters(checked: Checked) -> None:
    offending = [f"{slug}: {text[:80]}" for slug, text in _paragraphs(checked, "uk") if re.search("[ыэъёЫЭЪЁ]", text)]
    assert offending == []


def test_russian_pages_have_no_ukrainian_only_letters(checked: Checked) -> None:
    offending = [f"{slug}: {text[:80]}" for slug, text in _paragraphs(checked, "ru")
                 if re.search("[іїєґІЇЄҐ]", text) and "variants" not in slug]
    assert offending == []


def test_greek_pages_are_greek(checked: Checked) -> None:
    for slug, text in _paragraphs(checked, "el"):
        citation = re.search(r"\((1[89]|20)\d\d\)", text)  # a book in a reading list keeps its title
        if len(text) > 40 and not citation and not re.search(r"[Α-Ωα-ωάέήίόύώ]", text):
            pytest.fail(f"{slug}: no Greek in {text[:80]!r}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_term_is_in_the_glossary(checked: Checked, lang: str) -> None:
    glossary = next(c for c in checked.lessons[lang] if c.lesson.slug == "glossary")
    headings: dict[str, str] = {}
    tokens = glossary.tokens
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.attrGet("id"):
            headings[str(token.attrGet("id"))] = tokens[index + 1].content.lower()
    for term, words in TERMS.items():
        assert term in headings, f"{lang} glossary has no entry {{#{term}}}"
        assert any(word.lower() in headings[term] for word in words[lang]), (term, headings[term])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_entries_link_back_to_lessons(checked: Checked, lang: str) -> None:
    glossary = next(c for c in checked.lessons[lang] if c.lesson.slug == "glossary").lesson.body
    linked = set(re.findall(r"\]\(\.\./([a-z-]+)/index\.html", glossary))
    assert len(linked & set(LESSONS)) >= 5


@pytest.mark.parametrize("lang", LANGUAGES)
def test_questions_page_has_at_least_eight_questions(checked: Checked, lang: str) -> None:
    questions = next(c for c in checked.lessons[lang] if c.lesson.slug == "questions")
    assert sum(1 for t in questions.tokens if t.type == "heading_open" and t.tag == "h2") >= 8


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lessons_one_to_nine_end_with_exercises_in_the_same_places(checked: Checked, lang: str) -> None:
    by_slug = {item.lesson.slug: item for item in checked.lessons[lang]}
    english = {item.lesson.slug: item for item in checked.lessons["en"]}
    for slug in LESSONS[:9]:
        placed = [p.exercise for p in exercise_placements(by_slug[slug].tokens)]
        assert len(placed) >= 2, (lang, slug)
        assert placed == [p.exercise for p in exercise_placements(english[slug].tokens)]
        for placement in exercise_placements(by_slug[slug].tokens):
            texts, unreadable = exercise_texts(placement.content, 0)
            assert not unreadable and texts.get("prompt") and texts.get("answer"), (lang, slug, placement.exercise)
    used = {p.exercise for item in checked.lessons[lang] for p in exercise_placements(item.tokens)}
    assert used == set(checked.content.exercises)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_one_shows_its_board_before_any_text(checked: Checked, lang: str) -> None:
    """On a phone the first board must be on the first screen: lesson 1 opens with the
    start position, before its first heading and before any paragraph."""
    board = next(c for c in checked.lessons[lang] if c.lesson.slug == "board")
    first = next(t for t in board.tokens if t.type in ("heading_open", "paragraph_open") or placements([t]))
    assert [p.diagram for p in placements([first])] == ["start-position"]
