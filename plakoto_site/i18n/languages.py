"""The site's languages, named and numbered by Babel's CLDR data.

A language's CLDR data is large (Babel reads and merges some 300 KB of it, 10–15 ms a
language, and keeps megabytes in memory) and a page needs little of it: the language's
name, its direction, and its numbers, which below 1,000 are their plain digits in nearly
every language. :meth:`Language.read` takes those once; a build keeps them in its build
state (:func:`language`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

from plakoto_site.content.memo import Memo, remembered

REFERENCE = "en"
"""The language translators work from, and the fallback for anything missing."""

_POWERS = 7
"""How many powers of ten :meth:`Language.read` tries: 1 to 1,000,000."""


@dataclass(frozen=True, slots=True)
class Language:
    """One language of the site, with what its pages need of its CLDR data:
    ``Language.read("el")``, or in a build :func:`language`."""

    code: str
    name: str
    """The language's name in itself, capitalised as a menu item: ``Ελληνικά``."""
    dir: str
    """``rtl`` or ``ltr``, for ``<html dir>``."""
    plain_below: int
    """Every whole number from 0 up to this one (not included) is written as its plain
    digits: 1,000 in nearly every language (then "1,000", "1.000", "1 000"), 100 in Toki
    Pona ("1 00"), 10,000,000 (all that is tried) in POSIX English, which never groups, 0
    where even 1 is not "1"."""

    @classmethod
    def read(cls, code: str) -> Language:
        """The language's facts, from its CLDR data (read now, if Babel has not yet)."""
        locale = _locale(code)
        name = locale.display_name or code
        return cls(code, name[:1].upper() + name[1:], "rtl" if locale.character_order == "right-to-left" else "ltr",
                   _plain_below(locale))

    def number(self, value: int) -> str:
        """``value`` as the language writes it (Babel's ``format_decimal``)."""
        return str(value) if 0 <= value < self.plain_below else _number(self.code, value)


def plural_samples(code: str) -> dict[str, int]:
    """The language's CLDR plural categories that whole numbers reach, each with its
    smallest whole number: ``{"one": 1, "few": 2, "many": 0}`` for Russian,
    ``{"one": 1, "other": 0}`` for English. The browser chooses among them with the same
    CLDR rule (``Intl.PluralRules``); Babel's ``ngettext`` with the catalog's
    ``Plural-Forms`` gives the sentence of each sample."""
    rule = _locale(code).plural_form
    samples: dict[str, int] = {}
    for n in range(200):
        samples.setdefault(rule(n), n)
    return samples


def language(code: str, memo: Memo | None = None) -> Language:
    """:meth:`Language.read`, once per build state ``memo``."""
    return remembered(memo, "languages", code, lambda: Language.read(code))


def _plain_below(locale: Locale) -> int:
    """The first power of ten that ``locale`` does not write as its plain digits (0 when
    1 is not "1"). Babel writes a whole number by the count of its digits (a group
    separator after so many, a prefix and suffix, the Latin digits by default): if 10ⁿ is
    its plain digits, so is every number of n + 1 digits or fewer."""
    power = 1
    for _ in range(_POWERS):
        if format_decimal(power, locale=locale) != str(power):
            return power if power > 1 else 0
        power *= 10
    return power


@lru_cache(maxsize=1 << 16)
def _number(code: str, value: int) -> str:
    """Babel's number formatting is exact but slow; the site formats few distinct numbers
    (a 10,000-step diagram's step numbers, in each language, fit the cache whole)."""
    return format_decimal(value, locale=_locale(code))


@lru_cache(maxsize=64)
def _locale(code: str) -> Locale:
    return Locale.parse(code)


def is_known(code: str) -> bool:
    try:
        Locale.parse(code)
    except (ValueError, TypeError, UnknownLocaleError):
        return False
    return True
