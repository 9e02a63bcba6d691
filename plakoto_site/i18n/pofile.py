"""A PO file read as strictly as GNU gettext's ``msgfmt -c`` reads it, before Babel does.

Babel's reader is lenient: it drops the last letter of a text whose closing quote is
missing, takes ``"Предишен "урок""`` as one text, keeps the second of two entries with the
same msgid, and reports a file that is not UTF-8 at its first line in Python's words.
This pass reads the file line by line as msgfmt does and reports each such mistake as
``path:line: what is wrong — what to do``; Babel reads only a file that passed it.

What it returns (:class:`PoText`) also tells where each entry's msgstr is, so a mistake in
a translation is reported on the translation's line, as msgfmt does.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from plakoto_site.content.problems import Code, Problems

if TYPE_CHECKING:
    from babel.messages.plurals import _PluralTuple

SAVE_AS_UTF8 = ("save the file as UTF-8 (Poedit does; most editors: Save with Encoding → UTF-8) "
                "and write charset=UTF-8 in its header")
KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr\[(\d+)\]|msgstr)(?=[\s\"]|$)\s*")
CHARSET = re.compile(rb"charset\s*=\s*([A-Za-z0-9_.:-]+)")
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
KEYWORDS = "msgid, msgstr, msgctxt, msgid_plural or msgstr[0]"


@dataclass
class Entry:
    """One entry as the file spells it: its texts, and the line of each keyword."""

    line: int
    context: str | None = None
    id: str | None = None
    plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    string_lines: dict[int, int] = field(default_factory=dict)
    last: str = ""
    """The keyword the next continuation line (``"…"``) adds to."""
    broken: bool = False
    """A mistake was reported inside it (nothing more is said about it)."""

    @property
    def key(self) -> tuple[str | None, str]:
        return self.context, self.id or ""


@dataclass
class PoText:
    """A PO file that passed the strict reading: its text and where each translation is."""

    text: str
    charset: str
    entries: dict[tuple[str | None, str], Entry]

    def msgstr_line(self, context: str | None, msgid: str, fallback: int) -> int:
        entry = self.entries.get((context, msgid))
        return min(entry.string_lines.values()) if entry and entry.string_lines else fallback


def line_with(text: str, word: str, fallback: int) -> int:
    """The number of the first line of ``text`` that holds ``word`` (a header's field), or
    ``fallback``."""
    return next((number for number, row in enumerate(text.split("\n"), start=1) if word in row), fallback)


def decode(data: bytes, path: Path, problems: Problems) -> tuple[str, str] | None:
    """The file's text and the character set it was read in. A file that is not UTF-8 is
    read in the character set its header declares (as gettext does) with a warning; one that
    declares none, or not the right one, is an error on the line of its first bad byte."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as error:
        bad = error.start
    line = data.count(b"\n", 0, bad) + 1
    declared = CHARSET.search(data)
    name = declared.group(1).decode("ascii") if declared else ""
    try:
        codec = codecs.lookup(name).name if name else ""
    except LookupError:
        codec = ""
    if codec and codec != "utf-8":
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            pass
        else:
            problems.warning(path, 1, f"this file is saved as {name}, not UTF-8; it was read as its header says",
                             SAVE_AS_UTF8, Code.UNREADABLE)
            return text, codec
    problems.error(path, line, f"this file is not UTF-8: byte 0x{data[bad]:02x} on this line is not a UTF-8 "
                   "character" + (f" (nor {name}, as its header says)" if name and codec != "utf-8" else ""),
                   SAVE_AS_UTF8, Code.UNREADABLE)
    return None


WELL_FORMED = re.compile(r'"([^"\\]*(?:\\[ntrabfv\\"0-7][^"\\]*)*)"\s*')
"""A quoted string with only escapes msgfmt knows, nothing after it: most lines of a file."""
ESCAPE = re.compile(r"\\(?:([0-7]{1,3})|(.))")


def _unescape(match: re.Match[str]) -> str:
    octal, char = match.groups()
    return chr(int(octal, 8)) if octal else ESCAPES[char]


def parse_string(text: str) -> tuple[str | None, str]:
    """A quoted PO string at the start of ``text``: its value, or ``None`` and what is
    wrong with it."""
    well = WELL_FORMED.fullmatch(text)
    if well is not None:
        value = well.group(1)
        return (ESCAPE.sub(_unescape, value) if "\\" in value else value), ""
    return _parse_slowly(text)


def _parse_slowly(text: str) -> tuple[str | None, str]:
    """:func:`parse_string` for a line that is not well formed: what is wrong with it."""
    if not text.startswith('"'):
        return None, "the text must start with a quote \""
    value: list[str] = []
    index = 1
    while index < len(text):
        char = text[index]
        if char == "\\":
            if index + 1 >= len(text):
                return None, "the line ends with a backslash \\"
            following = text[index + 1]
            if following in ESCAPES:
                value.append(ESCAPES[following])
                index += 2
                continue
            octal = re.match(r"[0-7]{1,3}", text[index + 1:])
            if octal:
                value.append(chr(int(octal.group(), 8)))
                index += 1 + len(octal.group())
                continue
            return None, f"\\{following} is not something a PO file knows after a backslash"
        if char == '"':
            rest = text[index + 1:].strip()
            if rest:
                return None, "a quote inside the text ends it early"
            return "".join(value), ""
        value.append(char)
        index += 1
    return None, "the text has no closing quote"


HINTS = {
    "the text has no closing quote": "end the line with a quote \"",
    "a quote inside the text ends it early": "write a quote inside the text as \\\" (or use « » or “ ”)",
    "the text must start with a quote \"": "put the text in quotes: msgstr \"…\"",
    "the line ends with a backslash \\": "write a backslash as \\\\, or end the line with a quote \"",
}


def read_entries(text: str, path: Path, problems: Problems) -> dict[tuple[str | None, str], Entry] | None:
    """Every entry of the file, checked line by line as msgfmt does; ``None`` after errors."""
    errors = len(problems.errors)
    entries: dict[tuple[str | None, str], Entry] = {}
    entry: Entry | None = None

    def error(line: int, message: str, hint: str) -> None:
        problems.error(path, line, message, hint, Code.UNREADABLE)
        if entry is not None:
            entry.broken = True

    def finish(current: Entry | None) -> None:
        if current is None or current.broken:
            return
        if current.id is None:
            if current.strings or current.context is not None:
                error(current.line, "a msgstr or msgctxt without its msgid",
                      "every entry is msgid \"English\" then msgstr \"translation\"; put the msgid back")
            return
        if not current.string_lines:
            error(current.line, "this msgid has no msgstr after it", "add a line msgstr \"\" (or your translation)")
            return
        if current.plural is not None and 0 not in current.strings:
            error(current.line, "a msgid_plural needs msgstr[0], msgstr[1] …", "write msgstr[0] \"…\", msgstr[1] \"…\"")
            return
        if current.key in entries:
            error(current.line, f"this msgid is already in the file, at line {entries[current.key].line}",
                  "keep one of the two entries and delete the other, with its msgstr")
            return
        entries[current.key] = current

    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if entry is None or not entry.last:
                error(number, "a text in quotes that belongs to no msgid or msgstr",
                      "a continued text goes right under its msgid or msgstr line")
                continue
            value, why = parse_string(line)
            if value is None:
                error(number, why, HINTS.get(why, "write a backslash as \\\\"))
                continue
            _add(entry, entry.last, value)
            continue
        match = KEYWORD.match(line)
        if match is None:
            word = line.split()[0][:30]
            error(number, f"{word!r} is not a PO keyword",
                  f"a line starts with {KEYWORDS}, a text in quotes, or # for a comment")
            if entry is not None:
                entry.last = ""
            continue
        keyword, index = match.group(1), match.group(2)
        value, why = parse_string(line[match.end():])
        if value is None:
            error(number, why, HINTS.get(why, "write a backslash as \\\\"))
            value = ""
        if keyword in ("msgctxt", "msgid") and (entry is None or entry.id is not None
                                                 or (keyword == "msgctxt" and entry.context is not None)):
            finish(entry)
            entry = Entry(number)
        if entry is None:
            entry = Entry(number)
        problem = _order(entry, keyword, index)
        if problem:
            error(number, *problem)
            entry.last = ""
            continue
        if keyword == "msgid":
            entry.line = number
        if index is not None or keyword == "msgstr":
            entry.string_lines[int(index or 0)] = number
        _add(entry, keyword if index is None else f"msgstr[{index}]", value)
    finish(entry)
    return None if len(problems.errors) > errors else entries


def _order(entry: Entry, keyword: str, index: str | None) -> tuple[str, str] | None:
    """What is wrong with ``keyword`` coming next in ``entry``, if anything."""
    if keyword == "msgid_plural":
        if entry.id is None or entry.strings or entry.plural is not None:
            return "msgid_plural must come right after its msgid", "write msgid, msgid_plural, then msgstr[0] …"
    elif keyword == "msgstr" and index is None:
        if entry.id is None:
            return "a msgstr without its msgid", "every entry is msgid \"English\" then msgstr \"translation\""
        if entry.plural is not None:
            return ("after msgid_plural, the translations are msgstr[0], msgstr[1] …",
                    "write msgstr[0] \"…\" instead of msgstr \"…\"")
        if entry.strings:
            return "a second msgstr for the same msgid", "keep one msgstr per msgid"
    elif keyword.startswith("msgstr["):
        if entry.id is None:
            return "a msgstr without its msgid", "every entry is msgid \"English\" then msgstr[0] \"translation\""
        if entry.plural is None:
            return ("msgstr[N] belongs to an entry with msgid_plural",
                    "write msgstr \"…\" for this msgid, or add the msgid_plural line back")
        if int(index or 0) != len(entry.strings):
            return (f"msgstr[{index}] is out of order: msgstr[{len(entry.strings)}] comes next",
                    "number the plural forms 0, 1, 2 … in order")
    return None


def _plural_rule(lang: str | None) -> _PluralTuple | None:
    from babel.messages.plurals import get_plural

    if not lang:
        return None
    try:
        return get_plural(lang)
    except (ValueError, LookupError):
        return None


def _add(entry: Entry, keyword: str, value: str) -> None:
    entry.last = keyword
    if keyword == "msgctxt":
        entry.context = (entry.context or "") + value
    elif keyword == "msgid":
        entry.id = (entry.id or "") + value
    elif keyword == "msgid_plural":
        entry.plural = (entry.plural or "") + value
    else:
        index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
        entry.strings[index] = entry.strings.get(index, "") + value


def read_strictly(data: bytes, path: Path, problems: Problems, lang: str | None = None) -> PoText | None:
    """The PO file's text if it passes the strict reading, else ``None`` (errors reported)."""
    decoded = decode(data, path, problems)
    if decoded is None:
        return None
    text, charset = decoded
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    entries = read_entries(text, path, problems)
    if entries is None or not _plural_forms_fit(entries, text, path, problems, lang):
        return None
    return PoText(text, charset, entries)


def _plural_forms_fit(entries: dict[tuple[str | None, str], Entry], text: str, path: Path, problems: Problems,
                      lang: str | None) -> bool:
    """The header's ``nplurals`` is the language's (CLDR's, as Babel knows it), and no entry
    has more plural forms."""
    header = entries.get((None, ""))
    found = re.search(r"nplurals\s*=\s*(\d+)", header.strings.get(0, "")) if header else None
    if found is None or header is None:
        return True
    forms, fits = int(found.group(1)), True
    rule = _plural_rule(lang)
    if rule is not None and rule.num_plurals != forms:
        line = line_with(text, "nplurals", header.line)
        problems.error(path, line, f"the header says nplurals={forms}, but {lang} has {rule.num_plurals} plural forms",
                       f'write the header line as "Plural-Forms: {rule.plural_forms}\\n"', Code.UNREADABLE)
        return False
    for entry in entries.values():
        for index, line in entry.string_lines.items():
            if entry.plural is not None and index >= forms:
                problems.error(path, line, f"msgstr[{index}] is one plural form too many: the header says "
                               f"nplurals={forms} (msgstr[0] … msgstr[{forms - 1}])",
                               f"delete msgstr[{index}]", Code.UNREADABLE)
                fits = False
    return fits
