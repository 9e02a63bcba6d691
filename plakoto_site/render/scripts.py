"""Scripts as the site serves them: the source's comments stay in the repository.

The page scripts are documented at length (JSDoc types checked by ``tsc``); a reader's
browser needs none of it. rjsmin (a maintained minifier in the line of ``jsmin``) drops
comments and needless whitespace only: no name is renamed and no code is rewritten, so a
script runs exactly as written (a test runs the served rules against the source's).
"""

from __future__ import annotations

import rjsmin


def served(source: str) -> str:
    """``source`` without its comments and needless whitespace (``// @ts-check`` goes too)."""
    return str(rjsmin.jsmin(source)) + "\n"
