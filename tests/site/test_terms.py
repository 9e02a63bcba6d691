"""``build.py terms``: the agreed words at hand and as a glossary file; the words to avoid
are looked for in lesson titles and summaries and in the catalogs' translations too."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET

from .conftest import LESSON_RU, PO_RU, MiniProject

TERMS = """\
# A checker: one of the fifteen pieces.
[checker]
en = ["checker"]
ru = ["шашка"]
avoid.ru = ["фишк"]

[pin]
en = ["pin", "pinning"]
ru = ["запереть", "запирание"]
avoid.ru = ["съеда", "съест"]
note = "Landing on a lone checker: it stays, under the pinner."
"""


def test_terms_pin_prints_each_language_with_note_and_words_to_avoid(project: MiniProject) -> None:
    project.write("content/terms.toml", TERMS)
    done = project.run("terms", "pin")
    assert done.returncode == 0, done.stderr
    assert done.stdout == ("[pin]\n"
                           "  note: Landing on a lone checker: it stays, under the pinner.\n"
                           "  en  pin / pinning\n"
                           "  ru  запереть / запирание   (avoid: съеда…, съест…)\n")
    checker = project.run("terms", "checker").stdout
    assert "  note: A checker: one of the fifteen pieces.\n" in checker  # the comment above [checker]
    wrong = project.run("terms", "pni")
    assert wrong.returncode == 1 and "there is no term 'pni' in content/terms.toml — did you mean 'pin'?" in wrong.stderr


def test_a_language_without_words_is_told_what_to_add(project: MiniProject) -> None:
    project.write("content/site.toml", 'url = "https://example.org/plakoto/"\nlanguages = ["en", "ru", "bg"]\n'
                  'drafts = ["bg"]\n')
    project.write("content/terms.toml", TERMS)
    out = project.run("terms", "checker").stdout
    assert '  bg  — not decided yet: add bg = ["…"] under [checker] in content/terms.toml\n' in out


def test_terms_export_csv_and_tbx(project: MiniProject) -> None:
    project.write("content/terms.toml", TERMS)
    rows = list(csv.reader(io.StringIO(project.run("terms", "--export", "csv").stdout)))
    assert rows[0] == ["id", "en", "ru", "avoid en", "avoid ru", "note"]
    assert rows[2] == ["pin", "pin; pinning", "запереть; запирание", "", "съеда; съест",
                       "Landing on a lone checker: it stays, under the pinner."]
    weblate = list(csv.reader(io.StringIO(project.run("terms", "--export", "csv", "--lang", "ru").stdout)))
    assert weblate[:2] == [["source", "target", "explanation"], ["checker", "шашка", "A checker: one of the fifteen "
                                                                 "pieces. Avoid: фишк."]]
    tbx = ET.fromstring(project.run("terms", "--export", "tbx").stdout)
    entry = tbx.find(".//termEntry[@id='pin']")
    assert entry is not None
    ru = entry.find("langSet[@{http://www.w3.org/XML/1998/namespace}lang='ru']")
    assert ru is not None
    assert [(t.findtext("term"), t.findtext("termNote")) for t in ru.findall("tig")] == [
        ("запереть", "preferredTerm-admn-sts"), ("запирание", "preferredTerm-admn-sts"),
        ("съеда", "deprecatedTerm-admn-sts"), ("съест", "deprecatedTerm-admn-sts")]


def test_words_to_avoid_in_titles_summaries_and_catalogs(project: MiniProject) -> None:
    project.write("content/terms.toml", TERMS)
    project.write("content/ru/pinning.md", LESSON_RU.replace('title = "Запирание"', 'title = "Запирание фишки"')
                  .replace("а не бьют.", "а не съедают."))
    project.write("locales/ru/LC_MESSAGES/messages.po", PO_RU.replace('msgstr[0] "%(count)s белая шашка"',
                                                                      'msgstr[0] "%(count)s белая фишка"'))
    done = project.run("check")
    assert done.returncode == 0, done.stderr
    assert ("content/ru/pinning.md:2: warning: 'фишки': the term table says 'шашка' for this — use the site's word "
            "(content/terms.toml, [checker])") in done.stderr
    assert "content/ru/pinning.md:4: warning: 'съедают': the term table says 'запереть / запирание'" in done.stderr
    assert ("locales/ru/LC_MESSAGES/messages.po:12: warning: 'фишка' (in an interface text): the term table says "
            "'шашка' for this") in done.stderr, done.stderr


def test_the_real_tables_words_to_avoid_catch_their_common_forms() -> None:
    """Forms a translator might write, by hand: each must be caught by the real table's stems,
    and the agreed words must not be."""
    from pathlib import Path

    from plakoto_site.content.problems import Problems
    from plakoto_site.content.terms import avoided_in, read_terms

    root = Path(__file__).parents[2]
    terms = read_terms(root / "content/terms.toml", Problems(root))
    caught = {
        "ru": ["Потом шашки выводят с доски.", "Выводить можно только из дома.", "Выведение шашек.",
               "Я вывожу последнюю.", "Фишка стоит на лунке.", "Белые съедают шашку."],
        "uk": ["Мана стоїть на шостому пункті."],
    }
    for lang, texts in caught.items():
        for text in texts:
            assert avoided_in(lang, [(1, text)], terms), (lang, text)
    agreed = {"ru": "Все шашки в доме — можно выбрасывать.", "uk": "Усі шашки вдома — можна виводити."}
    for lang, text in agreed.items():
        assert not avoided_in(lang, [(1, text)], terms), (lang, text)
