"""Output folders are ours alone: no command deletes or overwrites what the user made."""

from __future__ import annotations

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
        ("content", "this is inside the project's source folder content/"),
        ("content/en", "this is inside the project's source folder content/"),
        ("templates", "this is inside the project's source folder templates/"),
        ("locales", "this is inside the project's source folder locales/"),
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
    assert project.run("diagram", str(source), "--out", str(made)).returncode == 0
    assert (made / MARKER).is_file()
    assert project.run("diagram", str(source), "--out", str(made)).returncode == 0


def test_serve_refuses_before_it_builds(project: MiniProject, tmp_path: Path) -> None:
    theirs = tmp_path / "docs"
    theirs.mkdir()
    (theirs / "index.html").write_text("my page")
    result = project.run("serve", "--out", str(theirs), "--port", "0")
    assert result.returncode == 1
    assert "Not serving" in result.stderr
    assert "this folder holds files the build did not make" in result.stderr
    assert (theirs / "index.html").read_text() == "my page"
