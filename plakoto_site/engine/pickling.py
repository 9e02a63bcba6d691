"""Pickling the engine's values quickly.

A cold build's forked copy sends the drills it made to the build pickled: their
exercises and play trees hold some 3,000 positions, plays, tries and refusals. A frozen
dataclass with slots pickles through the ``__getstate__`` and ``__setstate__`` that
:mod:`dataclasses` gives it, which look the class's fields up again for every value, and
so take most of the time of sending the drills; :func:`quick_pickle` looks them up once.
"""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter
from typing import TypeVar

Value = TypeVar("Value", bound=type)


def quick_pickle(cls: Value) -> Value:
    """Pickle the frozen dataclass with slots ``cls`` as the tuple of its fields' values
    (every field, those left out of equality too). Put it above ``@dataclass``."""
    names = tuple(field.name for field in fields(cls))
    values = attrgetter(*names)
    single = len(names) == 1
    assign = object.__setattr__  # the frozen class's own refuses

    def __getstate__(self: object) -> tuple[object, ...]:  # noqa: N807 - pickle's name
        state = values(self)
        return (state,) if single else state

    def __setstate__(self: object, state: tuple[object, ...]) -> None:  # noqa: N807 - pickle's name
        for name, value in zip(names, state, strict=True):
            assign(self, name, value)

    cls.__getstate__ = __getstate__  # type: ignore[assignment]
    cls.__setstate__ = __setstate__  # type: ignore[attr-defined]
    return cls
