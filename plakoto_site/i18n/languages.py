"""The site's languages, named and numbered by Babel's CLDR data."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from babel import Locale, UnknownLocaleError, localedata
from babel.numbers import format_decimal

REFERENCE = "en"
"""The language translators work from, and the fallback for anything missing."""


@dataclass(frozen=True, slots=True)
class Language:
    """One language of the site: ``Language("el")``."""

    code: str

    @property
    def locale(self) -> Locale:
        return _locale(self.code)

    @property
    def name(self) -> str:
        """The language's name in itself, capitalised as a menu item: ``Ελληνικά``."""
        name = self.locale.display_name or self.code
        return name[:1].upper() + name[1:]

    @property
    def english_name(self) -> str:
        return self.locale.get_display_name("en") or self.code

    @property
    def dir(self) -> str:
        """``rtl`` or ``ltr``, for ``<html dir>``."""
        return "rtl" if self.locale.character_order == "right-to-left" else "ltr"

    def number(self, value: int) -> str:
        return _number(self.code, value)

    def load(self) -> None:
        """Read the language's CLDR data now: Babel reads it on first use (its name, its
        direction, its numbers), some ten milliseconds a language."""
        localedata.load(str(self.locale))


@lru_cache(maxsize=4096)
def _number(code: str, value: int) -> str:
    """Babel's number formatting is exact but slow; the site formats few distinct numbers."""
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
