"""``python build.py status``: the translator's to-do list."""

from __future__ import annotations

import argparse
import json
import sys

from plakoto_site.content.lessons import Lesson
from plakoto_site.content.problems import ContentError
from plakoto_site.i18n.status import LanguageStatus, changes, compare, is_under, mark

from .pipeline import Checked, Project, check

SYMBOLS = {"translated": "ok", "missing": "MISSING", "stale": "STALE"}


def gather(project: Project, checked: Checked, languages: list[str]) -> list[LanguageStatus]:
    content = checked.content
    reference = content.reference
    found = []
    for lang in languages:
        status = LanguageStatus(lang, catalog=checked.catalogs.get(lang))
        translations = content.languages[lang].lessons
        for slug, english in reference.lessons.items():
            status.lessons.append(compare(english, translations.get(slug), content.diagrams))
        folder = project.content / lang
        for warning in checked.warnings:
            if is_under(warning.path, folder, project.root):
                (status.captions if "no caption" in warning.message else status.words).append(warning)
        found.append(status)
    return found


def as_json(statuses: list[LanguageStatus]) -> dict[str, object]:
    return {
        "languages": {
            s.lang: {
                "complete": s.complete,
                "lessons": {
                    item.slug: {"state": item.state, "changed": item.changed, "removed": item.removed,
                                "marked": item.marked}
                    for item in s.lessons
                },
                "captions_missing": [str(p) for p in s.captions],
                "words_to_avoid": [str(p) for p in s.words],
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
    head = "lesson".ljust(width) + "".join(s.lang.ljust(20) for s in statuses)
    rows = [f"Translation status ({reference} is the reference)", "", head, "-" * len(head)]
    for index, slug in enumerate(slugs):
        cells = []
        for status in statuses:
            item = status.lessons[index]
            cell = SYMBOLS[item.state]
            if item.state == "stale":
                cell += " (unmarked)" if not item.marked else f" ({item.changed} changed)"
            cells.append(cell.ljust(20))
        rows.append(slug.ljust(width) + "".join(cells))
    rows.append("")
    for status in statuses:
        catalog = status.catalog
        if catalog is not None:
            fuzzy = f", {catalog.fuzzy} fuzzy (shown in English until reviewed)" if catalog.fuzzy else ""
            rows.append(f"{status.lang}: interface texts {catalog.translated}/{catalog.total} translated{fuzzy}"
                        f" — locales/{status.lang}/LC_MESSAGES/messages.po")
        for problem in status.captions + status.words:
            rows.append(f"{status.lang}: {problem}")
    rows.append("")
    todo = [s.lang for s in statuses if not s.complete]
    rows.append("Everything is translated and up to date." if not todo else
                f"To do in: {', '.join(todo)}. STALE: see what changed with "
                f"`python build.py status --diff LANG/LESSON`; after updating, `--mark LANG/LESSON`.")
    return "\n".join(rows)


def _lesson(checked: Checked, target: str) -> tuple[str, str | None]:
    lang, _, slug = target.partition("/")
    if lang not in checked.content.languages:
        raise SystemExit(f"status: there is no language {lang!r}; choose from {', '.join(checked.content.languages)}")
    if slug and slug not in checked.content.reference.lessons:
        raise SystemExit(f"status: there is no lesson {slug!r}; the lessons are "
                         f"{', '.join(checked.content.reference.lessons)}")
    return lang, slug or None


def do_mark(checked: Checked, target: str) -> int:
    lang, slug = _lesson(checked, target)
    reference = checked.content.reference
    translations = checked.content.languages[lang].lessons
    slugs = [slug] if slug else list(translations)
    for name in slugs:
        translated: Lesson | None = translations.get(name)
        if translated is None:
            print(f"{lang}/{name}: there is no translation to mark yet (content/{lang}/{name}.md)", file=sys.stderr)
            return 1
        mark(translated, reference.lessons[name], checked.content.diagrams)
        print(f"{lang}/{name}: marked as up to date with the English text.")
    return 0


def do_diff(checked: Checked, target: str) -> int:
    lang, slug = _lesson(checked, target)
    if slug is None:
        print("status --diff needs a lesson, e.g. --diff el/pinning", file=sys.stderr)
        return 2
    english = checked.content.reference.lessons[slug]
    translated = checked.content.languages[lang].lessons.get(slug)
    if translated is None:
        print(f"{lang}/{slug} is not translated yet: translate all of content/en/{slug}.md.")
        return 0
    changed, removed = changes(english, translated, checked.content.diagrams)
    if not changed and not removed:
        print(f"{lang}/{slug} is up to date with the English text.")
        return 0
    where = english.path.relative_to(english.path.parents[2]).as_posix()
    print(f"English text new or changed since {lang}/{slug} was last marked:\n")
    for block in changed:
        print(f"--- {where}:{block.line}")
        print(block.text)
        print()
    if removed:
        print(f"({removed} block(s) of the English text were removed or rewritten: check the translation "
              "has nothing the English no longer says.)")
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
        return do_mark(checked, args.mark)
    if args.diff:
        return do_diff(checked, args.diff)
    reference = checked.content.settings.reference
    languages = [lang for lang in checked.content.languages if lang != reference]
    if args.lang:
        languages = [lang for lang in languages if lang in args.lang]
    statuses = gather(project, checked, languages)
    if args.json:
        print(json.dumps(as_json(statuses), ensure_ascii=False, indent=2))
    else:
        print(table(statuses, reference))
    if args.strict and not all(status.complete for status in statuses):
        return 1
    return 0
