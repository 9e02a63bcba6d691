"""Output folders are ours alone: the guard every command runs before it writes.

A build replaces everything in its output folder, so it may only write into a folder that
is absent, empty, or carries :data:`MARKER`, the file our own build leaves there. Anything
else holds files the user made, and is refused with a message that says why and how;
``--force`` lets the user say "replace it". Some folders are refused even then, each from a
fact about it rather than from a list of names (see :func:`_never`): a file; a folder that
holds the project (the project, a folder above it, ``/``); a home folder or a top-level
folder of the file system; a folder inside the project that is not a build's own output; a
folder holding a file git tracks; a git repository.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from .files import write_files

MARKER = ".plakoto-site"
"""The file each build leaves in its output folder: "this folder is ours to replace"."""

MARKER_TEXT = (
    b"This folder was written by the plakoto_site build. The next build replaces\n"
    b"everything in it; keep nothing of your own here.\n"
)

HOME_SIGNS = (".bashrc", ".bash_profile", ".profile", ".zshrc", ".ssh", ".gnupg", ".config", ".local")
"""What a home folder holds and an output folder never does: a folder holding one is a
home (the user's own, or another's), never replaced."""

_LEGACY = ("index.html", "sitemap.xml", "assets/site.css")
"""What a site built before the marker existed always holds (see :func:`_legacy_site`)."""


class OutputError(Exception):
    """The output folder may not be written: :attr:`why` and what to do (:attr:`hint`)."""

    def __init__(self, folder: Path, why: str, hint: str) -> None:
        super().__init__(f"{folder}: {why}")
        self.folder = folder
        self.why = why
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.folder}: {self.why} — {self.hint}"


def claim_output(out: Path, project: Path, *, force: bool = False, default: Path | None = None) -> Path:
    """Check that ``out`` may be replaced by a build of ``project``; return it resolved.

    ``default`` is the project's own output folder (``_site/``), which is also accepted when
    it holds a site built before the marker existed. Raises :class:`OutputError`.
    """
    folder = out.expanduser().resolve()
    default = None if default is None else default.resolve()
    _never(folder, project.resolve(), default)
    if not folder.exists() or _ours(folder) or not any(folder.iterdir()):
        return folder
    if folder == default and _legacy_site(folder):
        return folder
    if force:
        return folder
    raise OutputError(
        folder,
        f"this folder holds files the build did not make (it has no {MARKER} file), and a "
        "build replaces everything in its output folder",
        "choose a new or empty folder, remove those files yourself, "
        "or add --force if everything in it may be deleted",
    )


GIVE_A_FOLDER = "give a folder for the output, e.g. --out _site"
GIVE_ITS_OWN = "give a folder of its own, e.g. --out _site"


def _never(folder: Path, project: Path, default: Path | None) -> None:
    """The folders no build writes into, even with ``--force``; raises :class:`OutputError`."""
    _not_a_file(folder)
    if project.is_relative_to(folder):
        raise OutputError(folder, "this folder holds the project itself (its sources and history)",
                          GIVE_ITS_OWN)
    _not_a_home(folder)
    if folder.is_relative_to(project):
        _only_a_builds_own(folder, project, default)
    if folder != default or not _ours(folder):  # the project's own _site/, as a build left it
        _nothing_tracked(folder)
    if (folder / ".git").exists():
        raise OutputError(folder, "this folder is a git repository",
                          "give a folder of its own, e.g. a new folder inside it")


def _not_a_file(folder: Path) -> None:
    if folder.exists() and not folder.is_dir():
        raise OutputError(folder, "this is a file, not a folder", GIVE_A_FOLDER)
    for parent in folder.parents:
        if parent.exists() and not parent.is_dir():
            raise OutputError(folder, f"{parent} is a file, not a folder", GIVE_A_FOLDER)


def _not_a_home(folder: Path) -> None:
    """Refuse a home folder (one holding a sign of it, or the user's own, or a folder above
    it) and a top-level folder of the file system holding anything (``/tmp``, ``/srv``)."""
    home = _home()
    if home is not None and home != Path(home.anchor) and home.is_relative_to(folder):
        raise OutputError(folder, f"this folder holds your home folder {home}", GIVE_ITS_OWN)
    if folder.parent == Path(folder.anchor) and not _empty(folder):
        raise OutputError(folder, "this is a top-level folder of the system", GIVE_ITS_OWN)
    signs = [name for name in HOME_SIGNS if (folder / name).exists()]
    if signs:
        raise OutputError(folder, f"this looks like a home folder (it holds {', '.join(signs)})",
                          GIVE_ITS_OWN)


def _home() -> Path | None:
    try:
        return Path.home().resolve()
    except (RuntimeError, KeyError):  # no $HOME, and none in the password database
        return None


def _only_a_builds_own(folder: Path, project: Path, default: Path | None) -> None:
    """Inside the project, only a build's own output: the project's ``_site/``, a folder a
    build wrote (it carries the marker), or a new or empty folder of the project's top level.
    Everything else there is the project's own: sources, tools, caches."""
    if folder == default or (folder.parent == project and (_ours(folder) or _empty(folder))):
        return
    below = folder.relative_to(project)
    raise OutputError(folder, f"this is inside the project, and {below.parts[0]}/ is not a build's output",
                      GIVE_ITS_OWN)


def _nothing_tracked(folder: Path) -> None:
    """Refuse a folder holding a file git tracks. Where git cannot tell (it is not installed),
    a folder with files inside a git work tree is refused too: they may be tracked."""
    work_tree = next((parent for parent in (folder, *folder.parents) if (parent / ".git").exists()), None)
    if work_tree is None or _empty(folder):
        return
    tracked = tracked_files(folder)
    if tracked:
        shown = ", ".join(tracked[:3]) + (f" and {len(tracked) - 3} more" if len(tracked) > 3 else "")
        raise OutputError(folder, f"git tracks files in this folder ({shown})", GIVE_ITS_OWN)
    if tracked is None and not _ours(folder):
        raise OutputError(folder, f"this folder is inside the git work tree {work_tree}, and git "
                          "is not at hand to tell whether it tracks files here", GIVE_ITS_OWN)


def tracked_files(folder: Path) -> list[str] | None:
    """The files git tracks in ``folder`` (relative to it); none outside a git work tree,
    and None when git cannot tell (not installed, or it failed)."""
    try:
        listed = subprocess.run(["git", "-C", os.fspath(folder), "ls-files", "-z", "--", "."],
                                capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    if listed.returncode != 0:
        return [] if b"not a git repository" in listed.stderr else None
    return [os.fsdecode(name) for name in listed.stdout.split(b"\0") if name]


def _empty(folder: Path) -> bool:
    return not folder.exists() or (folder.is_dir() and not any(folder.iterdir()))


def _legacy_site(folder: Path) -> bool:
    """A ``_site/`` written by a build from before the marker existed."""
    return all((folder / name).exists() for name in _LEGACY)


# -- writing: the old site or the new one, never none ------------------------------------------


def temporary_names(out: Path) -> tuple[str, str]:
    """The glob patterns of the folders a build keeps beside ``out`` while it writes."""
    return f".{out.name}.new-*", f".{out.name}.old-*"


LOCK_WAIT = 20.0
"""How long a build waits for another one writing into the same folder (seconds)."""


def lock_file(out: Path) -> Path:
    """The file beside ``out`` whose lock a build holds while it writes into ``out``."""
    return out.with_name(f".{out.name}.lock")


@contextlib.contextmanager
def writing(out: Path, wait: float | None = None) -> Iterator[None]:
    """Hold the lock beside ``out`` while a build writes into it (an advisory ``flock``,
    which the system lets go of when the process ends, killed or not). A second build into
    the same folder waits up to ``wait`` seconds (:data:`LOCK_WAIT` unless given) for the
    first to finish, then raises :class:`OutputError`: neither deletes what the other is
    writing."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(lock_file(out), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + (LOCK_WAIT if wait is None else wait)
        while not _locked(handle):
            if time.monotonic() > deadline:
                raise OutputError(out, "another build is writing into this folder",
                                  "wait for it to finish, then build again")
            time.sleep(0.05)
        yield
    finally:
        os.close(handle)  # and with it the lock


def _locked(handle: int) -> bool:
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def write_atomically(files: dict[str, bytes], out: Path) -> None:
    """Write every file into a fresh folder beside ``out``, then swap it in.

    The swap is two renames: the old folder aside, then the fresh one in its place; the old
    one is removed only once the new one stands. Between the two renames (microseconds) there
    is no output folder: a kill just then is mended by :func:`recover` at the start of the
    next build, which puts the old site back. A failure while writing (a full disk, a
    read-only folder) removes the fresh folder and raises the ``OSError``; the old site is
    untouched. All that happens under :func:`writing`'s lock.
    """
    with writing(out):
        fresh = fresh_folder(out)
        try:
            write_files(fresh, files)
            finish(fresh, out)
        except BaseException:
            remove(fresh)
            raise


def fresh_folder(out: Path) -> Path:
    """A new, empty folder beside ``out`` for a build to write into (after mending what a
    killed build left there); :func:`finish` swaps it in, :func:`remove` drops it. Only
    under :func:`writing`'s lock: another build's fresh folder would look left over."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    recover(out)
    return Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))


def finish(fresh: Path, out: Path) -> None:
    """Swap the written folder ``fresh`` in as ``out`` (see :func:`write_atomically`)."""
    fresh.chmod(0o755)
    out = out.resolve()
    if not out.exists():
        fresh.rename(out)
        return
    old = out.with_name(f".{out.name}.old-{fresh.name.rsplit('-', 1)[-1]}")
    out.rename(old)
    try:
        fresh.rename(out)
    except OSError:
        old.rename(out)  # the old site goes back where it was
        raise
    remove(old)


def recover(out: Path) -> None:
    """Mend what a killed build left beside ``out``: put the old site back if the output
    folder is missing, then remove every leftover temporary folder of ours."""
    new_pattern, old_pattern = temporary_names(out)
    olds = sorted(out.parent.glob(old_pattern), key=lambda p: p.stat().st_mtime)
    if not out.exists() and olds and _ours(olds[-1]):
        olds.pop().rename(out)
    for leftover in [*olds, *out.parent.glob(new_pattern)]:
        if leftover.is_dir() and not leftover.is_symlink() and (_ours(leftover) or not any(leftover.iterdir())):
            remove(leftover)


def _ours(folder: Path) -> bool:
    return (folder / MARKER).is_file()


def remove(folder: Path) -> None:
    """Remove a folder of ours, read-only parts included, its marker last (so a folder a
    kill left half-removed is still known as ours); what cannot go stays."""
    def writable_then_retry(function: Callable[..., object], path: str, _error: object) -> None:
        with contextlib.suppress(OSError):
            os.chmod(os.path.dirname(path), 0o755)
            os.chmod(path, 0o755)
            function(path)

    with contextlib.suppress(OSError):
        for child in folder.iterdir():
            if child.name == MARKER:
                continue
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child, onerror=writable_then_retry)
            else:
                child.unlink()
    shutil.rmtree(folder, onerror=writable_then_retry)


# -- writing in place, for ``serve``: each file replaced whole -----------------------------------


def replace_file(target: Path, data: bytes) -> None:
    """Write ``data`` beside ``target`` under a temporary name, then rename it over
    ``target`` in one step: whoever reads the file gets the old bytes or the new ones."""
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_changes(files: dict[str, bytes], out: Path, written: dict[str, bytes]) -> None:
    """For ``make serve``: rewrite only the files whose bytes changed (each replaced whole,
    :func:`replace_file`), remove the ones no longer built. ``written`` (kept in the build
    state) maps each path the last call wrote to its bytes, so an unchanged file is compared,
    not read; it is brought up to date. The first call removes every file of the folder no
    longer built (and links, which no build makes); later ones only what the last call wrote
    and this one does not."""
    out.mkdir(parents=True, exist_ok=True)
    first = not written
    root = os.fspath(out)
    targets = set()
    for name, data in sorted(files.items()):
        target = os.path.join(root, name)
        targets.add(target)
        if written.get(target) == data and os.path.isfile(target):
            continue
        path = Path(target)
        if path.is_symlink() or not (path.is_file() and path.read_bytes() == data):
            path.parent.mkdir(parents=True, exist_ok=True)
            replace_file(path, data)
        written[target] = data
    if first:
        for path in sorted(out.rglob("*"), reverse=True):
            if path.is_symlink() or (path.is_file() and os.fspath(path) not in targets):
                path.unlink()  # a link was never written by a build: it may lead anywhere
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
        return
    for gone in [target for target in written if target not in targets]:
        del written[gone]
        with contextlib.suppress(FileNotFoundError):
            os.unlink(gone)
        folder = Path(gone).parent
        while folder != out and folder.is_relative_to(out) and not any(folder.iterdir()):
            folder.rmdir()
            folder = folder.parent


def write_problem(error: OSError) -> str:
    """An error of the file system, in words: which file, what went wrong, what to do."""
    where = f"{error.filename}: " if error.filename else ""
    return (f"{where}cannot write here: {error.strerror or error} — check that the folder is "
            "writable and the disk has room, or choose another with --out")
