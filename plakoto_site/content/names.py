"""Names that go into URLs and element ids: lesson slugs, diagram and exercise ids,
heading ids. One pattern for all of them: lowercase letters and digits, words joined by
single hyphens (``pin-sequence``, ``bearing-off``)."""

from __future__ import annotations

import re

NAME = r"[a-z0-9]+(?:-[a-z0-9]+)*"
"""The pattern, to build other expressions with (``{#pin}`` after a heading)."""

SLUG = re.compile(rf"^{NAME}$")
"""A whole name: a lesson's file name, a diagram's id."""
