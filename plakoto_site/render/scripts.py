"""Scripts as the site serves them: the source's comments stay in the repository.

The page scripts are documented at length (JSDoc types checked by ``tsc``); a reader's
browser needs none of it. Serving drops whole-line comments and indentation only: no
line is joined to another and no code is rewritten, so a script runs exactly as written.
"""

from __future__ import annotations


def served(source: str) -> str:
    """``source`` without comment-only lines (``// …``, and ``/* … */`` blocks that start a
    line) and without leading indentation. ``// @ts-check`` goes too."""
    kept: list[str] = []
    in_block = False
    for line in source.splitlines():
        text = line.strip()
        if in_block:
            in_block = "*/" not in text
            continue
        if text.startswith("/*"):
            in_block = "*/" not in text
            if in_block or text.endswith("*/"):
                continue
        if text.startswith("//") or not text:
            continue
        kept.append(text)
    return "\n".join(kept) + "\n"
