"""``python build.py terms``: the site's agreed words at hand, and as a glossary file for
Poedit, Weblate or Crowdin (``--export csv`` or ``--export tbx``).

Everything comes from ``content/terms.toml``: each term's words per language (the first is
the glossary headword), its words to avoid, and its note (a ``note`` key, or the comment
right above the term's ``[id]`` line).
"""

from __future__ import annotations

import argparse
import csv
import difflib
import io
import sys
from xml.sax.saxutils import escape, quoteattr

from plakoto_site.content.problems import Problems
from plakoto_site.content.settings import read_settings
from plakoto_site.content.terms import Term, notes, read_terms
from plakoto_site.site.project import Project


def _note(term: Term, found: dict[str, str], lang: str = "") -> str:
    return term.note.get(lang) or term.note.get("") or found.get(term.id, "")


def show(terms: list[Term], languages: list[str], found: dict[str, str]) -> str:
    """Each term as a translator reads it: the words per language, the words to avoid, the note."""
    width = max(len(lang) for lang in languages) + 2
    rows: list[str] = []
    for term in terms:
        rows.append(f"[{term.id}]")
        note = _note(term, found)
        if note:
            rows.append(f"  note: {note}")
        for lang in languages:
            words = " / ".join(term.words.get(lang, [])) or "— not decided yet: add " \
                f"{lang} = [\"…\"] under [{term.id}] in content/terms.toml"
            avoid = term.avoid.get(lang, [])
            said = f"   (avoid: {', '.join(stem + '…' for stem in avoid)})" if avoid else ""
            rows.append(f"  {lang.ljust(width)}{words}{said}")
            own = term.note.get(lang)
            if own:
                rows.append(f"  {''.ljust(width)}note: {own}")
        rows.append("")
    return "\n".join(rows).rstrip() + "\n"


def as_csv(terms: list[Term], languages: list[str], reference: str, found: dict[str, str],
           pair: bool = False) -> str:
    """One row per term: its id, the words in each language (the headword first, others after
    ``; ``), the words to avoid per language, and the note. With ``pair`` (one language asked
    for besides the reference): Weblate's glossary columns ``source,target,explanation``."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    others = [lang for lang in languages if lang != reference]
    if pair and len(others) == 1:
        writer.writerow(["source", "target", "explanation"])
        for term in terms:
            target = others[0]
            for word in term.words.get(reference, [term.id])[:1]:
                avoid = term.avoid.get(target, [])
                explanation = _note(term, found, target) + (
                    f" Avoid: {', '.join(avoid)}." if avoid else "")
                writer.writerow([word, "; ".join(term.words.get(target, [])), explanation.strip()])
        return buffer.getvalue()
    writer.writerow(["id", *languages, *(f"avoid {lang}" for lang in languages), "note"])
    for term in terms:
        writer.writerow([term.id, *("; ".join(term.words.get(lang, [])) for lang in languages),
                         *("; ".join(term.avoid.get(lang, [])) for lang in languages), _note(term, found)])
    return buffer.getvalue()


def as_tbx(terms: list[Term], languages: list[str], found: dict[str, str]) -> str:
    """TBX (ISO 30042, the TBX-Basic dialect Poedit, Weblate and Crowdin read): an entry per
    term, a language set per language, the words to avoid as deprecated terms."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<martif type="TBX-Basic" xml:lang="en">',
           "<martifHeader><fileDesc><sourceDesc><p>content/terms.toml of the Plakoto tutorial</p>"
           "</sourceDesc></fileDesc></martifHeader>",
           "<text><body>"]
    for term in terms:
        out.append(f"<termEntry id={quoteattr(term.id)}>")
        note = _note(term, found)
        if note:
            out.append(f'<descrip type="definition">{escape(note)}</descrip>')
        for lang in languages:
            words, avoid = term.words.get(lang, []), term.avoid.get(lang, [])
            if not words and not avoid:
                continue
            out.append(f"<langSet xml:lang={quoteattr(lang)}>")
            for word in words:
                out.append(f'<tig><term>{escape(word)}</term><termNote type="administrativeStatus">'
                           "preferredTerm-admn-sts</termNote></tig>")
            for word in avoid:
                out.append(f'<tig><term>{escape(word)}</term><termNote type="administrativeStatus">'
                           "deprecatedTerm-admn-sts</termNote></tig>")
            out.append("</langSet>")
        out.append("</termEntry>")
    out.append("</body></text></martif>")
    return "\n".join(out) + "\n"


def run_terms(project: Project, args: argparse.Namespace) -> int:
    problems = Problems(project.root)
    settings = read_settings(project.content, problems)
    path = project.content / "terms.toml"
    terms = read_terms(path, problems, settings.languages)
    if problems.errors:
        for problem in problems.errors:
            print(problem, file=sys.stderr)
        print("terms: fix the lines above first.", file=sys.stderr)
        return 1
    languages = list(settings.languages)
    if args.lang:
        unknown = [lang for lang in args.lang if lang not in languages]
        if unknown:
            print(f"terms: there is no language {unknown[0]!r} in this site — choose from {', '.join(languages)}",
                  file=sys.stderr)
            return 1
        languages = [lang for lang in languages if lang == settings.reference or lang in args.lang]
    ids = [term.id for term in terms]
    for wanted in args.term:
        if wanted not in ids:
            close = difflib.get_close_matches(wanted, ids, 1, 0.5)
            print(f"terms: there is no term {wanted!r} in content/terms.toml"
                  + (f" — did you mean {close[0]!r}?" if close else f" — the terms are {', '.join(ids)}"),
                  file=sys.stderr)
            return 1
    chosen = [term for term in terms if not args.term or term.id in args.term]
    found = notes(path)
    if args.export == "csv":
        sys.stdout.write(as_csv(chosen, languages, settings.reference, found, pair=bool(args.lang)))
    elif args.export == "tbx":
        sys.stdout.write(as_tbx(chosen, languages, found))
    else:
        sys.stdout.write(show(chosen, languages, found))
    return 0
