"""The package's shape: no module imports itself back through others, and none grows past
400 lines (issue 41). Imports are read from the source with ``ast``, wherever they stand:
at the top, inside a function (a late import is still a circle, only hidden), and under
``if TYPE_CHECKING:`` (a circle the type checker needs is a circle a reader must follow)."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "plakoto_site"
MAX_LINES = 400
Graph = dict[str, set[str]]


def module_names(root: Path, package: Path) -> dict[str, Path]:
    """Each module's dotted name: ``plakoto_site/engine/__init__.py`` is ``plakoto_site.engine``."""
    names = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that ``name`` imports. ``from . import x`` and ``from .a
    import x`` import the module ``x`` when there is one, else the package or module named
    before ``import``."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            source = ".".join(part for part in (base, node.module or "") if part)
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:  # `import a.b.c` of a name in a.b
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(root: Path, package: Path) -> Graph:
    modules = module_names(root, package)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def circles(graph: Graph) -> list[list[str]]:
    """Each import circle once, as the path that closes it: ``[a, b, a]``."""
    found: list[list[str]] = []
    done: set[str] = set()

    def walk(name: str, trail: list[str]) -> None:
        if name in trail:
            circle = trail[trail.index(name):] + [name]
            if not any(set(circle) == set(known) for known in found):
                found.append(circle)
            return
        if name in done:
            return
        for target in sorted(graph[name]):
            walk(target, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        walk(name, [])
    return found


def test_no_module_imports_itself_back() -> None:
    found = circles(import_graph(REPO, PACKAGE))
    assert not found, "import circles:\n" + "\n".join(" → ".join(circle) for circle in found)


def test_the_engine_imports_nothing_of_the_site() -> None:
    graph = import_graph(REPO, PACKAGE)
    outside = {(name, target) for name, targets in graph.items() if name.startswith("plakoto_site.engine")
               for target in targets if not target.startswith("plakoto_site.engine")}
    assert not outside


def test_no_module_is_longer_than_400_lines() -> None:
    lengths = {path.relative_to(REPO).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
               for path in sorted(PACKAGE.rglob("*.py"))}
    too_long = {name: length for name, length in lengths.items() if length > MAX_LINES}
    assert not too_long, f"over {MAX_LINES} lines: {too_long}"


# -- the checks themselves, on made-up packages -------------------------------------------------


def write_package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root / "pkg"


@pytest.mark.parametrize(("files", "expected"), [
    ({"__init__.py": "", "a.py": "from . import b\n", "b.py": "from .a import x\n"}, [["pkg.a", "pkg.b", "pkg.a"]]),
    ({"__init__.py": "", "a.py": "def f():\n    from .b import y\n", "b.py": "import pkg.a\n"},
     [["pkg.a", "pkg.b", "pkg.a"]]),
    ({"__init__.py": "", "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n",
      "b.py": "from .c import C\n", "c.py": "from .a import A\n"}, [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]),
    ({"__init__.py": "from .a import A\n", "a.py": "from .sub import s\n", "sub/__init__.py": "",
      "sub/s.py": "from .. import a\n"}, [["pkg.a", "pkg.sub.s", "pkg.a"]]),
    ({"__init__.py": "from .a import A\nfrom .b import B\n", "a.py": "X = 1\n", "b.py": "from .a import X\n"}, []),
])
def test_circles_are_found_wherever_the_import_stands(tmp_path: Path, files: dict[str, str],
                                                       expected: list[list[str]]) -> None:
    package = write_package(tmp_path, files)
    assert circles(import_graph(tmp_path, package)) == expected
