"""``python build.py messages`` loses no translation: a msgid whose English changed stays,
fuzzy, with the old English as ``#| msgid``; one whose English is gone stays as ``#~``; and
it says per language what changed."""

from __future__ import annotations

from pathlib import Path

from plakoto_site.i18n.messages import update_messages

PO = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"
"Language: ru\\n"

#: plakoto_site/texts.py:3
msgid "Play a game"
msgstr "Сыграть партию"

#: plakoto_site/texts.py:4
msgid "Previous lesson"
msgstr "Предыдущий урок"

#: plakoto_site/texts.py:5
msgid "Next lesson"
msgstr "Следующий урок"
"""

CODE = '''\
from gettext import gettext as _

PLAY = _("Play a whole game")
NEXT = _("Next lesson")
'''


def test_a_removed_and_a_changed_msgid_are_kept(tmp_path: Path) -> None:
    (tmp_path / "plakoto_site").mkdir()
    (tmp_path / "templates").mkdir()
    (tmp_path / "plakoto_site" / "texts.py").write_text(CODE, encoding="utf-8")
    po = tmp_path / "locales/ru/LC_MESSAGES/messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")

    report = update_messages(tmp_path, ["en", "ru"])

    text = po.read_text(encoding="utf-8")
    assert ('#, fuzzy\n#| msgid "Play a game"\nmsgid "Play a whole game"\nmsgstr "Сыграть партию"\n') in text
    assert '#~ msgid "Previous lesson"\n#~ msgstr "Предыдущий урок"\n' in text
    assert 'msgid "Next lesson"\nmsgstr "Следующий урок"\n' in text
    assert report[1].startswith("ru: 1 changed in English (marked fuzzy, the old English kept as #| msgid), "
                                "1 no longer used (kept as #~ at the end of the file);"), report

    again = update_messages(tmp_path, ["en", "ru"])
    assert '#~ msgid "Previous lesson"' in po.read_text(encoding="utf-8")
    assert again[1].startswith("ru: no change in the English texts;"), again


def test_a_catalog_in_a_declared_legacy_charset_is_saved_as_utf8(tmp_path: Path) -> None:
    (tmp_path / "plakoto_site").mkdir()
    (tmp_path / "templates").mkdir()
    (tmp_path / "plakoto_site" / "texts.py").write_text(CODE, encoding="utf-8")
    po = tmp_path / "locales/ru/LC_MESSAGES/messages.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(PO.replace("charset=UTF-8", "charset=windows-1251").encode("cp1251"))

    report = update_messages(tmp_path, ["en", "ru"])

    assert report[1].endswith("; saved as UTF-8 (it was cp1251)"), report
    text = po.read_bytes().decode("utf-8")
    assert 'msgstr "Следующий урок"' in text and "charset=utf-8" in text
