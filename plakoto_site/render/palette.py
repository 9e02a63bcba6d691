"""Every colour of the site, light and dark, in one place.

Pages get them as CSS custom properties (``--board``, ``--checker-white``…): the site's
stylesheet starts with :func:`page_properties` (:func:`site_stylesheet`), and
``templates/assets/site.css`` reads them with ``var(--…)``. The boards name no colour: they
draw with classes, given their colours by :data:`BOARD_RULES` — reading the custom
properties in a page, and written out light and dark in each standalone picture's own
``<style>`` (:func:`picture_style`).
"""

from __future__ import annotations

from collections.abc import Callable

COLOURS: dict[str, tuple[str, str]] = {
    # the page
    "bg": ("#fdfaf4", "#191512"),
    "fg": ("#231d17", "#eee6da"),
    "muted": ("#5e5347", "#b7aa98"),
    "accent": ("#8a3b12", "#f0a36b"),
    "link": ("#0b5a8c", "#8cc8f0"),
    "rule": ("#e3d7c3", "#3b3129"),
    "panel": ("#f4ecdd", "#241e19"),
    "notice": ("#fff4d6", "#3a2f16"),
    "focus": ("#0072b2", "#56b4e9"),
    "solved": ("#2e7d32", "#2e7d32"),
    # the board
    "board": ("#e9dcc3", "#3a3026"),
    "frame": ("#6b4a2b", "#84603e"),
    "point-a": ("#b5653a", "#a0552e"),
    "point-b": ("#3f6f8c", "#35627d"),
    "checker-white": ("#fbf8f0", "#f3ede2"),
    "checker-white-edge": ("#4a4a4a", "#0d0b09"),
    "checker-black": ("#26221f", "#14110e"),
    "checker-black-edge": ("#000", "#d8cab4"),
    "pin": ("#d55e00", "#e05a00"),
    "pin-edge": ("#231d17", "#14110e"),
    "moved": ("#0072b2", "#56b4e9"),
}
"""Custom property name (without ``--``): (light, dark)."""

PRINT = {"bg": "#fff", "fg": "#000", "muted": "#333", "link": "#000", "panel": "#fff"}
"""On paper: black on white (a page printed in the dark scheme keeps the dark colours)."""

Rules = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]

BOARD_RULES: Rules = (
    (".plate", (("fill", "bg"),)),
    (".felt", (("fill", "board"),)),
    (".wood", (("fill", "frame"),)),
    (".pt-a", (("fill", "point-a"),)),
    (".pt-b", (("fill", "point-b"),)),
    (".pt-num,.info,.off-count", (("fill", "fg"),)),
    (".turn-text", (("fill", "fg"),)),
    (".ck-white,.off-white,.die-white", (("fill", "checker-white"), ("stroke", "checker-white-edge"))),
    (".ck-black,.off-black,.die-black", (("fill", "checker-black"), ("stroke", "checker-black-edge"))),
    (".pip-black,.on-white", (("fill", "checker-black"),)),
    (".pip-white,.on-black", (("fill", "checker-white"),)),
    (".ck-pinned", (("stroke", "pin"),)),
    (".pin-mark", (("fill", "pin"), ("stroke", "pin-edge"))),
    (".ring-moved,.from-mark,.off-moved", (("stroke", "moved"),)),
)
"""How the board's classes (:mod:`plakoto_site.render.svg`) take their colours: (selector,
((property, colour), …)), each selector within a ``.board`` (:func:`rules`), so a host
page's own ``.info`` or ``.wood`` keeps its look."""

STRIP_RULES: Rules = (
    (".sheet", (("fill", "bg"),)),
    (".caption", (("fill", "fg"),)),
)
"""The filmstrip's sheet and the captions under its boards (outside any ``.board``)."""

LIGHT, DARK = 0, 1


def declarations(scheme: int) -> str:
    """``--bg:#fdfaf4;--fg:…`` for one scheme (:data:`LIGHT` or :data:`DARK`)."""
    return "".join(f"--{name}:{colours[scheme]};" for name, colours in COLOURS.items())


def page_properties() -> str:
    """The custom properties of a page: the reader's scheme, unless the page's
    ``data-theme`` (``?theme=light|dark`` on an embed) chooses one."""
    return (
        f":root{{color-scheme:light dark;{declarations(LIGHT)}}}\n"
        f'@media (prefers-color-scheme: dark){{:root:not([data-theme="light"]){{{declarations(DARK)}}}}}\n'
        ':root[data-theme="light"]{color-scheme:light}\n'
        f':root[data-theme="dark"]{{color-scheme:dark;{declarations(DARK)}}}\n'
        "@media print{:root{" + "".join(f"--{name}:{value};" for name, value in PRINT.items()) + "}}\n"
    )


def rules(colour: Callable[[str], str], table: Rules = BOARD_RULES, scope: str = ".board ") -> str:
    """The rules of ``table``, each selector within ``scope`` and each colour written by
    ``colour(name)``."""
    return "".join(",".join(scope + part for part in selector.split(",")) + "{" +
                   ";".join(f"{prop}:{colour(name)}" for prop, name in declared) + "}"
                   for selector, declared in table)


def picture_style(*, strip: bool = False, scheme: int | None = None) -> str:
    """A standalone picture's own stylesheet: the board's rules (and the filmstrip's with
    ``strip``) in light colours, and in dark ones where the viewer is; or, with ``scheme``
    (:data:`LIGHT` or :data:`DARK`), in that scheme's colours only, whatever the viewer's
    setting (a picture in another site's ``<img>`` must match that site, not the reader's
    system). The colours are written out, not ``var(--…)``: programs that turn pictures
    into bitmaps (thumbnails, previews) often read classes but not custom properties."""
    def both(colour: Callable[[str], str]) -> str:
        return rules(colour) + (rules(colour, STRIP_RULES, scope="") if strip else "")

    if scheme is not None:
        chosen = scheme
        return both(lambda name: COLOURS[name][chosen])
    light = both(lambda name: COLOURS[name][LIGHT])
    dark = both(lambda name: COLOURS[name][DARK])
    return f"{light}@media (prefers-color-scheme: dark){{{dark}}}"


HOST_MARKERS = {
    DARK: ('[data-md-color-scheme="slate"]', '[data-bs-theme="dark"]', ".dark", '[data-theme="dark"]'),
    LIGHT: ('[data-md-color-scheme="default"]', '[data-bs-theme="light"]', ".light", '[data-theme="light"]'),
}
"""How host pages say their scheme on an element around a board: Material for MkDocs's
palette, Bootstrap's (MkDocs's own theme), a class, a ``data-theme`` (as this site does)."""


def hosted_style(scope: str) -> str:
    """The boards' colours inside someone else's page, for the elements ``scope`` selects
    (a figure, the viewer's box): custom properties of their own (``--plakoto-…``, set on
    the element, so no property of the page's is read or changed) in light colours, dark
    ones where the system is dark, then where the host page's markers say so
    (:data:`HOST_MARKERS`), then where the element itself says so: its ``data-theme``, or
    ``data-plakoto-scheme``, which ``plakoto-scheme.js`` keeps up to date (it also reads a
    ``color-scheme`` on the page's root, which no selector can)."""
    def props(scheme: int) -> str:
        return "".join(f"--plakoto-{name}:{colours[scheme]};" for name, colours in COLOURS.items())

    def under(scheme: int) -> str:
        return ",".join(f"{marker} {scope}" for marker in HOST_MARKERS[scheme])

    def own(scheme: int) -> str:
        value = "dark" if scheme == DARK else "light"
        return f'{scope}[data-theme="{value}"],{scope}[data-plakoto-scheme="{value}"]'

    board = rules(lambda name: f"var(--plakoto-{name})", scope=f"{scope} .board ")
    return (f"{scope}{{{props(LIGHT)}}}\n"
            f"@media (prefers-color-scheme: dark){{{scope}{{{props(DARK)}}}}}\n"
            f"{under(DARK)}{{{props(DARK)}}}\n{under(LIGHT)}{{{props(LIGHT)}}}\n"
            f"{own(DARK)}{{{props(DARK)}}}\n{own(LIGHT)}{{{props(LIGHT)}}}\n{board}\n")


def site_stylesheet(site_css: bytes) -> bytes:
    """The site's stylesheet as written into ``assets/``: the palette as custom properties
    and the board's rules reading them, then ``templates/assets/site.css``."""
    board = rules(lambda name: f"var(--{name})")
    return (page_properties() + board + "\n").encode() + site_css
