"""``python build.py setup``: the project's own Python environment, ``.venv``, with only
what building the site needs (no test tools), made by any Python 3.11 or later with no
``make`` and no shell. Imports nothing outside the standard library: it runs before the
build's packages are there."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

NEEDS = "jinja2, babel, markdown-it-py, watchfiles, rjsmin and resvg-py"


def venv_python(root: Path) -> Path:
    """The environment's Python: ``.venv/bin/python``, or ``.venv\\Scripts\\python.exe`` on Windows."""
    folder = root / ".venv"
    return next((p for p in (folder / "bin" / "python", folder / "Scripts" / "python.exe") if p.exists()),
                folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python"))


def setup(root: Path) -> int:
    """Create ``.venv`` if needed and install the project into it, without its test extras."""
    if sys.version_info < (3, 11):  # noqa: UP036 - setup may be started by an older Python than the site needs
        print(f"setup: this is Python {sys.version.split()[0]}; the site needs Python 3.11 or later — "
              "install a newer Python (python.org) and run this again with it", file=sys.stderr)
        return 1
    python = venv_python(root)
    if not python.exists():
        print("Creating .venv, the project's own Python environment …")
        try:
            venv.EnvBuilder(with_pip=True).create(root / ".venv")
        except (OSError, subprocess.CalledProcessError) as error:
            print(f"setup: could not create .venv: {error} — on Debian or Ubuntu, install python3-venv "
                  "first (sudo apt install python3-venv), then run this again", file=sys.stderr)
            return 1
        python = venv_python(root)
    print(f"Installing what the build needs ({NEEDS}; no test tools) …")
    done = subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e",
                           str(root)], check=False)
    if done.returncode != 0:
        print("setup: pip could not install the packages above — check the internet connection and run "
              "python build.py setup again", file=sys.stderr)
        return 1
    print("Ready. Build the site:   python build.py build   (then open _site/index.html)\n"
          "or preview it as you edit:   python build.py serve")
    return 0
