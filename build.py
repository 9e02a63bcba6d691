#!/usr/bin/env python3
"""Build the Plakoto tutorial. Run ``python build.py --help``."""

import gc
import os
import sys
from pathlib import Path

# No cyclic garbage collection while the build's modules are imported (thousands of new
# objects, no garbage): run_once switches it on again, run every COLLECT_EVERY.
gc.disable()

if sys.argv[1:2] == ["setup"]:
    # Before anything the build needs is imported: this is what installs it.
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from plakoto_site.commands.setup import setup

    sys.exit(setup(Path(__file__).resolve().parent))

try:
    from plakoto_site.commands.cli import run_once
except ImportError as error:
    # Started by a Python without the project's packages (a fresh clone's `python`): run
    # again inside the project's environment, which `make site` creates.
    here = Path(__file__).resolve().parent
    venv = here / ".venv"
    python = next((p for p in (venv / "bin" / "python", venv / "Scripts" / "python.exe") if p.exists()), None)
    if python is not None and Path(sys.prefix).resolve() != venv.resolve():
        os.execv(python, [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])
    print(f"build.py: {error}. Run `python build.py setup` first (or `make site`): it creates .venv with "
          "everything the build needs; then `python build.py …` works from any Python.", file=sys.stderr)
    sys.exit(1)

if __name__ == "__main__":
    run_once()
