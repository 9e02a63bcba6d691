"""Every sentence the site builds with a count, in all four languages, for the counts
0, 1, 2, 3, 5, 11, 21 and 22, against forms written here by hand.

Python builds them with Babel's ``ngettext`` over the catalogs (the PO's Plural-Forms);
the play page gets each sentence's forms by CLDR plural category and chooses one with
``Intl.PluralRules`` (tests/browser/test_plurals.py runs the same table in Chromium).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from plakoto_site.engine import Outcome, Reason, Side
from plakoto_site.engine.refusals import Why
from plakoto_site.i18n.languages import Language
from plakoto_site.i18n.words import Words
from plakoto_site.site.check import Checked, check
from plakoto_site.site.project import Project

REPO = Path(__file__).resolve().parents[2]
COUNTS = (0, 1, 2, 3, 5, 11, 21, 22)
CATEGORY = {
    # By hand from the CLDR rules. ru, uk: "one" ends in 1 but not 11, "few" ends in 2-4
    # but not 12-14, "many" the rest; en, el: "one" is 1, "other" the rest.
    "en": dict(zip(COUNTS, ("other", "one", "other", "other", "other", "other", "other", "other"), strict=True)),
    "el": dict(zip(COUNTS, ("other", "one", "other", "other", "other", "other", "other", "other"), strict=True)),
    "ru": dict(zip(COUNTS, ("many", "one", "few", "few", "many", "many", "one", "few"), strict=True)),
    "uk": dict(zip(COUNTS, ("many", "one", "few", "few", "many", "many", "one", "few"), strict=True)),
}
LANGUAGES = tuple(CATEGORY)

VALUES = {"point": 19, "number": 6, "roll": "6–5", "end": 13, "rules": "R", "white": 2, "black": 0}
"""What fills the other placeholders of every sentence below."""

FORMS: dict[str, dict[str, dict[str, str]]] = {
    "checkersWhite": {
        "en": {"one": "{n} white checker", "other": "{n} white checkers"},
        "el": {"one": "{n} λευκό πούλι", "other": "{n} λευκά πούλια"},
        "ru": {"one": "{n} белая шашка", "few": "{n} белые шашки", "many": "{n} белых шашек"},
        "uk": {"one": "{n} біла шашка", "few": "{n} білі шашки", "many": "{n} білих шашок"},
    },
    "checkersBlack": {
        "en": {"one": "{n} black checker", "other": "{n} black checkers"},
        "el": {"one": "{n} μαύρο πούλι", "other": "{n} μαύρα πούλια"},
        "ru": {"one": "{n} чёрная шашка", "few": "{n} чёрные шашки", "many": "{n} чёрных шашек"},
        "uk": {"one": "{n} чорна шашка", "few": "{n} чорні шашки", "many": "{n} чорних шашок"},
    },
    "pips": {
        "en": {"one": "{n} pip", "other": "{n} pips"},
        "el": {"one": "{n} πιπ", "other": "{n} πιπ"},
        "ru": {"one": "{n} пипс", "few": "{n} пипса", "many": "{n} пипсов"},
        "uk": {"one": "{n} піпс", "few": "{n} піпси", "many": "{n} піпсів"},
    },
    "off": {
        "en": {"one": "{n} off", "other": "{n} off"},
        "el": {"one": "μαζεμένα: {n}", "other": "μαζεμένα: {n}"},
        "ru": {"one": "выброшено: {n}", "few": "выброшено: {n}", "many": "выброшено: {n}"},
        "uk": {"one": "виведено: {n}", "few": "виведено: {n}", "many": "виведено: {n}"},
    },
    "closed": {
        "en": {"one": "Point 19 is closed: {n} opposing checker stands there.",
               "other": "Point 19 is closed: {n} opposing checkers stand there."},
        "el": {"one": "Η θέση 19 είναι κλειστή: ο αντίπαλος έχει εκεί {n} πούλι.",
               "other": "Η θέση 19 είναι κλειστή: ο αντίπαλος έχει εκεί {n} πούλια."},
        "ru": {"one": "Пункт 19 закрыт: там стоит {n} шашка соперника.",
               "few": "Пункт 19 закрыт: там стоят {n} шашки соперника.",
               "many": "Пункт 19 закрыт: там стоят {n} шашек соперника."},
        "uk": {"one": "Пункт 19 закритий: там стоїть {n} шашка суперника.",
               "few": "Пункт 19 закритий: там стоять {n} шашки суперника.",
               "many": "Пункт 19 закритий: там стоїть {n} шашок суперника."},
    },
    "more-numbers": {
        "en": {"one": "A double is four moves of 6; only {n} of them can be played here, and you must play it.",
               "other": "A double is four moves of 6; {n} of them can be played here, and you must play that many."},
        "el": {"one": "Με διπλές παίζεις τέσσερις φορές το 6· εδώ όμως μπορείς να το παίξεις μόνο {n} φορά, "
                      "και πρέπει να το παίξεις.",
               "other": "Με διπλές παίζεις τέσσερις φορές το 6· εδώ μπορείς να το παίξεις {n} φορές, "
                        "και τόσες πρέπει να το παίξεις."},
        "ru": {"one": "Дубль — это четыре хода шашками по 6; здесь можно сделать только {n} из них, и он обязателен.",
               "few": "Дубль — это четыре хода шашками по 6; здесь можно сделать {n} из них — столько и нужно сделать.",
               "many": "Дубль — это четыре хода шашками по 6; здесь можно сделать {n} из них — столько и нужно сделать."},
        "uk": {"one": "Дубль — це чотири кроки по 6; тут можливий лише {n} крок із чотирьох, і його треба зробити.",
               "few": "Дубль — це чотири кроки по 6; тут можливі лише {n} кроки з чотирьох — їх усі й треба зробити.",
               "many": "Дубль — це чотири кроки по 6; тут можливі лише {n} кроків із чотирьох — їх усі й треба зробити."},
    },
    "short-of-win": {
        "en": {"one": "This roll can win the game, and a win counts as using every number: win, or play the {n} number.",
               "other": "This roll can win the game, and a win counts as using every number: win, or play all {n} numbers."},
        "el": {"one": "Με αυτή τη ζαριά μπορείς να κερδίσεις, και η νίκη μετράει σαν να έπαιξες όλους τους αριθμούς: "
                      "κέρδισε ή παίξε τον {n} αριθμό.",
               "other": "Με αυτή τη ζαριά μπορείς να κερδίσεις, και η νίκη μετράει σαν να έπαιξες όλους τους "
                        "αριθμούς: κέρδισε ή παίξε και τους {n} αριθμούς."},
        # «все 2 числа» reads wrong where one says «оба числа»: the count stands apart, in one form.
        "ru": dict.fromkeys(("one", "few", "many"), "Этим броском можно выиграть, а выигрышный ход считается "
                            "полным: либо выигрывайте, либо сыграйте все числа броска (их {n})."),
        "uk": {"one": "Цим кидком можна виграти, а виграшний хід зараховується як повний: виграйте або зіграйте "
                      "{n} число кидка.",
               "few": "Цим кидком можна виграти, а виграшний хід зараховується як повний: виграйте або зіграйте "
                      "всі {n} числа кидка.",
               "many": "Цим кидком можна виграти, а виграшний хід зараховується як повний: виграйте або зіграйте "
                       "всі {n} чисел кидка."},
    },
    "distance": {
        "en": {"one": "The roll 6–5 cannot move a checker from 19 to 13 ({n} pip).",
               "other": "The roll 6–5 cannot move a checker from 19 to 13 ({n} pips)."},
        "el": {"one": "Με 6–5 δεν μπορείς να πας πούλι από το 19 στο 13 (απόσταση {n} πιπ).",
               "other": "Με 6–5 δεν μπορείς να πας πούλι από το 19 στο 13 (απόσταση {n} πιπ)."},
        "ru": {"one": "Бросок 6–5 не переводит шашку с 19 на 13: это {n} пункт вперёд.",
               "few": "Бросок 6–5 не переводит шашку с 19 на 13: это {n} пункта вперёд.",
               "many": "Бросок 6–5 не переводит шашку с 19 на 13: это {n} пунктов вперёд."},
        "uk": {"one": "Кидок 6–5 не дає зіграти 19 → 13: це {n} пункт уперед.",
               "few": "Кидок 6–5 не дає зіграти 19 → 13: це {n} пункти вперед.",
               "many": "Кидок 6–5 не дає зіграти 19 → 13: це {n} пунктів уперед."},
    },
    "score": {
        "en": {"one": "R · match to {n} point: White 2, Black 0", "other": "R · match to {n} points: White 2, Black 0"},
        "el": {"one": "R · ματς στον {n} πόντο: Λευκά 2, Μαύρα 0", "other": "R · ματς στους {n} πόντους: Λευκά 2, Μαύρα 0"},
        "ru": {"one": "R · матч до {n} очка: белые 2, чёрные 0", "few": "R · матч до {n} очков: белые 2, чёрные 0",
               "many": "R · матч до {n} очков: белые 2, чёрные 0"},
        "uk": {"one": "R · матч до {n} очка: білі 2, чорні 0", "few": "R · матч до {n} очок: білі 2, чорні 0",
               "many": "R · матч до {n} очок: білі 2, чорні 0"},
    },
}
"""The play page's sentences with a count (its ``plurals``), by name."""

PYTHON_ONLY: dict[str, dict[str, dict[str, str]]] = {
    "bear-off": {
        "en": {"one": "White has borne off all checkers and wins {n} point.",
               "other": "White has borne off all checkers and wins {n} points."},
        "el": {"one": "Τα Λευκά μάζεψαν όλα τα πούλια τους και κερδίζουν {n} πόντο.",
               "other": "Τα Λευκά μάζεψαν όλα τα πούλια τους και κερδίζουν {n} πόντους."},
        "ru": {"one": "Белые выбросили все шашки и выигрывают {n} очко.",
               "few": "Белые выбросили все шашки и выигрывают {n} очка.",
               "many": "Белые выбросили все шашки и выигрывают {n} очков."},
        "uk": {"one": "Білі вивели всі шашки й виграють {n} очко.", "few": "Білі вивели всі шашки й виграють {n} очки.",
               "many": "Білі вивели всі шашки й виграють {n} очок."},
    },
    "drill-pips": {
        "en": {"one": "White has {n} pip.", "other": "White has {n} pips."},
        "el": {"one": "Τα Λευκά έχουν {n} πιπ.", "other": "Τα Λευκά έχουν {n} πιπ."},
        "ru": {"one": "У белых {n} пипс.", "few": "У белых {n} пипса.", "many": "У белых {n} пипсов."},
        "uk": {"one": "У білих {n} піпс.", "few": "У білих {n} піпси.", "many": "У білих {n} піпсів."},
    },
    "info": {
        "en": {"one": "White: {n} pip, {n} off", "other": "White: {n} pips, {n} off"},
        "el": {"one": "Λευκά: {n} πιπ, μαζεμένα: {n}", "other": "Λευκά: {n} πιπ, μαζεμένα: {n}"},
        "ru": {"one": "Белые: {n} пипс, выброшено: {n}", "few": "Белые: {n} пипса, выброшено: {n}",
               "many": "Белые: {n} пипсов, выброшено: {n}"},
        "uk": {"one": "Білі: {n} піпс, виведено: {n}", "few": "Білі: {n} піпси, виведено: {n}",
               "many": "Білі: {n} піпсів, виведено: {n}"},
    },
    "gallery-steps": {
        "en": {"one": "{n} step", "other": "{n} steps"},
        "el": {"one": "{n} βήμα", "other": "{n} βήματα"},
        "ru": {"one": "{n} шаг", "few": "{n} шага", "many": "{n} шагов"},
        "uk": {"one": "{n} позиція", "few": "{n} позиції", "many": "{n} позицій"},
    },
}
"""Sentences with a count that only the build writes (lessons, drills, the gallery)."""


def expected(table: dict[str, dict[str, dict[str, str]]], name: str, lang: str, n: int) -> str:
    return table[name][lang][CATEGORY[lang][n]].format(n=n)


@pytest.fixture(scope="module")
def checked() -> Checked:
    return check(Project(REPO))


def python_sentences(words: Words) -> dict[str, Callable[[int], str]]:
    """How the build words each sentence for a count."""
    def refusal(why: Why) -> Callable[[int], str]:
        return lambda n: words.refusal_template(why, n) % {**VALUES, "count": words.number(n)}
    return {
        "checkersWhite": lambda n: words.checkers(Side.WHITE, n),
        "checkersBlack": lambda n: words.checkers(Side.BLACK, n),
        "pips": lambda n: words.pips_template(n) % {"count": words.number(n)},
        "off": lambda n: words.off_template(n) % {"count": words.number(n)},
        "closed": refusal(Why.CLOSED),
        "more-numbers": refusal(Why.MORE_NUMBERS),
        "short-of-win": refusal(Why.SHORT_OF_WIN),
        "distance": refusal(Why.DISTANCE),
        "score": lambda n: words.ngettext("%(rules)s · match to %(count)s point: White %(white)s, Black %(black)s",
                                          "%(rules)s · match to %(count)s points: White %(white)s, Black %(black)s",
                                          n) % {**VALUES, "count": words.number(n)},
        "bear-off": lambda n: words.outcome(Outcome(Reason.BEAR_OFF, Side.WHITE, n)),
        "drill-pips": lambda n: words.ngettext("White has %(count)s pip.", "White has %(count)s pips.", n)
        % {"count": words.number(n)},
        "info": lambda n: words.side_info(Side.WHITE, n, n),
        "gallery-steps": lambda n: words.ngettext("%(num)d step", "%(num)d steps", n) % {"num": n},
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_with_a_count_takes_the_languages_plural_form(checked: Checked, lang: str) -> None:
    words = Words(Language.read(lang), checked.translations[lang])
    built = python_sentences(words)
    assert set(built) == set(FORMS) | set(PYTHON_ONLY)
    for name, make in built.items():
        table = FORMS if name in FORMS else PYTHON_ONLY
        assert [make(n) for n in COUNTS] == [expected(table, name, lang, n) for n in COUNTS], (lang, name)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_play_page_carries_each_form_of_every_counted_sentence(checked: Checked, lang: str) -> None:
    """The page's data: every counted sentence, under each plural category the language
    has for whole numbers (and no per-count table that could stop short)."""
    from plakoto_site.render.play import plurals

    words = Words(Language.read(lang), checked.translations[lang])
    carried = plurals(words)
    assert set(carried) == set(FORMS)
    categories = {"en": {"one", "other"}, "el": {"one", "other"}, "ru": {"one", "few", "many"}, "uk": {"one", "few", "many"}}
    for name, forms in carried.items():
        assert set(forms) == categories[lang], (lang, name)
