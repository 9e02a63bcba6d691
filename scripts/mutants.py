#!/usr/bin/env python3
"""Mutation run: plant each deliberate bug of ``scripts/mutants.toml`` in a scratch copy of
the project, one at a time, run the tests named for it, and print which bugs the tests
caught (killed) and which they missed (survived).

    .venv/bin/python scripts/mutants.py                  # every mutant, its own tests
    .venv/bin/python scripts/mutants.py embed-desc-unescaped board-mirrored
    .venv/bin/python scripts/mutants.py --all-tests      # the whole suite per mutant (slow)
    .venv/bin/python scripts/mutants.py --list
    make mutants                                         # the same as the first line

Each mutant belongs to one area (``AREAS``); the run prints each area's kill ratio and fails
unless every area kills at least ``GOAL`` of its mutants. A test path ending in ``.js`` is a
Node test file, run with ``node --test``; the others are pytest paths.

The working tree is never edited: the tracked (and untracked, not ignored) files are copied
to a temporary folder first, so uncommitted changes are part of the run. A mutant is an
exact search → replace; when the search text is not found exactly once the mutant is
reported as "not applicable (code moved)" instead of passing silently — update its entry.
Exit status: 0 when every mutant applies and every area reaches the goal, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MUTANTS = Path(__file__).with_suffix(".toml")
AREAS = ("engine", "browser rules and bot", "play page", "lesson pages", "site and render", "i18n and commands",
         "viewer and editor")
GOAL = 0.9
"""The share of each area's mutants the tests must kill."""


@dataclass(frozen=True)
class Edit:
    files: tuple[str, ...]
    """Where the search text may be (glob patterns allowed, such as ``plakoto_site/engine/*.py``):
    the one file among these that holds it exactly once."""
    search: str
    replace: str


@dataclass(frozen=True)
class Mutant:
    name: str
    area: str
    what: str
    edits: tuple[Edit, ...]
    tests: tuple[str, ...]


@dataclass
class Outcome:
    mutant: Mutant
    verdict: str
    seconds: float = 0.0
    detail: str = ""
    failed: list[str] = field(default_factory=list)

    @property
    def killed(self) -> bool:
        return self.verdict.startswith("killed")


def read_mutants(path: Path) -> list[Mutant]:
    """The mutants of ``path``: each ``[[mutant]]`` has name, what, tests, and either one
    file/search/replace or a list of ``[[mutant.edit]]`` tables. ``file`` may be a list of
    places the code may have moved to."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    mutants = []
    for entry in data["mutant"]:
        edits = entry.get("edit") or [{"file": entry["file"], "search": entry["search"], "replace": entry["replace"]}]
        if entry.get("area") not in AREAS:
            raise SystemExit(f"{path}: mutant {entry['name']!r} needs an area, one of: {', '.join(AREAS)}")
        mutants.append(Mutant(
            entry["name"], entry["area"], entry["what"],
            tuple(Edit(_files(e["file"]), e["search"], e["replace"]) for e in edits),
            tuple(entry["tests"]),
        ))
    names = [m.name for m in mutants]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise SystemExit(f"{path}: mutant names must be unique: {', '.join(duplicates)}")
    return mutants


def _files(value: str | list[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def project_files(root: Path) -> list[str]:
    """Tracked files and untracked ones git does not ignore, as they are on disk now."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root, capture_output=True, check=True,
    ).stdout.decode().split("\0")
    return sorted({name for name in listed if name and (root / name).is_file()})


def scratch_copy(root: Path, into: Path) -> None:
    for name in project_files(root):
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
    # A git repository of its own, as a user's clone is: the output guard asks git which files
    # are tracked, and some tests clone the project. Mutants are planted after this commit.
    identity = {"GIT_AUTHOR_NAME": "mutants", "GIT_AUTHOR_EMAIL": "mutants@localhost",
                "GIT_COMMITTER_NAME": "mutants", "GIT_COMMITTER_EMAIL": "mutants@localhost"}
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "--no-verify", "-m", "scratch copy"]):
        subprocess.run(["git", *command], cwd=into, env={**os.environ, **identity}, check=True,
                       capture_output=True)
    if (root / "node_modules").is_dir():  # axe-core and the HTML checker, for browser tests
        (into / "node_modules").symlink_to(root / "node_modules")


def environment(copy: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(copy) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # no stale bytecode between a mutant and the original
    return env


def check_imports_from(copy: Path, python: str) -> None:
    """The tests must exercise the copy, not an installed (editable) package elsewhere."""
    found = subprocess.run([python, "-c", "import plakoto_site; print(plakoto_site.__file__)"],
                           cwd=copy, env=environment(copy), capture_output=True, text=True)
    where = Path(found.stdout.strip() or "?").resolve()
    if not where.is_relative_to(copy.resolve()):
        raise SystemExit(f"the scratch copy imports plakoto_site from {where}, not from the copy; "
                         "run this script with the project's own .venv/bin/python")


def test_exists(copy: Path, test: str) -> bool:
    """Whether a test path (``file`` or ``file::function[id]``) names something there."""
    file, _, node = test.partition("::")
    path = copy / file
    if not path.exists():
        return False
    if not node:
        return True
    function = re.split(r"[\[:]", node)[0]
    return re.search(rf"^\s*def {re.escape(function)}\(", path.read_text(encoding="utf-8"), re.M) is not None


def run_tests(copy: Path, python: str, tests: tuple[str, ...], timeout: float) -> tuple[str, list[str], str]:
    """('passed' | 'failed' | 'timeout' | 'error N', failed test ids, output tail): the
    Node test files first (they are quick), then the pytest paths."""
    node = [t for t in tests if t.endswith(".js")]
    pytest = [t for t in tests if not t.endswith(".js")]
    commands = []
    if node:
        commands.append(["node", "--test", *node])
    if pytest:
        commands.append([python, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *pytest])
    began = time.monotonic()
    for command in commands:
        left = timeout - (time.monotonic() - began)
        try:
            done = subprocess.run(command, cwd=copy, env=environment(copy), capture_output=True, text=True,
                                  timeout=max(left, 1))
        except subprocess.TimeoutExpired:
            return "timeout", [], ""
        output = done.stdout + done.stderr
        tail = "\n".join(output.strip().splitlines()[-15:])
        if command[0] == "node":
            failed = re.findall(r"^not ok \d+ - (.+)$", output, re.M)
        else:
            failed = re.findall(r"^(?:FAILED|ERROR) (.+?)(?: - .*)?$", output, re.M)
        if done.returncode == 1:
            return "failed", failed, tail
        if done.returncode != 0:
            return f"error {done.returncode}", failed, tail
    return "passed", [], ""


def apply(copy: Path, mutant: Mutant) -> dict[Path, str] | str:
    """Plant the mutant; the original texts to restore, or why it cannot be planted."""
    originals: dict[Path, str] = {}
    planned: dict[Path, str] = {}
    for edit in mutant.edits:
        counts = {}
        for path in (found for name in edit.files for found in sorted(copy.glob(name))):
            if path.is_file():
                counts[path] = planned.get(path, path.read_text(encoding="utf-8")).count(edit.search)
        places = [path for path, found in counts.items() if found == 1]
        if len(places) != 1 or sum(counts.values()) != 1:
            where = "not found" if not sum(counts.values()) else f"found {sum(counts.values())} times"
            return f"not applicable (code moved): search text {where} in {' or '.join(edit.files)}"
        (path,) = places
        originals.setdefault(path, path.read_text(encoding="utf-8"))
        planned[path] = planned.get(path, originals[path]).replace(edit.search, edit.replace)
    for path, text in planned.items():
        path.write_text(text, encoding="utf-8")
    return originals


def run_mutant(copy: Path, python: str, mutant: Mutant, tests: tuple[str, ...], timeout: float) -> Outcome:
    planted = apply(copy, mutant)
    if isinstance(planted, str):
        return Outcome(mutant, planted)
    missing = [t for t in tests if not test_exists(copy, t)]
    present = tuple(t for t in tests if t not in missing)
    began = time.monotonic()
    try:
        if not present:
            return Outcome(mutant, "no tests (none of the named tests exist)")
        result, failed, tail = run_tests(copy, python, present, timeout)
    finally:
        for path, text in planted.items():
            path.write_text(text, encoding="utf-8")
    seconds = time.monotonic() - began
    verdict = {"failed": "killed", "timeout": "killed (timeout)", "passed": "survived"}.get(
        result, f"not killed: pytest {result}")
    detail = ("missing: " + ", ".join(missing)) if missing else ""
    return Outcome(mutant, verdict, seconds, tail if result.startswith("error") else detail, failed)


def table(outcomes: list[Outcome]) -> str:
    rows = [("mutant", "area", "result", "seconds", "caught by")]
    for o in outcomes:
        caught = o.failed[0] if o.killed and o.failed else ""
        rows.append((o.mutant.name, o.mutant.area, o.verdict, f"{o.seconds:.1f}" if o.seconds else "-", caught))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = [" | ".join([*(r[i].ljust(widths[i]) for i in range(4)), r[4]]).rstrip() for r in rows]
    lines.insert(1, "-+-".join("-" * w for w in widths) + "-+-" + "-" * 9)
    lines.append("")
    lines += [f"{area:<22} killed {killed} of {count} ({killed / count:.0%})" + ("" if killed >= GOAL * count else
              f"  below the goal of {GOAL:.0%}") for area, killed, count in by_area(outcomes)]
    killed = sum(o.killed for o in outcomes)
    unplanted = [o.mutant.name for o in outcomes if o.verdict.startswith("not applicable")]
    lines.append(f"Killed {killed} of {len(outcomes)} mutants.")
    if unplanted:
        lines.append(f"Not applicable (update their entries): {', '.join(unplanted)}.")
    return "\n".join(lines)


def by_area(outcomes: list[Outcome]) -> list[tuple[str, int, int]]:
    """(area, killed, planted) for each area that has mutants, in ``AREAS`` order."""
    counts = []
    for area in AREAS:
        mine = [o for o in outcomes if o.mutant.area == area]
        if mine:
            counts.append((area, sum(o.killed for o in mine), len(mine)))
    return counts


def passed(outcomes: list[Outcome]) -> bool:
    """Every mutant could be planted, and every area kills at least ``GOAL`` of its own."""
    planted = all(not o.verdict.startswith("not applicable") for o in outcomes)
    return planted and all(killed >= GOAL * count for _, killed, count in by_area(outcomes))


def check_entries(mutants: list[Mutant]) -> int:
    """Plant and remove each mutant in a scratch copy, running nothing: 1 if any no longer applies."""
    with tempfile.TemporaryDirectory(prefix="plakoto-mutants-") as scratch:
        copy = Path(scratch) / "project"
        scratch_copy(REPO, copy)
        stale = []
        for mutant in mutants:
            planted = apply(copy, mutant)
            if isinstance(planted, str):
                stale.append(f"{mutant.name}: {planted}")
                continue
            for path, text in planted.items():
                path.write_text(text, encoding="utf-8")
    print("\n".join(stale) if stale else f"All {len(mutants)} mutants apply.")
    return 1 if stale else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="run only these mutants (default: all)")
    parser.add_argument("--mutants", type=Path, default=MUTANTS, help="the list of mutants (TOML)")
    parser.add_argument("--all-tests", action="store_true", help="run the whole suite for each mutant")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per mutant (default 900)")
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip the check that the named tests pass without any mutant")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--check", action="store_true",
                        help="only plant and remove each mutant, to find entries that no longer apply")
    parser.add_argument("--python", default=sys.executable, help="the interpreter that runs pytest")
    args = parser.parse_args(argv)

    mutants = read_mutants(args.mutants)
    if args.list:
        for m in mutants:
            print(f"{m.name} ({m.area}): {m.what}\n    tests: {' '.join(m.tests)}")
        return 0
    unknown = sorted(set(args.names) - {m.name for m in mutants})
    if unknown:
        parser.error(f"no mutant named {', '.join(unknown)} in {args.mutants}")
    chosen = [m for m in mutants if not args.names or m.name in args.names]
    if args.check:
        return check_entries(chosen)

    with tempfile.TemporaryDirectory(prefix="plakoto-mutants-") as scratch:
        copy = Path(scratch) / "project"
        scratch_copy(REPO, copy)
        check_imports_from(copy, args.python)

        def tests_of(mutant: Mutant) -> tuple[str, ...]:
            return ("tests",) if args.all_tests else mutant.tests

        if not args.no_baseline:
            every = tuple(dict.fromkeys(t for m in chosen for t in tests_of(m) if test_exists(copy, t)))
            print(f"Baseline: the named tests without any mutant ({len(every)} test paths) …", flush=True)
            result, failed, tail = run_tests(copy, args.python, every, args.timeout * 2)
            if result != "passed":
                print(f"The tests do not pass without mutants ({result}):\n{tail}", file=sys.stderr)
                return 2
        outcomes = []
        for mutant in chosen:
            print(f"{mutant.name}: {mutant.what} …", end=" ", flush=True)
            outcome = run_mutant(copy, args.python, mutant, tests_of(mutant), args.timeout)
            print(outcome.verdict + (f" ({outcome.seconds:.1f} s)" if outcome.seconds else ""), flush=True)
            if outcome.detail:
                print("    " + outcome.detail.replace("\n", "\n    "))
            outcomes.append(outcome)
    print()
    print(table(outcomes))
    return 0 if passed(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
