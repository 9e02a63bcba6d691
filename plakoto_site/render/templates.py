"""The template folder as Jinja2 sees it: autoescaped, strict about undefined names,
translated with gettext; pages are rendered from it, diagrams and exercises from its macros."""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
from babel.support import NullTranslations
from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined
from jinja2.bccache import Bucket
from jinja2.environment import TemplateModule
from markupsafe import Markup

from plakoto_site.content.memo import Memo, remembered

from .escaping import catalog_text

OPTIONS: dict[str, Any] = {
    "autoescape": True,
    "extensions": ["jinja2.ext.i18n"],
    "trim_blocks": True,
    "lstrip_blocks": True,
    "keep_trailing_newline": True,
}
"""How our templates are compiled (with ``newstyle`` gettext, installed before any is)."""


def _environment(folder: Path, compiled: Path | None = None, reload: bool = True) -> Environment:
    environment = Environment(
        loader=FileSystemLoader(folder),
        undefined=StrictUndefined,
        auto_reload=reload,
        bytecode_cache=None if compiled is None else CompiledTemplates(compiled),
        **OPTIONS,
    )
    # ``_()`` with its values as keyword arguments ("newstyle"); each page's own catalog is
    # installed when it is rendered (:meth:`Templates._environment`).
    environment.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    return environment


class CompiledTemplates(FileSystemBytecodeCache):
    """Jinja's compiled templates kept in a folder between builds, as Python keeps its
    bytecode in ``__pycache__``: a build then starts without parsing and compiling the
    templates again (0.1–0.2 s of processor time in each process of a build).

    A template is compiled again whenever its text, Jinja's version or the options it is
    compiled with (:data:`OPTIONS`) changed: they all go into the checksum Jinja compares.
    The folder is made when first needed; one that cannot be read or written, or a file in
    it that is not one of Jinja's, only means the templates are compiled as without it."""

    _salt = hashlib.sha1(repr((jinja2.__version__, sorted(OPTIONS.items()))).encode()).hexdigest()

    def __init__(self, folder: Path) -> None:
        super().__init__(str(folder))

    def get_source_checksum(self, source: str) -> str:
        return hashlib.sha1((self._salt + source).encode("utf-8")).hexdigest()

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # noqa: BLE001 - a damaged cache file: compile as without one
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError):
            os.makedirs(self.directory, exist_ok=True)
            super().dump_bytecode(bucket)


class Templates:
    """The template folder; each page is rendered with its language's translations.
    ``compiled`` is where the compiled templates are kept between builds (none by default).
    With ``reload``, Jinja looks at a template's file again each time the template is asked
    for, and compiles it again when it changed (what ``make serve`` needs); without it,
    each template is read once (a build that keeps nothing for the next: a look at the
    file's time less each time a page, its base template or a macro file is asked for)."""

    def __init__(self, folder: Path, memo: Memo | None = None, compiled: Path | None = None,
                 reload: bool = True) -> None:
        self.folder = folder.resolve()
        self.environment = remembered(memo, "templates", (self.folder.as_posix(), compiled, reload),
                                      lambda: _environment(self.folder, compiled, reload))
        """One environment per template folder, kept in the build state (``make serve``):
        Jinja recompiles a template only when its file changes."""
        self._catalogs: dict[NullTranslations, _Catalog] = {}
        self._modules: dict[tuple[str, NullTranslations], TemplateModule] = {}
        """Each macro file made once per language for this build: a module keeps the ``_``
        it was made with, so it is kept by the translations it was made for."""
        self._versions: dict[str, int] = {}

    def _environment(self, translations: NullTranslations) -> Environment:
        catalog = self._catalogs.get(translations)
        if catalog is None:
            catalog = self._catalogs[translations] = _Catalog(translations)
        environment = self.environment
        # ``_`` too: Jinja's own ``_`` looks ``gettext`` up and calls it, two calls through
        # the template's context for each of the ~9,000 messages a build shows.
        environment.globals.update(gettext=catalog.template_gettext, ngettext=catalog.template_ngettext,
                                   _=catalog.template_gettext)
        return environment

    def render(self, name: str, translations: NullTranslations, **context: Any) -> str:
        return self._environment(translations).get_template(name).render(**context)

    def version(self, name: str) -> int:
        """When a template file last changed, for caches of what it rendered: looked up once
        per build (a build makes one :class:`Templates`; each frame and exercise asks)."""
        version = self._versions.get(name)
        if version is None:
            version = self._versions[name] = (self.folder / name).stat().st_mtime_ns
        return version

    def macro(self, name: str, macro: str, translations: NullTranslations) -> Callable[..., Markup]:
        """A macro of a template file (``macros/diagram.html``, ``frame``): called with plain
        data, it returns autoescaped HTML in the page's language."""
        module = self._modules.get((name, translations))
        if module is None:
            template = self._environment(translations).get_template(name)
            module = self._modules[(name, translations)] = template.make_module()
        found: Callable[..., Markup] = getattr(module, macro)
        return found


class _Catalog:
    """A language's messages as the templates show them (:func:`catalog_text`), each made
    once per build: a page asks for the same few dozen messages again and again."""

    def __init__(self, translations: NullTranslations) -> None:
        self.translations = translations
        self.texts: dict[str | tuple[str, str, int], Markup] = {}
        self.filled: dict[str, Markup] = {}
        """The messages the templates show without values, as shown: ``%%`` made ``%``."""

    def template_gettext(self, message: str, **values: Any) -> Markup:
        """``_()`` in a template, as Jinja's "newstyle" gettext does it: the message (escaped,
        see :func:`catalog_text`) formatted with the escaped ``values``, and with none too,
        so that ``%%`` is always ``%``. A message without values is formatted once."""
        if values:
            return self.gettext(message) % values
        text = self.filled.get(message)
        if text is None:
            text = self.filled[message] = self.gettext(message) % {}
        return text

    def template_ngettext(self, singular: str, plural: str, n: int, **values: Any) -> Markup:
        """``ngettext()`` in a template, as Jinja's "newstyle" one: ``num`` is ``n`` unless given."""
        values.setdefault("num", n)
        return self.ngettext(singular, plural, n) % values

    def gettext(self, message: str) -> Markup:
        text = self.texts.get(message)
        if text is None:
            text = self.texts[message] = catalog_text(self.translations.gettext(message), message)
        return text

    def ngettext(self, singular: str, plural: str, n: int) -> Markup:
        text = self.texts.get((singular, plural, n))
        if text is None:
            text = self.texts[(singular, plural, n)] = catalog_text(
                self.translations.ngettext(singular, plural, n), singular if n == 1 else plural)
        return text
