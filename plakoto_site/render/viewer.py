"""The viewer script, ``assets/plakoto-viewer.js``: one classic script for any page (a blog,
Hugo, WordPress, plain HTML) that turns a diagram written as text in the page — the same
TOML the build reads — into the tutorial's step-through figure, checked in the browser by
the rules proven equal to the Python engine (``plakoto-rules.js``).

It is put together here, once per build, from files that exist for other pages: the rules,
the board script (``board.js``, drawing with :func:`.board.geometry`), the scheme finder
(``plakoto-scheme.js``), then the viewer itself (``plakoto-viewer.js``), behind a first line
of data — the board's measures and plate, its stylesheet, and the figure's words in every
language of the catalogs."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Mapping
from pathlib import Path

from babel.support import NullTranslations

from plakoto_site.i18n.languages import plural_samples

from . import palette, svg
from .board import geometry
from .scripts import served

PARTS = ("plakoto-rules.js", "board.js", "plakoto-scheme.js", "plakoto-viewer.js")
"""The files the viewer is made of, in order, from ``templates/assets/``."""

def N_(message: str) -> str:  # noqa: N802 - gettext's name for "a message, translated later"
    """Marks ``message`` for ``build.py messages`` (Babel's ``N_`` keyword)."""
    return message


MESSAGES = (
    "White to play", "Black to play",
    "White: %(pips)s, %(off)s", "Black: %(pips)s, %(off)s",
    "%(step)s / %(steps)s", "Step %(step)s of %(steps)s",
    "First step", "Previous step", "Next step", "Last step",
    "White rolls %(roll)s and plays %(moves)s (written %(play)s).",
    "Black rolls %(roll)s and plays %(moves)s (written %(play)s in Black's numbering).",
    "White rolls %(roll)s and cannot move.", "Black rolls %(roll)s and cannot move.",
    "off",
    # TRANSLATORS: The viewer script (plakoto-viewer.js), in another site's page: above the rules
    # engine's message (in English) where a diagram written in the page has a mistake.
    N_("This diagram has a mistake and cannot be shown:"),
)
"""Every sentence the viewer shows, by its English text (the catalogs' msgid)."""

LAYOUT = """
:host{display:block;margin:1.5rem 0;max-width:46rem;color:var(--plakoto-fg);font:inherit;border:0;padding:0;
container-type:inline-size}
.plakoto-figure{margin:0;padding:.5rem;border-radius:.5rem;background:var(--plakoto-bg)}
.plakoto-title{font-weight:700;margin:.25rem .25rem .5rem}
svg.board{display:block;width:100%;height:auto}
.plakoto-text{padding:.25rem}
.plakoto-text p{margin:.3rem 0}
.plakoto-play{font-weight:600}
.plakoto-controls{display:flex;align-items:center;gap:.5rem;margin:.25rem}
.plakoto-controls[hidden]{display:none}
.plakoto-controls button{min-width:48px;min-height:44px;border-radius:.5rem;border:1px solid var(--plakoto-rule);
background:var(--plakoto-panel);color:var(--plakoto-fg);cursor:pointer;font:inherit;font-size:1.1rem}
.plakoto-controls button svg{display:block;margin:auto;fill:currentColor}
.plakoto-controls button:disabled{opacity:.45;cursor:default}
.plakoto-controls button:focus-visible{outline:3px solid var(--plakoto-focus);outline-offset:2px}
.plakoto-counter{margin-inline-start:.5rem;font-variant-numeric:tabular-nums;color:var(--plakoto-muted)}
.plakoto-error{border:2px solid var(--plakoto-pin);padding:.75rem;border-radius:.5rem;background:var(--plakoto-bg)}
@container (max-width:30rem){.board .pt-num{font-size:20px}.board .info{font-size:21px}}
.plakoto-error pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:.5rem 0 0;font-size:.9em}
"""
"""The viewer's own layout, inside its shadow root (the page's stylesheets do not reach it)."""


def stylesheet() -> str:
    """The viewer's stylesheet: the palette as ``--plakoto-…`` properties on the host element,
    light, or dark where the script marks it so (``data-plakoto-scheme``), the board's rules
    reading them, and :data:`LAYOUT`."""
    def props(scheme: int) -> str:
        return "".join(f"--plakoto-{name}:{colours[scheme]};" for name, colours in palette.COLOURS.items())

    return (f":host{{{props(palette.LIGHT)}}}:host([data-plakoto-scheme=dark]){{{props(palette.DARK)}}}"
            + palette.rules(lambda name: f"var(--plakoto-{name})") + LAYOUT.replace("\n", ""))


COUNTED = {"pips": ("%(count)s pip", "%(count)s pips"), "off": ("%(count)s off", "%(count)s off")}
"""The sentences with a count put into "White: %(pips)s, %(off)s" (as :meth:`Words.side_info`
words them), by the name the script asks for."""


def words(catalogs: Mapping[str, NullTranslations]) -> dict[str, dict[str, str]]:
    """:data:`MESSAGES` in each language, English as written; and each :data:`COUNTED`
    sentence in each CLDR plural category of the language, as ``pips.one``, ``pips.few``…
    (the script chooses with ``Intl.PluralRules``)."""
    found = {}
    for lang, translations in catalogs.items():
        found[lang] = {message: translations.gettext(message) for message in MESSAGES}
        for name, (one, other) in COUNTED.items():
            for category, sample in plural_samples(lang).items():
                found[lang][f"{name}.{category}"] = translations.ngettext(one, other, sample)
    return found


def viewer_script(assets: Path, catalogs: Mapping[str, NullTranslations]) -> bytes:
    """``plakoto-viewer.js`` as a site serves it (comments and needless spaces gone)."""
    data = {"geometry": geometry(), "base": svg.BASE, "width": svg.WIDTH, "height": svg.HEIGHT, "font": svg.FONT,
            "css": stylesheet(), "words": words(catalogs)}
    prelude = f'"use strict";var PlakotoViewerData = {json.dumps(data, ensure_ascii=False, sort_keys=True)};\n'
    return served(prelude + "".join((assets / name).read_text(encoding="utf-8") for name in PARTS)).encode()


LINK_VERSION = "1"
"""The format of a diagram in a link's fragment: ``#1.`` and the source (UTF-8) compressed
with zlib (deflate and its Adler-32 check, which a damaged link fails), in base64url without
padding (EMBEDDING.md, "A diagram in a link")."""


def diagram_link(base_url: str, lang: str, source: str) -> str:
    """The address of ``<lang>/embed/view/`` on the site at ``base_url`` that draws ``source``."""
    packed = base64.urlsafe_b64encode(zlib.compress(source.encode("utf-8"), 9)).decode().rstrip("=")
    return f"{base_url}{lang}/embed/view/#{LINK_VERSION}.{packed}"
