"""Output folders are ours alone: no command deletes or overwrites what the user made."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import REPO, MiniProject

MARKER = ".plakoto-site"


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every file and folder below ``folder`` with its bytes (None for a folder)."""
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


def test_a_build_leaves_its_marker_and_may_rebuild_its_own_folder(project: MiniProject) -> None:
    first = project.run("build")
    assert first.returncode == 0, first.stderr
    assert (project.root / "_site" / MARKER).is_file()
    (project.root / "_site" / "stale.html").write_text("from an older build")
    (project.root / "_site" / MARKER).touch()
    again = project.run("build")
    assert again.returncode == 0, again.stderr
    assert not (project.root / "_site" / "stale.html").exists()


def test_new_and_empty_folders_are_accepted(project: MiniProject, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    assert project.run("build", "--out", str(empty)).returncode == 0
    assert (empty / "en" / "index.html").is_file()
    fresh = tmp_path / "a" / "b" / "new"
    assert project.run("build", "--out", str(fresh)).returncode == 0
    assert (fresh / MARKER).is_file()


def test_a_folder_with_the_users_files_is_refused_and_kept(project: MiniProject, tmp_path: Path) -> None:
    theirs = tmp_path / "my-blog"
    theirs.mkdir()
    (theirs / "post.md").write_text("my words")
    (theirs / "images").mkdir()
    (theirs / "images" / "cat.svg").write_text("<svg/>")
    before = tree(theirs)
    result = project.run("build", "--out", str(theirs))
    assert result.returncode == 1
    assert f"{theirs}: this folder holds files the build did not make" in result.stderr
    assert "--force" in result.stderr
    assert "Traceback" not in result.stderr
    assert tree(theirs) == before


def test_force_replaces_a_plain_folder_only_when_asked(project: MiniProject, tmp_path: Path) -> None:
    theirs = tmp_path / "old-output"
    theirs.mkdir()
    (theirs / "leftover.txt").write_text("x")
    result = project.run("build", "--out", str(theirs), "--force")
    assert result.returncode == 0, result.stderr
    assert not (theirs / "leftover.txt").exists()
    assert (theirs / MARKER).is_file()


@pytest.mark.parametrize(
    ("out", "why"),
    [
        (".", "this folder holds the project itself"),
        ("..", "this folder holds the project itself"),
        ("content", "this is inside the project, and content/ is not a build's output"),
        ("content/en", "this is inside the project, and content/ is not a build's output"),
        ("templates", "this is inside the project, and templates/ is not a build's output"),
        ("locales", "this is inside the project, and locales/ is not a build's output"),
        ("content/new", "this is inside the project, and content/ is not a build's output"),
        ("_site/en", "this is inside the project, and _site/ is not a build's output"),
        ("content/site.toml", "this is a file, not a folder"),
        ("content/site.toml/inside", "is a file, not a folder"),
    ],
)
@pytest.mark.parametrize("force", [False, True])
def test_the_project_and_its_sources_are_never_an_output(project: MiniProject, out: str, why: str, force: bool) -> None:
    before = tree(project.root.parent)
    target = (project.root / out).resolve() if out != "content/site.toml/inside" else project.root / out
    args = ["build", "--out", str(project.root / out)] + (["--force"] if force else [])
    result = project.run(*args)
    assert result.returncode == 1
    assert why in result.stderr
    assert str(target) in result.stderr
    assert "Traceback" not in result.stderr
    assert tree(project.root.parent) == before


@pytest.mark.parametrize("force", [False, True])
def test_a_git_repository_is_never_an_output(project: MiniProject, tmp_path: Path, force: bool) -> None:
    repo = tmp_path / "someone-elses-repo"
    (repo / ".git").mkdir(parents=True)
    (repo / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    before = tree(repo)
    result = project.run("build", "--out", str(repo), *(["--force"] if force else []))
    assert result.returncode == 1
    assert "this folder is a git repository" in result.stderr
    assert tree(repo) == before
    inside = repo / "site"
    assert project.run("build", "--out", str(inside)).returncode == 0
    assert (inside / MARKER).is_file()


def test_a_default_site_from_before_the_marker_is_still_ours(project: MiniProject) -> None:
    assert project.run("build").returncode == 0
    (project.root / "_site" / MARKER).unlink()
    result = project.run("build")
    assert result.returncode == 0, result.stderr
    assert (project.root / "_site" / MARKER).is_file()


def test_a_default_site_holding_other_files_is_refused(project: MiniProject) -> None:
    site = project.root / "_site"
    site.mkdir()
    (site / "notes.txt").write_text("mine")
    result = project.run("build")
    assert result.returncode == 1
    assert "this folder holds files the build did not make" in result.stderr
    assert (site / "notes.txt").read_text() == "mine"


def test_author_diagram_output_is_guarded(project: MiniProject, tmp_path: Path) -> None:
    source = project.write("my-diagram.toml", (REPO / "examples" / "my-diagram.toml").read_text())
    theirs = tmp_path / "uploads"
    theirs.mkdir()
    (theirs / "photo.txt").write_text("keep me")
    result = project.run("diagram", str(source), "--out", str(theirs))
    assert result.returncode == 1
    assert "Diagram not written" in result.stderr
    assert "this folder holds files the build did not make" in result.stderr
    assert (theirs / "photo.txt").read_text() == "keep me"
    refused = project.run("diagram", str(source), "--out", str(project.root), "--force")
    assert refused.returncode == 1
    assert "this folder holds the project itself" in refused.stderr
    made = tmp_path / "made"
    mine = ("--base-url", "https://blog.example/d/")
    assert project.run("diagram", str(source), "--out", str(made), *mine).returncode == 0
    assert (made / MARKER).is_file()
    assert project.run("diagram", str(source), "--out", str(made), *mine).returncode == 0


def test_serve_refuses_before_it_builds(project: MiniProject, tmp_path: Path) -> None:
    theirs = tmp_path / "docs"
    theirs.mkdir()
    (theirs / "index.html").write_text("my page")
    result = project.run("serve", "--out", str(theirs), "--port", "0")
    assert result.returncode == 1
    assert "Not serving" in result.stderr
    assert "this folder holds files the build did not make" in result.stderr
    assert (theirs / "index.html").read_text() == "my page"


def test_a_users_index_html_in_site_is_not_taken_for_an_old_build(project: MiniProject) -> None:
    site = project.root / "_site"
    site.mkdir()
    (site / "index.html").write_text("my own page")
    result = project.run("build")
    assert result.returncode == 1
    assert "this folder holds files the build did not make" in result.stderr
    assert tree(site) == {"index.html": b"my own page"}


def test_a_top_level_folder_the_build_wrote_may_be_built_again(project: MiniProject) -> None:
    out = project.root / "preview"
    assert project.run("build", "--out", str(out)).returncode == 0
    again = project.run("build", "--out", str(out))
    assert again.returncode == 0, again.stderr
    assert (out / MARKER).is_file()


# -- a git checkout: whatever git tracks is never an output -------------------------------------


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clone of this very project, as a user has it."""
    root = tmp_path_factory.mktemp("clone") / "plakoto"
    git("clone", "-q", str(REPO), str(root), cwd=REPO)
    return root


def run_in(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(REPO / "build.py"), "--root", str(root), *args],
                          capture_output=True, text=True, timeout=120)


TRACKED_FOLDERS = [".ci", "benchmarks", "content", "docs", "examples", "integrations", "locales",
                   "plakoto_site", "scripts", "templates", "tests", "types"]
"""This project's top-level folders, by hand (docs/ and types/ were once left off a list)."""


@pytest.mark.parametrize("folder", TRACKED_FOLDERS)
def test_every_tracked_folder_is_refused_even_with_force(clone: Path, folder: str) -> None:
    before = git("status", "--porcelain", cwd=clone)
    for command in (["build"], ["diagram", str(clone / "examples" / "my-diagram.toml")]):
        result = run_in(clone, *command, "--out", str(clone / folder), "--force")
        assert result.returncode == 1, result.stdout
        assert f"{clone / folder}: " in result.stderr
        assert "Traceback" not in result.stderr
    assert git("status", "--porcelain", cwd=clone) == before == ""


def test_the_hand_list_is_every_tracked_top_level_folder(clone: Path) -> None:
    assert sorted(git("ls-tree", "-d", "--name-only", "HEAD", cwd=clone).split()) == TRACKED_FOLDERS


@pytest.mark.parametrize("out", ["docs/new", "types/new", "docs/new/deeper"])
@pytest.mark.parametrize("command", ["build", "diagram"])
def test_a_new_folder_inside_a_tracked_one_is_refused(clone: Path, out: str, command: str) -> None:
    args = ["build"] if command == "build" else ["diagram", str(clone / "examples" / "my-diagram.toml")]
    result = run_in(clone, *args, "--out", str(clone / out))
    assert result.returncode == 1
    assert "this is inside the project, and " in result.stderr
    assert not (clone / out).exists()
    assert git("status", "--porcelain", cwd=clone) == ""


@pytest.mark.parametrize("out", [".", "..", "/"])
def test_the_clone_and_the_folders_above_it_are_refused_even_with_force(clone: Path, out: str) -> None:
    result = run_in(clone, "build", "--out", str(clone / out) if out != "/" else "/", "--force")
    assert result.returncode == 1
    assert "this folder holds the project itself" in result.stderr
    assert git("status", "--porcelain", cwd=clone) == ""


def test_a_tracked_folder_of_another_repository_is_refused_even_with_force(project: MiniProject,
                                                                           tmp_path: Path) -> None:
    other = tmp_path / "other"
    (other / "site").mkdir(parents=True)
    (other / "site" / "page.html").write_text("tracked")
    (other / "site" / MARKER).write_text("a marker does not make tracked files ours")
    git("init", "-q", cwd=other)
    git("add", "site/page.html", cwd=other)
    result = project.run("build", "--out", str(other / "site"), "--force")
    assert result.returncode == 1
    assert "git tracks files in this folder (page.html)" in result.stderr
    assert (other / "site" / "page.html").read_text() == "tracked"


def test_without_git_a_folder_with_files_in_a_work_tree_is_refused(project: MiniProject, tmp_path: Path) -> None:
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    (other / "site").mkdir()
    (other / "site" / "page.html").write_text("maybe tracked")
    no_git = tmp_path / "bin"
    no_git.mkdir()
    env = {**os.environ, "PATH": str(no_git)}
    result = project.run("build", "--out", str(other / "site"), "--force", env=env)
    assert result.returncode == 1
    assert "git is not at hand to tell whether it tracks files here" in result.stderr
    assert (other / "site" / "page.html").read_text() == "maybe tracked"
    fresh = project.run("build", "--out", str(other / "new"), env=env)
    assert fresh.returncode == 0, fresh.stderr


def test_a_git_checkout_builds_into_site_and_a_fresh_folder(project: MiniProject, tmp_path: Path) -> None:
    git("init", "-q", cwd=project.root)
    (project.root / ".gitignore").write_text("_site/\n")
    git("add", ".", cwd=project.root)
    first = project.run("build")
    assert first.returncode == 0, first.stderr
    again = project.run("build")
    assert again.returncode == 0, again.stderr
    fresh = tmp_path / "fresh"
    assert project.run("build", "--out", str(fresh)).returncode == 0
    assert (fresh / "en" / "index.html").is_file()
    refused = project.run("build", "--out", str(project.root / "content"), "--force")
    assert "this is inside the project, and content/ is not a build's output" in refused.stderr


# -- homes -------------------------------------------------------------------------------------


def fake_home(folder: Path) -> Path:
    (folder / ".ssh").mkdir(parents=True)
    (folder / ".ssh" / "id_rsa").write_text("secret")
    (folder / ".bashrc").write_text("alias ll='ls -l'")
    (folder / "Documents").mkdir()
    (folder / "Documents" / "letter.txt").write_text("dear")
    return folder


@pytest.mark.parametrize("spelled", ["path", "tilde"])
def test_the_home_folder_is_refused_even_with_force(project: MiniProject, tmp_path: Path, spelled: str) -> None:
    home = fake_home(tmp_path / "home" / "me")
    before = tree(home)
    env = {**os.environ, "HOME": str(home)}
    out = str(home) if spelled == "path" else "~"
    result = project.run("build", "--out", out, "--force", env=env)
    assert result.returncode == 1
    assert f"{home}: " in result.stderr
    assert tree(home) == before
    above = project.run("build", "--out", str(home.parent), "--force", env=env)
    assert above.returncode == 1
    assert f"this folder holds your home folder {home}" in above.stderr
    assert tree(home) == before


def test_a_home_like_folder_is_refused_even_with_force(project: MiniProject, tmp_path: Path) -> None:
    theirs = fake_home(tmp_path / "someone")
    before = tree(theirs)
    result = project.run("build", "--out", str(theirs), "--force")
    assert result.returncode == 1
    assert "this looks like a home folder (it holds .bashrc, .ssh)" in result.stderr
    assert tree(theirs) == before
    link = tmp_path / "link-to-home"
    link.symlink_to(theirs)
    through_link = project.run("build", "--out", str(link), "--force")
    assert through_link.returncode == 1
    assert tree(theirs) == before


@pytest.mark.parametrize("out", ["/usr", "/etc", "/var"])
def test_a_top_level_folder_of_the_system_is_refused_even_with_force(project: MiniProject, out: str) -> None:
    result = project.run("build", "--out", out, "--force")
    assert result.returncode == 1
    assert f"{out}: this is a top-level folder of the system" in result.stderr
