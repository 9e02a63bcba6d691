"""PO catalogs: read, checked in the translator's terms, and compiled in memory.

A missing or fuzzy translation falls back to the English message id, never to a key.
Babel's PO reader, MO writer and translations (``babel.support``, which brings Babel's
dates and time zones with it) are imported when first needed. A cold build reads the
catalogs after it has forked (:mod:`plakoto_site.site.build`), each process its
languages'; where it would wait for its first copy, it imports the reader and the writer
before (:func:`load_babel`), once for both processes.
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from plakoto_site.content.problems import Code, Problems

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message
    from babel.support import NullTranslations

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
PERCENT = re.compile(r"%(?:\((\w+)\)[sd]|%)?")
"""A ``%`` sign and what follows it: a placeholder (its name in group 1), ``%%``, or a lone
``%`` (an error)."""
DOMAIN = "messages"


def catalog_path(locales: Path, lang: str) -> Path:
    return locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True, slots=True)
class CatalogStats:
    """How much of a catalog is translated, for ``build.py status``."""

    lang: str
    total: int
    translated: int
    fuzzy: int

    @property
    def share(self) -> float:
        return self.translated / self.total if self.total else 1.0


def load_babel() -> None:
    """Import Babel's PO reader and MO writer now, not when the first catalog is read (with
    the standard library's e-mail parser, which the reader imports for the first header,
    and its date parser, which reads the header's dates)."""
    import datetime
    import email.message  # noqa: F401
    import email.parser  # noqa: F401

    import babel.messages.mofile  # noqa: F401
    import babel.messages.pofile  # noqa: F401

    datetime.datetime.strptime("2026-01-01 00:00", "%Y-%m-%d %H:%M")  # as Babel reads POT-Creation-Date


def read_catalog(path: Path, lang: str, problems: Problems) -> Catalog | None:
    from babel.messages.pofile import PoFileError, read_po

    try:
        with path.open("rb") as file:
            return read_po(file, locale=lang, abort_invalid=True)
    except PoFileError as error:
        problems.error(path, error.lineno + 1, f"this PO file cannot be read: {error}",
                       "compare the line with the entries around it: msgid, then msgstr, each in quotes",
                       Code.UNREADABLE)
    except (OSError, ValueError) as error:
        problems.error(path, 1, f"this PO file cannot be read: {error}", code=Code.UNREADABLE)
    return None


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def check_catalog(catalog: Catalog, path: Path, problems: Problems) -> None:
    """Placeholders kept, plural forms complete: each mistake a ``path:line`` error."""
    forms = catalog.num_plurals
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ids: tuple[str, ...] = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
        strings: tuple[str, ...] = (
            tuple(message.string) if isinstance(message.string, tuple | list) else (message.string or "",)
        )
        if not any(strings):
            continue
        line = message.lineno or 1
        written = sum(1 for string in strings if string)
        if isinstance(message.id, tuple | list) and (len(strings) != forms or written != forms):
            problems.error(
                path, line,
                f"{catalog.locale_identifier} needs {forms} plural forms here, but the translation has {written}",
                f"write msgstr[0] … msgstr[{forms - 1}], one for each plural form",
            )
        wanted = set().union(*(_names(i) for i in ids))
        for string in strings:
            if not string:
                continue
            if any(match[0] == "%" for match in PERCENT.finditer(string)):
                problems.error(path, line, "the translation has a % sign that is not a placeholder",
                               "write placeholders exactly as in the msgid, e.g. %(number)s, "
                               "and a percent sign as %%")
            have = _names(string)
            for name in sorted(wanted - have):
                problems.error(path, line, f"the translation drops the placeholder %({name})s",
                               f"keep %({name})s exactly as in the msgid; move it anywhere in the sentence")
            for name in sorted(have - wanted):
                problems.error(path, line, f"the translation has an unknown placeholder %({name})s",
                               "use only the placeholders of the msgid, spelled exactly the same")


def stats(catalog: Catalog, lang: str) -> CatalogStats:
    messages = [m for m in catalog if m.id]
    translated = sum(1 for m in messages if _is_translated(m) and not m.fuzzy)
    fuzzy = sum(1 for m in messages if m.fuzzy)
    return CatalogStats(lang, len(messages), translated, fuzzy)


def _is_translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings)


def translations(catalog: Catalog | None) -> NullTranslations:
    """Compile in memory; fuzzy entries are left out, so they show in English."""
    return compiled(catalog)[0]


def compiled(catalog: Catalog | None) -> tuple[NullTranslations, str]:
    """The translations and a digest of the compiled catalog: what a page rendered with
    them may be kept by between builds (``""`` for no catalog)."""
    from babel.support import NullTranslations, Translations

    if catalog is None:
        return NullTranslations(), ""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    digest = hashlib.blake2b(buffer.getvalue(), digest_size=16).hexdigest()
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN), digest


@dataclass(frozen=True)
class LanguageCatalog:
    """A language's interface texts, ready to render with."""

    translations: NullTranslations
    digest: str = ""
    """Identifies the compiled catalog's content (see :func:`compiled`)."""
    stats: CatalogStats | None = None


def language_catalog(locales: Path, lang: str, reference: str, problems: Problems) -> LanguageCatalog:
    """A language's catalog from ``locales/``, checked and compiled in memory, with its
    statistics; the reference language (and one without a catalog) needs none."""
    from babel.support import NullTranslations

    path = catalog_path(locales, lang)
    if lang == reference or not path.exists():
        return LanguageCatalog(NullTranslations())
    catalog = read_catalog(path, lang, problems)
    if catalog is None:
        return LanguageCatalog(NullTranslations())
    check_catalog(catalog, path, problems)
    translated, digest = compiled(catalog)
    return LanguageCatalog(translated, digest, stats(catalog, lang))
