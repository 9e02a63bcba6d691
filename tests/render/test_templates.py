"""``_()`` and ``ngettext()`` in our templates: a page's own catalog, its text escaped,
values filled in escaped, ``%%`` always ``%`` — the same with or without values, and the
same each time a message is shown (a message without values is formatted once)."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations

from plakoto_site.render.templates import Templates

PAGE = (
    '{{ _("Plakoto") }}|{{ _("100%% sure") }}|{{ _("Lesson %(number)s", number=n) }}|'
    '{{ ngettext("%(num)s checker", "%(num)s checkers", count) }}\n'
)


def translations(*pairs: tuple[str | tuple[str, str], str | tuple[str, ...]]) -> Translations:
    """A Russian catalog of ``pairs``, as the build reads one (compiled, then loaded)."""
    catalog = Catalog(locale="ru")
    for message, text in pairs:
        catalog.add(message, text)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


def page(tmp_path: Path) -> Templates:
    (tmp_path / "page.html").write_text(PAGE, encoding="utf-8")
    return Templates(tmp_path)


def test_messages_in_a_template_are_escaped_filled_and_each_pages_own(tmp_path: Path) -> None:
    templates = page(tmp_path)
    russian = translations(("Plakoto", "<b>Плакото</b>"), ("100%% sure", "уверен на 100%%"),
                           ("Lesson %(number)s", "Урок %(number)s"),
                           (("%(num)s checker", "%(num)s checkers"), ("%(num)s шашка", "%(num)s шашки")))
    english = NullTranslations()
    for _ in range(2):  # the second time from what the first made: the same
        assert templates.render("page.html", russian, n="<7>", count=21) == (
            "&lt;b&gt;Плакото&lt;/b&gt;|уверен на 100%|Урок &lt;7&gt;|21 шашка\n")
        assert templates.render("page.html", english, n=3, count=2) == "Plakoto|100% sure|Lesson 3|2 checkers\n"
        assert templates.render("page.html", russian, n=1, count=3) == (
            "&lt;b&gt;Плакото&lt;/b&gt;|уверен на 100%|Урок 1|3 шашки\n")
