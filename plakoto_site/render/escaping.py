"""One escaping path for everything a page carries: catalog strings as text, and JSON
inside ``<script>`` elements.

Attributes and text go through markupsafe (Jinja's autoescape, ``Markup.format``); these
two cases are the ones it cannot see.
"""

from __future__ import annotations

import json
import re

from markupsafe import Markup, escape

from plakoto_site.i18n.catalogs import PERCENT


def _placeholders(text: str) -> list[str | None] | None:
    """The ``%(name)s`` placeholders of a text, ``None`` for a ``%%``; ``None`` in all when
    a ``%`` stands alone (``50%``, a positional ``%s``)."""
    found: list[str | None] = []
    for match in PERCENT.finditer(text):
        if match[0] == "%":
            return None
        found.append(match[1])
    return found


def catalog_text(translated: str, message: str) -> Markup:
    """A catalog string as it reaches a page: plain text, its ``<``, ``>``, ``&`` and quotes
    escaped, so a translation can never add markup. A translation whose ``%`` signs do not
    fit its message (``check`` reports it with ``path:line``) gives way to the message."""
    names = _placeholders(translated)
    if names is None or not {n for n in names if n} <= set(_placeholders(message) or ()):
        translated = message
    return escape(translated)


_SCRIPT_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def script_json(value: object) -> Markup:
    """JSON to put between ``<script type="application/json">`` tags: ``<``, ``>`` and
    ``&`` written as ``\\u003c``…, so no string inside (``</script>``, ``<!--``) can end or
    bend the element; ``JSON.parse`` reads the same value back."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return Markup(re.sub("[<>&\u2028\u2029]", lambda match: _SCRIPT_UNSAFE[match[0]], text))
