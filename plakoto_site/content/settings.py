"""``content/site.toml``: where the site lives and which languages it has."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import SplitResult, urlsplit

from babel import Locale, UnknownLocaleError

from .problems import Code, Problems
from .toml import KeyLines, read_source, read_toml, unknown_keys

DEFAULT_LANGUAGES = ("en", "ru", "el", "uk")


@dataclass(frozen=True)
class Settings:
    """``content/site.toml``: where the site lives and which languages it has."""

    url: str = "https://plakoto.example/"
    languages: tuple[str, ...] = DEFAULT_LANGUAGES
    reference: str = "en"
    repository: str = ""
    drafts: tuple[str, ...] = ()
    """Languages built for preview only: left out of the language switcher, the sitemap,
    the hreflang links and the site's front page, until they are complete."""

    @property
    def published(self) -> tuple[str, ...]:
        return tuple(lang for lang in self.languages if lang not in self.drafts)


_URL_FORBIDDEN = set('"<>\\^`{|}')


def url_problem(url: object) -> str | None:
    """Why ``url`` cannot be the site's address (http or https, a host, nothing that could
    end an attribute or a line in the files it is written into), or ``None``."""
    if not isinstance(url, str):
        return "is not text"
    try:
        parts = urlsplit(url)
    except ValueError as error:
        return f"cannot be read as a web address ({error})"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "is not a web address: it must start with http:// or https:// and name a host"
    if "@" in parts.netloc:
        return "carries a user name or password (user:pass@), which every page would publish: give only the host"
    if not _usable_port(parts):
        return "has a port that is not a whole number from 1 to 65535"
    if any(char.isspace() or not char.isprintable() or char in _URL_FORBIDDEN for char in url):
        return 'holds a space, a line break or one of " < > \\ ^ ` { | }: write them %-encoded'
    if parts.query or parts.fragment or "?" in url or "#" in url:
        return "carries a ? or # part; give only the folder the site lives in"
    return None


def _usable_port(parts: SplitResult) -> bool:
    try:
        port = parts.port
    except ValueError:  # not a number, or above 65535
        return False
    return port != 0


SETTINGS = ("url", "languages", "reference", "repository", "drafts")
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_[A-Z]{2})?$")


def language_problem(code: str) -> str | None:
    """Why ``code`` cannot be a language of the site (Babel must know it), or ``None``."""
    if not LANGUAGE_CODE.match(code):
        return "is not a language code such as en, el or pt_BR"
    try:
        Locale.parse(code)
    except (ValueError, TypeError, UnknownLocaleError):
        return "is not a language Babel knows"
    return None


def read_settings(content: Path, problems: Problems) -> Settings:
    path = content / "site.toml"
    if not path.exists():
        return Settings()
    text = read_source(path, problems)
    if text is None:
        return Settings()
    data = read_toml(text, path, problems) or {}
    lines = KeyLines(text)
    for key, hint in unknown_keys(data, SETTINGS):
        problems.error(path, lines.of(key), f"site.toml has an unknown key {key!r}", hint, Code.UNKNOWN_KEY)
    settings: dict[str, Any] = {}
    url = data.get("url", Settings.url)
    why = url_problem(url)
    if why is not None:
        problems.error(path, lines.of("url"), f"url {url!r} {why}",
                       'write the address the site will live at, e.g. url = "https://example.org/plakoto/"')
    else:
        settings["url"] = url if url.endswith("/") else url + "/"
    languages = data.get("languages", list(DEFAULT_LANGUAGES))
    if not isinstance(languages, list) or not all(isinstance(x, str) for x in languages) or not languages:
        problems.error(path, lines.of("languages"), "languages must be a list of language codes",
                       'write languages = ["en", "ru", "el", "uk"]')
    elif any(language_problem(code) for code in languages) or len(set(languages)) != len(languages):
        for code in languages:
            why = language_problem(code)
            if why:
                problems.error(path, lines.of("languages"), f"the language {code!r} {why}",
                               "write the code of a language, e.g. \"el\" for Greek")
        if len(set(languages)) != len(languages):
            problems.error(path, lines.of("languages"), "a language is listed twice", "list each language once")
    else:
        settings["languages"] = tuple(languages)
    reference = data.get("reference", "en")
    if reference not in settings.get("languages", DEFAULT_LANGUAGES):
        problems.error(path, lines.of("reference"), f"the reference language {reference!r} is not in languages")
    else:
        settings["reference"] = reference
    if isinstance(data.get("repository"), str):
        settings["repository"] = data["repository"]
    drafts = data.get("drafts", [])
    known = settings.get("languages", DEFAULT_LANGUAGES)
    if not isinstance(drafts, list) or not all(isinstance(x, str) and x in known and x != reference for x in drafts):
        problems.error(path, lines.of("drafts"), f"drafts {drafts!r} must list languages of the site other than "
                       f"the reference", 'write e.g. drafts = ["ar"], or remove the line once the language is complete')
    else:
        settings["drafts"] = tuple(drafts)
    return Settings(**settings)
