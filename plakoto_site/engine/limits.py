"""How large any input to the engine may be: each limit is checked before the input is
read any further, in time linear in its length, and the browser rules
(``templates/assets/plakoto-rules.js``, ``LIMITS``) hold the same figures.

A request needs a few hundred bytes, three levels of nesting and two-digit numbers; the
limits leave room for a person's spaces and leading zeros, never for a slow answer.

>>> MAX_LINE, MAX_DEPTH, MAX_DIGITS, MAX_TEXT, MAX_NUMBER_DIGITS
(100000, 100, 20, 1000, 3)
"""

from __future__ import annotations

MAX_LINE = 100_000
"""The longest request line the command line reads, in bytes (its newline not counted)."""
MAX_DEPTH = 100
"""The deepest nesting of arrays and objects a request line may hold (a request needs three)."""
MAX_DIGITS = 20
"""The most digits of a JSON number in a request (a roll, a count or a point needs two)."""
MAX_TEXT = 1000
"""The longest position code or written play, in characters (a play needs some twenty)."""
MAX_NUMBER_DIGITS = 3
"""The most digits of a point, a count or a repeat written in a position code or a play:
two, and room for a leading zero; longer is not read as a number at all."""
