"""``python build.py status``: the translator's to-do list."""

from __future__ import annotations

import argparse
import json
import sys

from plakoto_site.content.diagrams import Diagram
from plakoto_site.content.lessons import Lesson
from plakoto_site.content.problems import Code, ContentError, Problem
from plakoto_site.i18n.status import (
    Answer,
    Block,
    ChangedBlock,
    LanguageStatus,
    LessonStatus,
    answers,
    blocks,
    caption_answers,
    changed_words,
    changes,
    compare,
    is_under,
    mark,
    paired_changes,
    read_snapshot,
    shown,
    snapshot_path,
    unedited_since_marked,
)
from plakoto_site.site.check import Checked, check
from plakoto_site.site.project import Project

SYMBOLS = {"translated": "ok", "missing": "MISSING", "stale": "STALE"}
HOME = "_home"
"""How status names the home page's text, ``content/<lang>/_home.md``."""


def pairs(checked: Checked, lang: str) -> dict[str, tuple[Lesson, Lesson | None]]:
    """Every English text by the name status gives it, with its translation, if any."""
    content = checked.content
    reference, found = content.reference, content.languages[lang]
    named: dict[str, tuple[Lesson, Lesson | None]] = {}
    if reference.home is not None:
        named[HOME] = (reference.home, found.home)
    for slug, english in reference.lessons.items():
        named[slug] = (english, found.lessons.get(slug))
    return named


def gather(project: Project, checked: Checked, languages: list[str]) -> list[LanguageStatus]:
    content = checked.content
    found = []
    for lang in languages:
        status = LanguageStatus(lang, catalog=checked.catalogs.get(lang), draft=lang in content.settings.drafts)
        folder = project.content / lang
        mine = [w for w in checked.warnings
                if is_under(w.path, folder, project.root) or is_under(w.path, project.locales / lang, project.root)]
        by_code: dict[Code, list[Problem]] = {}
        for warning in mine:
            by_code.setdefault(warning.code, []).append(warning)
        status.captions = by_code.get(Code.NO_CAPTION, [])
        status.parity = by_code.get(Code.PARITY, [])
        status.same = by_code.get(Code.SAME_AS_ENGLISH, [])
        status.words = [w for w in mine if w.code not in (Code.NO_CAPTION, Code.PARITY, Code.SAME_AS_ENGLISH)]
        for name, (english, translated) in pairs(checked, lang).items():
            item = compare(english, translated, content.diagrams, name)
            if translated is not None and item.marked and not snapshot_path(project.locales, lang,
                                                                            translated.path.stem).is_file():
                # marks without this language's record of the English: copied from another language
                item = LessonStatus(item.slug, "stale", len(blocks(english, content.diagrams)), 0, marked=False)
            if translated is not None:
                where = (folder / translated.path.name).relative_to(project.root).as_posix()
                gaps = sum(1 for w in status.parity if w.path == where)
                same = sum(1 for w in status.same if w.path == where)
                item = LessonStatus(item.slug, item.state, item.changed, item.removed, item.marked, gaps, same)
                if item.state == "stale" and item.marked:
                    status.answers += _changed_blocks(project, checked, lang, name, english, translated)
            status.lessons.append(item)
        found.append(status)
    return found


def _changed_blocks(project: Project, checked: Checked, lang: str, name: str, english: Lesson,
                    translated: Lesson) -> list[ChangedBlock]:
    theirs, mine = f"content/{english.lang}/{english.path.name}", f"content/{lang}/{translated.path.name}"
    return [ChangedBlock(name, f"{theirs}:{(answer.english or answer.was).line}",
                         f"{mine}:{answer.translated.line + (answer.parts[0][0] if answer.parts else 0)}",
                         answer.untouched, answer.english is None)
            for answer in _answers(project, checked, lang, english, translated) or []]


def as_json(statuses: list[LanguageStatus]) -> dict[str, object]:
    return {
        "languages": {
            s.lang: {
                "complete": s.complete,
                "draft": s.draft,
                "lessons": {
                    item.slug: {"state": item.state, "changed": item.changed, "removed": item.removed,
                                "marked": item.marked, "gaps": item.gaps, "same_as_english": item.same,
                                "complete": item.complete}
                    for item in s.lessons
                },
                "captions_missing": [str(p) for p in s.captions],
                "structure": [str(p) for p in s.parity],
                "same_as_english": [str(p) for p in s.same],
                "words_to_avoid": [str(p) for p in s.words],
                "changed_blocks": [{"lesson": a.lesson, "english": a.english, "translation": a.translation,
                                    "untouched": a.untouched, "removed": a.removed} for a in s.answers],
                "catalog": None if s.catalog is None else {
                    "total": s.catalog.total, "translated": s.catalog.translated, "fuzzy": s.catalog.fuzzy,
                },
            }
            for s in statuses
        }
    }


def table(statuses: list[LanguageStatus], reference: str) -> str:
    slugs = [item.slug for item in statuses[0].lessons] if statuses else []
    width = max([len(s) for s in slugs] + [8]) + 2
    column = max([len(_cell(item)) for s in statuses for item in s.lessons]
                 + [len(s.lang) + 8 for s in statuses] + [18]) + 2
    head = "lesson".ljust(width) + "".join((s.lang + (" (draft)" if s.draft else "")).ljust(column)
                                           for s in statuses)
    rows = [f"Translation status ({reference} is the reference)", "", head, "-" * len(head)]
    for index, slug in enumerate(slugs):
        cells = [_cell(status.lessons[index]).ljust(column) for status in statuses]
        rows.append(slug.ljust(width) + "".join(cells))
    rows.append("")
    for status in statuses:
        catalog = status.catalog
        if catalog is not None:
            fuzzy = f", {catalog.fuzzy} fuzzy (shown in English until reviewed)" if catalog.fuzzy else ""
            rows.append(f"{status.lang}: interface texts {catalog.translated}/{catalog.total} translated{fuzzy}"
                        f" — locales/{status.lang}/LC_MESSAGES/messages.po")
        for problem in status.captions + status.parity + status.same + status.words:
            rows.append(f"{status.lang}: {problem}")
        for answer in status.answers:
            what = "(then) was removed" if answer.removed else "changed"
            state = "not edited since the mark" if answer.untouched else "edited since the mark"
            rows.append(f"{status.lang}: {answer.lesson}: {answer.english} {what} — answered by "
                        f"{answer.translation} ({state})")
    rows.append("")
    if any(item.gaps for s in statuses for item in s.lessons):
        rows.append("INCOMPLETE: the translation lacks sections, diagrams, exercises, lists, tables or notation "
                    "examples of the English (listed above with file and line).")
    if any(item.same for s in statuses for item in s.lessons):
        rows.append("SAME AS ENGLISH: some text is still the English word for word (listed above).")
    todo = [s.lang for s in statuses if not s.complete]
    if not todo:
        rows.append("Everything is translated and up to date.")
        return "\n".join(rows)
    states = {item.state for s in statuses for item in s.lessons}
    rows.append(f"To do in: {', '.join(todo)}.")
    if "missing" in states:
        rows.append("MISSING: copy the English lesson (content/en/LESSON.md) into content/LANG/ with the same name, "
                    "translate it, then `python build.py status --mark LANG/LESSON`.")
    if "stale" in states:
        rows.append("STALE: see what changed with `python build.py status --diff LANG/LESSON`; after updating, "
                    "`--mark LANG/LESSON`.")
    if any(s.catalog is not None and s.catalog.fuzzy for s in statuses):
        rows.append("fuzzy: review those entries in the language's messages.po and delete their '#, fuzzy' line.")
    return "\n".join(rows)


def _cell(item: LessonStatus) -> str:
    cell = SYMBOLS[item.state]
    if item.state == "stale":
        cell += " (unmarked)" if not item.marked else f" ({item.changed} changed)"
    if item.gaps:
        cell = ("INCOMPLETE" if item.state == "translated" else cell) + f" {item.gaps} gap{'s' * (item.gaps > 1)}"
    if item.same:
        cell += f" {item.same} same"
    return cell


def _lesson(checked: Checked, target: str) -> tuple[str, str | None]:
    lang, _, slug = target.partition("/")
    reference = checked.content.settings.reference
    choices = ", ".join(x for x in checked.content.languages if x != reference)
    if lang == reference:
        raise SystemExit(f"status: {lang} is the reference language, translated from, not into; choose from {choices}")
    if lang not in checked.content.languages:
        raise SystemExit(f"status: there is no language {lang!r}; choose from {choices}")
    names = pairs(checked, lang)
    if slug and slug not in names:
        raise SystemExit(f"status: there is no lesson {slug!r}; the lessons are {', '.join(names)}")
    return lang, slug or None


def do_mark(checked: Checked, project: Project, target: str, force: bool) -> int:
    lang, slug = _lesson(checked, target)
    named = pairs(checked, lang)
    refused = 0
    for name in [slug] if slug else list(named):
        english, translated = named[name]
        if translated is None:
            if slug:
                print(f"{lang}/{name}: there is no translation to mark yet "
                      f"(content/{lang}/{english.path.name})", file=sys.stderr)
                return 1
            continue
        copy = _copied(checked, lang, name, translated)
        if copy is not None:
            print(f"{lang}/{name}: not marked: content/{lang}/{translated.path.name} is the same text as {copy} — "
                  f"translate it into {lang} first (from the English, content/{english.lang}/{english.path.name})",
                  file=sys.stderr)
            refused += 1
            continue
        state = compare(english, translated, checked.content.diagrams, name)
        found = _answers(project, checked, lang, english, translated) if state.state == "stale" else None
        untouched = [answer for answer in found or [] if answer.untouched]
        if untouched and not force:
            _refuse(lang, name, english, translated, untouched)
            refused += 1
            continue
        if found is None and state.state == "stale" and state.marked and unedited_since_marked(translated) \
                and not force:
            print(f"{lang}/{name}: not marked: the English changed in {state.changed} block(s) since the last mark, "
                  f"and content/{lang}/{translated.path.name} has not been edited since. See what changed with "
                  f"--diff {lang}/{name}, update the translation, then mark it; if the English change needs "
                  f"nothing in yours (a typo), mark with --force.", file=sys.stderr)
            refused += 1
            continue
        mark(translated, english, checked.content.diagrams, project.locales)
        print(f"{lang}/{name}: marked as up to date with the English text.")
    return 1 if refused else 0


def _copied(checked: Checked, lang: str, name: str, translated: Lesson) -> str | None:
    """The other translation ``translated`` is word for word, if any (``content/ru/x.md``)."""
    content = checked.content
    for other, found in content.languages.items():
        lesson = found.home if name == HOME else found.lessons.get(name)
        if other not in (lang, content.settings.reference) and lesson is not None \
                and lesson.body.strip() == translated.body.strip():
            return f"content/{other}/{lesson.path.name}"
    return None


def _answers(project: Project, checked: Checked, lang: str, english: Lesson, translated: Lesson
             ) -> list[Answer] | None:
    """The changed English blocks and the translated block answering each, when the last
    mark recorded both texts (see :func:`plakoto_site.i18n.status.answers`)."""
    path = snapshot_path(project.locales, lang, translated.path.stem)
    old, old_translation = read_snapshot(path), read_snapshot(path, "translation")
    if old is None or old_translation is None or not isinstance(translated.meta.get("translates"), str):
        return None
    diagrams = checked.content.diagrams
    return answers(old, blocks(english, diagrams), old_translation, blocks(translated, diagrams), diagrams)


def _short(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 70 else line[:67] + "…"


def _refuse(lang: str, name: str, english: Lesson, translated: Lesson, untouched: list[Answer]) -> None:
    mine = f"content/{lang}/{translated.path.name}"
    theirs = f"content/{english.lang}/{english.path.name}"
    print(f"{lang}/{name}: not marked: {len(untouched)} English block(s) changed since the last mark, and the "
          "translated block answering each is as it was then:", file=sys.stderr)
    for answer in untouched:
        what = f"{theirs}:{answer.english.line} changed" if answer.english else \
            f"{theirs}:{answer.was.line} (then) was removed"
        for offset, text in answer.parts or [(0, answer.translated.text)]:
            print(f"  {what} — yours, untouched: {mine}:{answer.translated.line + offset}: {_short(text)}",
                  file=sys.stderr)
    print(f"See what changed with --diff {lang}/{name}, update those blocks, then mark; if the English change "
          "needs nothing there (a typo), mark with --force.", file=sys.stderr)


def _print_pair(was: Block, now: Block, answer: Answer | None, where: str, mine: str,
                diagrams: dict[str, Diagram]) -> None:
    """One rewritten English block: as it was, as it is, the words changed, and the
    translated block answering it (of a diagram, only the captions of the changed steps)."""
    lines = changed_words(was.text, now.text)
    if len(lines) == 1 and "\n" not in now.text:  # a paragraph: its words
        print(f"--- was (line {was.line} then)\n{was.text}\n")
        print(f"+++ now {where}:{now.line}\n{now.text}\n")
        print(f"~~~ words: {lines[0][1]}\n")
        _print_answer(answer, mine)
        return
    print(f"--- was (line {was.line} then), +++ now {where}:{now.line}; the lines that changed, word by word:")
    for index, words in lines:
        print(f"~~~ {where}:{now.line + index}: {words}")
    print()
    if answer is None:
        return
    captions = caption_answers(now.text, answer.translated.text, [i for i, _ in lines], diagrams)
    if not captions:
        _print_answer(answer, mine)
        return
    state = "not edited since the mark" if answer.untouched else "edited since the mark"
    text = answer.translated.text.split("\n")
    for index in captions:
        print(f"=== yours {mine}:{answer.translated.line + index} ({state}): {text[index]}")
    print()


def _print_answer(answer: Answer | None, mine: str) -> None:
    if answer is not None:
        state = "not edited since the mark" if answer.untouched else "edited since the mark"
        print(f"=== yours {mine}:{answer.translated.line} ({state})\n{answer.translated.text}\n")


def do_diff(checked: Checked, project: Project, target: str) -> int:
    lang, slug = _lesson(checked, target)
    if slug is None:
        print("status --diff needs a lesson, e.g. --diff el/pinning", file=sys.stderr)
        return 2
    english, translated = pairs(checked, lang)[slug]
    where = english.path.relative_to(english.path.parents[2]).as_posix()
    if translated is None:
        print(f"{lang}/{slug} is not translated yet: translate all of {where}.")
        return 0
    diagrams = checked.content.diagrams
    changed, removed = changes(english, translated, diagrams)
    if not changed and not removed:
        print(f"{lang}/{slug} is up to date with the English text.")
        return 0
    old = read_snapshot(snapshot_path(project.locales, lang, translated.path.stem))
    if old is None or not isinstance(translated.meta.get("translates"), str):
        print(f"English text new or changed since {lang}/{slug} was last marked (the old English text was not "
              "recorded at that mark, so only the new text can be shown):\n")
        for block in changed:
            print(f"+++ now {where}:{block.line}\n{block.text}\n")
        if removed:
            print(f"({removed} block(s) of the English text were removed or rewritten: check the translation "
                  "has nothing the English no longer says.)")
        return 0
    print(f"English text changed since {lang}/{slug} was last marked: what it said then (---), what it "
          "says now (+++), the words changed ([-removed-] {+added+}) and your block answering it (===).\n")
    found = {answer.was: answer for answer in _answers(project, checked, lang, english, translated) or []}
    mine = f"content/{lang}/{translated.path.name}"
    for change in paired_changes(old, blocks(english, diagrams)):
        if len(change.old) == len(change.new):  # rewritten blocks, one for one: each with its answer
            for was, now in zip(change.old, change.new, strict=True):
                _print_pair(was, now, found.get(was), where, mine, diagrams)
            continue
        for block in change.old:
            print(f"--- was (line {block.line} then)\n{shown(block.text)}\n")
        if not change.new:
            print("+++ now: removed — take it out of the translation too\n")
        for block in change.new:
            print(f"+++ now {where}:{block.line}" + ("" if change.old else " (new)") + f"\n{shown(block.text)}\n")
        for block in change.old:
            _print_answer(found.get(block), mine)
    return 0


def run_status(project: Project, args: argparse.Namespace) -> int:
    try:
        checked = check(project, tuple(args.lang) or None)
    except ContentError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print("\nstatus: fix the errors above first (they would stop the build).", file=sys.stderr)
        return 1
    if args.mark:
        return do_mark(checked, project, args.mark, args.force)
    if args.diff:
        return do_diff(checked, project, args.diff)
    reference = checked.content.settings.reference
    languages = [lang for lang in checked.content.languages if lang != reference]
    if args.lang:
        languages = [lang for lang in languages if lang in args.lang]
    statuses = gather(project, checked, languages)
    if args.json:
        print(json.dumps(as_json(statuses), ensure_ascii=False, indent=2))
    else:
        print(table(statuses, reference))
    if args.strict and not all(status.complete for status in statuses if not status.draft):
        return 1
    return 0
