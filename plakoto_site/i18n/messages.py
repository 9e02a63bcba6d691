"""``python build.py messages``: extract → update → compile, chained.

Every step writes beside its target and swaps in only when all steps succeeded, so a
failed step never leaves a truncated catalog. The build itself reads the PO files
directly (compiled in memory), so the ``.mo`` files are for other gettext tools.
"""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from plakoto_site.content.problems import Problem, Problems

from .catalogs import DOMAIN, catalog_path, read_catalog

JINJA_OPTIONS = {"trim_blocks": "true", "lstrip_blocks": "true", "extensions": "jinja2.ext.i18n"}


def extract(root: Path) -> Catalog:
    """Every message of the Python code and the templates, with its source locations."""
    template = Catalog(project="plakoto_site", domain=DOMAIN, charset="utf-8", fuzzy=False)
    sources: Iterable[tuple[str, list[tuple[str, str]], dict[str, dict[str, str]]]] = (
        ("plakoto_site", [("**.py", "python")], {}),
        ("templates", [("**.html", "jinja2")], {"**.html": JINJA_OPTIONS}),
    )
    for folder, methods, options in sources:
        for filename, lineno, message, comments, context in extract_from_dir(
            root / folder, methods, options, keywords=DEFAULT_KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        ):
            template.add(message, None, [(f"{folder}/{filename}", lineno)],
                         auto_comments=comments, context=context)
    return template


def _serialise_po(catalog: Catalog, previous: bool = False) -> bytes:
    """``previous``: write the old English of a fuzzy entry as ``#| msgid``, as msgmerge does."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, sort_by_file=True, omit_header=False,
             include_previous=previous)
    return buffer.getvalue()


class CatalogProblems(Exception):
    """A catalog that cannot be read: every ``path:line`` problem, nothing written."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems


def _replace(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    with os.fdopen(handle, "wb") as file:
        file.write(data)
    os.replace(temporary, path)


def _ids(catalog: Catalog) -> dict[object, str]:
    """Each live entry's key and its translation state (``fuzzy`` or ``""``)."""
    return {(message.context, message.id[0] if isinstance(message.id, tuple | list) else message.id):
            "fuzzy" if message.fuzzy else "" for message in catalog if message.id}


def _changes(lang: str, before: dict[object, str], catalog: Catalog, obsolete_before: int) -> str:
    """What ``make messages`` did to a language's catalog, in a translator's words."""
    after = _ids(catalog)
    new = [key for key in after if key not in before]
    changed = sum(1 for key in new if after[key] == "fuzzy")
    added = len(new) - changed
    gone = len(catalog.obsolete) - obsolete_before
    parts = [f"{added} new" if added else "",
             f"{changed} changed in English (marked fuzzy, the old English kept as #| msgid)" if changed else "",
             f"{gone} no longer used (kept as #~ at the end of the file)" if gone > 0 else ""]
    said = ", ".join(part for part in parts if part)
    return f"{lang}: " + (said if said else "no change in the English texts")


def update_messages(root: Path, languages: Iterable[str], reference: str = "en") -> list[str]:
    """Extract, update every language's PO from it, compile; write all or nothing. A
    translation whose English changed is kept, fuzzy, with the old English (``#|``); one whose
    English is gone is kept as an obsolete entry (``#~``). Raises :class:`CatalogProblems`
    when a catalog cannot be read."""
    locales = root / "locales"
    template = extract(root)
    outputs: dict[Path, bytes] = {locales / f"{DOMAIN}.pot": _serialise_po(template)}
    report = [f"extracted {len(template)} messages into locales/{DOMAIN}.pot"]
    problems = Problems(root)
    for lang in languages:
        if lang == reference:
            continue
        path = catalog_path(locales, lang)
        converted = ""
        if path.exists():
            read = read_catalog(path, lang, problems)
            if read is None:
                continue
            catalog = read[0]
            if read[1].charset != "utf-8":
                converted = f"; saved as UTF-8 (it was {read[1].charset})"
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="plakoto_site", charset="utf-8")
        before, obsolete_before = _ids(catalog), len(catalog.obsolete)
        catalog.update(template, update_header_comment=False)
        changes = _changes(lang, before, catalog, obsolete_before) if path.exists() else f"{lang}: a new catalog"
        outputs[path] = _serialise_po(catalog, previous=True)
        compiled = io.BytesIO()
        write_mo(compiled, catalog, use_fuzzy=False)
        outputs[path.with_suffix(".mo")] = compiled.getvalue()
        missing = sum(1 for m in catalog if m.id and not all(m.string if isinstance(m.string, tuple) else (m.string,)))
        fuzzy = sum(1 for m in catalog if m.id and m.fuzzy)
        report.append(f"{changes}; {len(catalog)} messages, {missing} untranslated, {fuzzy} fuzzy{converted}")
    if problems.errors:
        raise CatalogProblems(problems.errors)
    for path, data in outputs.items():
        _replace(path, data)
    return report
