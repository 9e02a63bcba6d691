"""``plakoto-site`` (or ``python build.py``): build, check and preview the site.

Written for translators as much as for programmers: every command says what it did and,
when something is wrong, where and what to do.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path
from typing import NoReturn

from plakoto_site.content.problems import ContentError, Problem
from plakoto_site.site.build import Report, build
from plakoto_site.site.check import check
from plakoto_site.site.output import OutputError, write_problem
from plakoto_site.site.project import Project
from plakoto_site.site.state import BuildCache

from .streams import guard_streams, output_lost

ROOT = Path(__file__).resolve().parents[2]


def find_root(start: Path) -> Path:
    """The project a command run in ``start`` means: the nearest folder at or above it that
    holds ``content/site.toml``, else the project this package came from."""
    for folder in (start, *start.parents):
        if (folder / "content" / "site.toml").is_file():
            return folder
    return ROOT


def _print_problems(problems: list[Problem]) -> None:
    for problem in problems:
        print(problem, file=sys.stderr)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _summary(report: Report, root: Path) -> str:
    try:
        where = report.out.resolve().relative_to(Path.cwd())
    except ValueError:
        where = report.out.resolve()
    index = report.out.resolve() / "index.html"
    lines = [
        f"Built {_count(report.pages, 'page')} in {_count(len(report.languages), 'language')} "
        f"({', '.join(report.languages)}) with {_count(report.diagrams, 'diagram')} "
        f"and {_count(report.embeds, 'embed')} in {report.seconds:.2f} s.",
        "Catalogs compiled: " + (", ".join(
            f"{c.lang} {c.translated}/{c.total}" + (f" ({c.fuzzy} fuzzy)" if c.fuzzy else "") for c in report.catalogs
        ) or "none") + ".",
        f"Output: {where}/",
        f"Open:   {index.as_uri()}",
        "Or run: make serve   (http://127.0.0.1:8000/)",
    ]
    if report.warnings:
        lines.append(f"{len(report.warnings)} warning(s) above: the site was built, but have a look.")
    return "\n".join(lines)


def command_build(args: argparse.Namespace) -> int:
    project = Project(args.root)
    out = args.out or project.output
    try:
        report = build(project, out, tuple(args.lang) or None, args.base_url, force=args.force, png=args.png,
                       cache=args.state)
    except OutputError as error:
        print(f"Build refused: {error}", file=sys.stderr)
        print("Nothing was deleted or written.", file=sys.stderr)
        return 1
    except ContentError as error:
        _print_problems(error.problems)
        errors = sum(1 for p in error.problems if p.severity == "error")
        print(f"\nBuild stopped: {errors} error(s). The previous site in {out} was left as it was.",
              file=sys.stderr)
        return 1
    except OSError as error:
        print(f"Build stopped: {write_problem(error)}", file=sys.stderr)
        print(f"The previous site in {out} was left as it was.", file=sys.stderr)
        return 1
    _print_problems(report.warnings)
    print(_summary(report, project.root))
    return 0


def command_check(args: argparse.Namespace) -> int:
    project = Project(args.root)
    try:
        checked = check(project, tuple(args.lang) or None)
    except ContentError as error:
        _print_problems(error.problems)
        errors = sum(1 for p in error.problems if p.severity == "error")
        print(f"\n{errors} error(s) found. Nothing was written.", file=sys.stderr)
        return 1
    _print_problems(checked.warnings)
    lessons = sum(len(v) for v in checked.lessons.values())
    print(f"Everything reads and checks: {len(checked.lessons)} languages, {lessons} lesson pages, "
          f"{len(checked.content.diagrams)} diagrams, {len(checked.warnings)} warning(s). Nothing was written.")
    return 0


def command_diagram(args: argparse.Namespace) -> int:
    from .author import command_diagram as run

    return run(args)


def command_status(args: argparse.Namespace) -> int:
    from .status import run_status

    code = run_status(Project(args.root), args)
    return code or int(output_lost())  # its words are its work


def command_terms(args: argparse.Namespace) -> int:
    from .terms import run_terms

    return run_terms(Project(args.root), args)


def command_setup(args: argparse.Namespace) -> int:
    from .setup import setup

    return setup(args.root)


def command_serve(args: argparse.Namespace) -> int:
    from .serve import serve

    return serve(Project(args.root), args.out, tuple(args.lang) or None, args.port, force=args.force)


def command_messages(args: argparse.Namespace) -> int:
    from plakoto_site.content.problems import Problems
    from plakoto_site.content.settings import read_settings
    from plakoto_site.i18n.messages import CatalogProblems, update_messages

    project = Project(args.root)
    problems = Problems(project.root)
    settings = read_settings(project.content, problems)
    try:
        report = update_messages(project.root, settings.languages, settings.reference)
    except CatalogProblems as error:
        _print_problems(error.problems)
        print("messages: stopped, no catalog was changed: fix the lines above first.", file=sys.stderr)
        return 1
    except Exception as error:  # noqa: BLE001 - any failure stops the chain; nothing was written
        print(f"messages: stopped, no catalog was changed: {error}", file=sys.stderr)
        return 1
    print("\n".join(report))
    return 0


def base_url(text: str) -> str:
    """``--base-url``: an http or https address, checked as site.toml's url is."""
    from plakoto_site.content.settings import url_problem

    why = url_problem(text)
    if why is not None:
        raise argparse.ArgumentTypeError(f"{text!r} {why}, e.g. --base-url https://example.org/plakoto/")
    return text


def port(text: str) -> int:
    """``--port``: a whole number from 0 (any free port) to 65535."""
    if not text.isascii() or not text.isdigit() or int(text[:6]) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: give a whole number from 0 to 65535, e.g. 8001")
    return int(text)


FORCE_HELP = ("replace the output folder even if it holds files the build did not make (never the project, "
              "a folder above it or inside it, a home, a folder holding files git tracks: see docs/output-folders.md)")


def parser(prog: str = "python build.py") -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(
        prog=prog,
        description="Build the Plakoto tutorial: lessons in content/, translations in locales/, "
        "page layouts in templates/.",
        epilog=f"Examples:  {prog} build   |   {prog} serve --lang el   |   {prog} check",
    )
    main.add_argument("--root", type=Path, default=None, help=argparse.SUPPRESS)
    commands = main.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def languages(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--lang", nargs="+", default=[], metavar="LANG",
                         help="only these languages (English, the reference, is always included), e.g. --lang el")

    build_parser = commands.add_parser("build", help="build the whole site into _site/")
    build_parser.add_argument("--out", type=Path, help="another output folder (default: _site/)")
    build_parser.add_argument("--force", action="store_true", help=FORCE_HELP)
    build_parser.add_argument("--base-url", type=base_url, help="the address the site will live at (default: url in content/site.toml)")
    build_parser.add_argument("--png", action="store_true",
                              help="also draw a PNG of every picture and a link preview card per diagram, for the site "
                                   "you publish (slow the first time: the bitmaps are kept in .cache/)")
    languages(build_parser)
    build_parser.set_defaults(run=command_build)

    check_parser = commands.add_parser("check", help="read and check everything, write nothing")
    languages(check_parser)
    check_parser.set_defaults(run=command_check)

    status_parser = commands.add_parser(
        "status", help="what is translated, missing or stale in each language",
        description="A table per language and lesson: translated, missing or stale (the English "
        "lesson changed since the translation was marked), missing diagram captions, words the "
        "term table asks to avoid, and how much of each interface catalog is translated.")
    languages(status_parser)
    status_parser.add_argument("--json", action="store_true", help="print the same as JSON, for tools")
    status_parser.add_argument("--strict", action="store_true",
                               help="exit 1 when anything is missing, stale or incomplete in a language that is "
                               "not a draft (a gate for a translation team's CI)")
    status_parser.add_argument("--mark", metavar="LANG[/LESSON]",
                               help="record that a translation (or every lesson of a language) is up to date "
                               "with the English text now, e.g. --mark el/pinning (el/_home: the home page). "
                               "Refused for a stale translation not edited since its last mark")
    status_parser.add_argument("--force", action="store_true",
                               help="with --mark: mark even a translation not edited since the English changed "
                               "(when the English change needs nothing in the translation)")
    status_parser.add_argument("--diff", metavar="LANG/LESSON",
                               help="print each English paragraph that changed since the translation was marked, "
                               "as it was then and as it is now")
    status_parser.set_defaults(run=command_status)

    diagram_parser = commands.add_parser(
        "diagram", help="check your own diagram file and write its embed page, pictures and oEmbed",
        description="Make an embeddable diagram from a TOML file in the lessons' diagram format, "
        "with a title and [captions.<lang>] (see examples/my-diagram.toml and EMBEDDING.md).")
    diagram_parser.add_argument("file", type=Path, nargs="+", help="your diagrams, e.g. my-diagram.toml (several: all into one folder)")
    diagram_parser.add_argument("--out", type=Path, help="output folder (default: <file name>-embed/ for one file, diagrams/ for several)")
    diagram_parser.add_argument("--force", action="store_true", help=FORCE_HELP)
    diagram_parser.add_argument("--base-url", type=base_url, help="where you will upload the folder, e.g. https://blog.example/diagrams/ "
                                "(required: the snippets, oEmbed answers and link previews name it)")
    diagram_parser.add_argument("--link", action="store_true",
                                help="write nothing: check the file and print a link to the tutorial's page that draws "
                                "it from the link alone (the tutorial's address: --base-url, else url in content/site.toml; "
                                "the language: the first of --lang, else en)")
    diagram_parser.add_argument("--lang", nargs="+", default=[], metavar="LANG",
                                help="only these languages, e.g. --lang ru (default: every language a file has "
                                "captions for)")
    diagram_parser.set_defaults(run=command_diagram)

    messages_parser = commands.add_parser(
        "messages", help="extract the interface texts, update every locales/*/messages.po, compile")
    messages_parser.set_defaults(run=command_messages)

    setup_parser = commands.add_parser(
        "setup", help="create .venv with only what building needs (no test tools); no make needed")
    setup_parser.set_defaults(run=command_setup)

    terms_parser = commands.add_parser(
        "terms", help="the site's agreed words per language, with words to avoid (content/terms.toml)",
        description="Print the term table: each term's words in every language (the first is the glossary "
        "headword), the words to avoid and the note; or export it as a glossary for Poedit, Weblate or Crowdin.",
        epilog="Examples:  terms pin   |   terms --lang ru   |   terms --export tbx > glossary.tbx   |   "
        "terms --export csv --lang ru > glossary-ru.csv")
    terms_parser.add_argument("term", nargs="*", help="only these terms, e.g. pin mother")
    terms_parser.add_argument("--export", choices=("csv", "tbx"),
                              help="print the table as CSV (with --lang xx: Weblate's source,target,explanation) "
                              "or TBX, for a translation tool's glossary")
    languages(terms_parser)
    terms_parser.set_defaults(run=command_terms)

    serve_parser = commands.add_parser("serve", help="build, serve on http://127.0.0.1:8000/ and rebuild on every change")
    serve_parser.add_argument("--port", type=port, default=8000, help="the port to serve on (default: 8000)")
    serve_parser.add_argument("--out", type=Path, help="output folder (default: _site/)")
    serve_parser.add_argument("--force", action="store_true", help=FORCE_HELP)
    languages(serve_parser)
    serve_parser.set_defaults(run=command_serve)
    return main


def main(argv: list[str] | None = None, prog: str = "python build.py", state: BuildCache | None = None) -> int:
    """Run one command. ``state`` is the build state for ``build`` to fill, when the caller
    keeps it (see :func:`run_once`); without one the build makes its own."""
    args = parser(prog).parse_args(argv)
    args.root = (args.root or find_root(Path.cwd())).resolve()
    args.state = state
    return int(args.run(args))


def script() -> NoReturn:
    """The ``plakoto-site`` command that ``pip install`` puts on the PATH."""
    run_once(prog="plakoto-site")


COLLECT_EVERY = 200_000
"""How many new lists, dicts and other containers Python's cyclic garbage collector lets a
command make between two of its passes (700 by default). A build makes hundreds of
thousands of short-lived ones and next to no cycles: at 700 the collector ran some 200
times in a cold build, 50–100 ms of a process's time spent finding next to nothing. As mypy does in its build, it runs every
200,000 instead (still often enough for ``make serve``, which builds again and again)."""


def run_once(prog: str = "python build.py") -> NoReturn:
    """Run one command (``build.py``, ``plakoto-site``) as the whole life of this process,
    the garbage collector on (``build.py`` switches it off while it imports) and at
    :data:`COLLECT_EVERY`, and :func:`leave`. Never in a test."""
    gc.set_threshold(COLLECT_EVERY, *gc.get_threshold()[1:])
    gc.enable()
    # The build state lives until the process leaves: the system then frees its tens of
    # megabytes at once, where Python, freeing it as the build returns, took it apart
    # object by object (3 ms of a cold build, at its very end). No build comes after.
    state = BuildCache(lasting=False)
    guard_streams()
    try:
        code = main(prog=prog, state=state)
    except SystemExit as done:  # --help, or a mistake in the command line
        if isinstance(done.code, str):  # a sentence for the user (status: there is no lesson …)
            print(done.code, file=sys.stderr)
        code = done.code if isinstance(done.code, int) else int(done.code is not None)
    leave(code)


def leave(code: int) -> NoReturn:
    """End a process that ran one command, with ``code``: its output flushed, and without
    Python taking apart, object by object, all a build made (40–150 ms of a cold build's
    time on the project's machine), as mypy leaves. Files are closed and the forked copy
    (:mod:`plakoto_site.site.parallel`) waited for by then. Only for ``build.py`` and ``plakoto-site``, never in a test."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
