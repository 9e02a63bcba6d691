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
from babel.messages.pofile import read_po, write_po

from .catalogs import DOMAIN, catalog_path

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


def _serialise_po(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, sort_by_file=True, omit_header=False)
    return buffer.getvalue()


def _replace(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    with os.fdopen(handle, "wb") as file:
        file.write(data)
    os.replace(temporary, path)


def update_messages(root: Path, languages: Iterable[str], reference: str = "en") -> list[str]:
    """Extract, update every language's PO from it, compile; write all or nothing."""
    locales = root / "locales"
    template = extract(root)
    outputs: dict[Path, bytes] = {locales / f"{DOMAIN}.pot": _serialise_po(template)}
    report = [f"extracted {len(template)} messages into locales/{DOMAIN}.pot"]
    for lang in languages:
        if lang == reference:
            continue
        path = catalog_path(locales, lang)
        if path.exists():
            with path.open("rb") as file:
                catalog = read_po(file, locale=lang, abort_invalid=True)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="plakoto_site", charset="utf-8")
        catalog.update(template, update_header_comment=False)
        catalog.obsolete.clear()
        outputs[path] = _serialise_po(catalog)
        compiled = io.BytesIO()
        write_mo(compiled, catalog, use_fuzzy=False)
        outputs[path.with_suffix(".mo")] = compiled.getvalue()
        missing = sum(1 for m in catalog if m.id and not all(m.string if isinstance(m.string, tuple) else (m.string,)))
        fuzzy = sum(1 for m in catalog if m.id and m.fuzzy)
        report.append(f"{lang}: {len(catalog)} messages, {missing} untranslated, {fuzzy} fuzzy")
    for path, data in outputs.items():
        _replace(path, data)
    return report
