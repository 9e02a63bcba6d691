"""PO catalogs: read, checked in the translator's terms, and compiled in memory.

A missing or fuzzy translation falls back to the English message id, never to a key.
Babel's PO reader, MO writer and translations (``babel.support``, which brings Babel's
dates and time zones with it) are imported when first needed.
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from plakoto_site.content.problems import Code, Problems

from .pofile import PoText, line_with, read_strictly

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message
    from babel.support import NullTranslations

FORMAT = re.compile(r"%(?:\((?P<name>[^)]*)\))?[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?(?P<type>[diouxXeEfFgGcrsa%])?")
PERCENT = re.compile(r"%(?:\((\w+)\)[sd]|%)?")
"""A ``%`` sign and what follows it: a placeholder (its name in group 1), ``%%``, or a lone
``%`` (for :func:`plakoto_site.render.escaping.catalog_text`)."""
FORMAT_DOC = """A ``%`` sign and what follows it, as Python's ``%`` operator reads it: a placeholder (its
name and type), ``%%``, or a ``%`` that is neither (no type)."""
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


def read_catalog(path: Path, lang: str, problems: Problems, template: set[tuple[str | None, str]] | None = None
                 ) -> tuple[Catalog, PoText] | None:
    """The catalog, read strictly (:mod:`plakoto_site.i18n.pofile`), then by Babel; ``None``
    after reporting why it cannot be read. ``template``: the msgids of ``messages.pot``, where
    known: an entry whose msgid is not among them was edited by mistake."""
    from babel.messages.pofile import PoFileError, read_po

    try:
        data = path.read_bytes()
    except OSError as error:
        problems.error(path, 1, f"this PO file cannot be read: {error.strerror or error}",
                       "check that it exists and that you may read it", Code.UNREADABLE)
        return None
    po = read_strictly(data, path, problems, lang)
    if po is None:
        return None
    try:
        catalog = read_po(io.StringIO(po.text), locale=lang, abort_invalid=True)
    except PoFileError as error:
        problems.error(path, error.lineno + 1, f"this PO file cannot be read: {error}",
                       "compare the line with the entries around it: msgid, then msgstr, each in quotes",
                       Code.UNREADABLE)
        return None
    except Exception as error:  # noqa: BLE001 - whatever Babel stumbles on is the file's fault
        problems.error(path, 1, f"this PO file cannot be read: {error}",
                       "compare it with another language's messages.po, or run python build.py messages",
                       Code.UNREADABLE)
        return None
    catalog.charset = "utf-8"  # the text is read already; compiled, it is UTF-8 whatever the header said
    if template is not None:
        _check_msgids(catalog, po, path, template, problems)
    return catalog, po


def _check_msgids(catalog: Catalog, po: PoText, path: Path, template: set[tuple[str | None, str]],
                  problems: Problems) -> None:
    for message in catalog:
        msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
        if msgid and (message.context, msgid) not in template:
            problems.error(path, message.lineno or 1,
                           f"the msgid {_short(msgid)!r} is not a text of the site (locales/messages.pot)",
                           "the msgid is the English text and stays as it is: put it back and write your "
                           "translation in msgstr (if the site's texts changed, run python build.py messages)")


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "…"


def template_ids(locales: Path) -> set[tuple[str | None, str]] | None:
    """The (context, msgid) pairs of ``locales/messages.pot``, or ``None`` without one."""
    path = locales / f"{DOMAIN}.pot"
    try:
        data = path.read_bytes()
    except OSError:
        return None
    po = read_strictly(data, path, Problems(locales))
    if po is None:
        return None
    return {key for key in po.entries if key[1]}


def placeholders(text: str) -> tuple[list[str], bool]:
    """Every placeholder of ``text`` as written (``%(roll)s``), and whether it has a ``%`` sign
    that is no placeholder (a lone ``%``, or ``%s`` with no name)."""
    found, stray = [], False
    for match in FORMAT.finditer(text):
        if match.group(0) == "%%":
            continue
        if match.group("type") is None or match.group("name") is None:
            stray = True
        else:
            found.append(match.group(0))
    return found, stray


def _name(spec: str) -> str:
    return spec[2:spec.index(")")]


def check_catalog(catalog: Catalog, path: Path, problems: Problems, po: PoText | None = None) -> None:
    """Placeholders kept by name and type, plural forms complete: each mistake a
    ``path:line`` error on the translation's line."""
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
        if po is not None:
            line = po.msgstr_line(message.context, ids[0], line)
        written = sum(1 for string in strings if string)
        if isinstance(message.id, tuple | list) and (len(strings) != forms or written != forms):
            problems.error(
                path, line,
                f"{catalog.locale_identifier} needs {forms} plural forms here, but the translation has {written}",
                f"write msgstr[0] … msgstr[{forms - 1}], one for each plural form",
            )
        wanted: dict[str, str] = {}
        for text in ids:
            for spec in placeholders(text)[0]:
                wanted.setdefault(_name(spec), spec)
        for string in strings:
            if string:
                _check_placeholders(string, wanted, path, line, problems)


def _check_placeholders(string: str, wanted: dict[str, str], path: Path, line: int, problems: Problems) -> None:
    have, stray = placeholders(string)
    if stray:
        problems.error(path, line, "the translation has a % sign that is not a placeholder",
                       "write placeholders exactly as in the msgid, e.g. %(number)s, and a percent sign as %%")
    names = {_name(spec) for spec in have}
    for name in sorted(set(wanted) - names):
        problems.error(path, line, f"the translation drops the placeholder {wanted[name]}",
                       f"keep {wanted[name]} exactly as in the msgid; move it anywhere in the sentence")
    for spec in sorted(set(have)):
        name = _name(spec)
        if name not in wanted:
            problems.error(path, line, f"the translation has an unknown placeholder {spec}",
                           "use only the placeholders of the msgid, spelled exactly the same")
        elif spec != wanted[name]:
            problems.error(path, line, f"the placeholder {spec} is not the msgid's {wanted[name]}",
                           f"write {wanted[name]} exactly as in the msgid (the letter after the bracket too)")
    if not stray and names <= set(wanted) and all(spec == wanted[_name(spec)] for spec in have):
        _try_formatting(string, wanted, path, line, problems)


def _try_formatting(string: str, wanted: dict[str, str], path: Path, line: int, problems: Problems) -> None:
    """Put the translation together as a page would, with every placeholder's kind of value."""
    from markupsafe import Markup

    values: dict[str, object] = {name: 1 if spec[-1] in "diouxXc" else 1.5 if spec[-1] in "eEfFgG" else Markup("x")
                                 for name, spec in wanted.items()}
    if not wanted:
        return
    try:
        string % values
    except (TypeError, ValueError, KeyError) as error:
        problems.error(path, line, f"this translation cannot be put together: {error}",
                       "write the placeholders exactly as in the msgid, and a percent sign as %%")


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
    read = read_catalog(path, lang, problems, template_ids(locales))
    if read is None:
        return LanguageCatalog(NullTranslations())
    catalog, po = read
    check_catalog(catalog, path, problems, po)
    try:
        translated, digest = compiled(catalog)
    except ValueError as error:  # gettext's reading of the header's plural rule
        from babel.messages.plurals import get_plural

        line = line_with(po.text, "Plural-Forms", 1)
        problems.error(path, line, f"the header's plural rule cannot be read: {error}",
                       f'write the header line as "Plural-Forms: {get_plural(lang).plural_forms}\\n"',
                       Code.UNREADABLE)
        return LanguageCatalog(NullTranslations())
    return LanguageCatalog(translated, digest, stats(catalog, lang))
