"""An oEmbed endpoint over a built site: ``/oembed?url=…&maxwidth=…&maxheight=…``.

The site itself is static, so it writes one answer per width (``oembed-<width>.json``) and,
per language, a document listing them with their heights (:mod:`plakoto_site.site.embeds`).
A program that runs beside the files can answer the oEmbed request itself, as the spec
asks: it finds the pasted address in its language's document, takes the widest answer that
fits ``maxwidth`` and ``maxheight`` (the narrowest when none does), and carries a ``?step=``
of the pasted address into the frame's address. ``serve`` answers it; :func:`endpoint`
makes the same a WSGI application, for a host that runs Python.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from plakoto_site.render.embed import WIDTH

PATH = "/oembed"
"""Where the endpoint answers, below the site's root."""

_STEP = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_EMBED = re.compile(r"^(?P<lang>[a-z]{2,3}(?:-[A-Za-z]+)?)/embed/(?P<id>[a-z0-9][a-z0-9-]*)/(?:index\.html)?$")


class Refused(Exception):
    """A request the endpoint cannot answer: ``status`` and why, for the consumer."""

    def __init__(self, status: HTTPStatus, why: str) -> None:
        super().__init__(why)
        self.status = status


def widest_fitting(answers: Iterable[Mapping[str, Any]], maxwidth: int | None, maxheight: int | None) -> Mapping[str, Any]:
    """The widest answer whose width and height fit, else the narrowest (as
    :func:`~plakoto_site.render.embed.best_width` and the WordPress plugin pick)."""
    listed = sorted(answers, key=lambda a: int(a["width"]))
    fitting = [a for a in listed if (maxwidth is None or a["width"] <= maxwidth)
               and (maxheight is None or a["height"] <= maxheight)]
    return fitting[-1] if fitting else listed[0]


def _number(query: Mapping[str, list[str]], name: str) -> int | None:
    text = (query.get(name) or [""])[0]
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 6 and int(text) > 0):
        raise Refused(HTTPStatus.BAD_REQUEST, f"{name}= must be a whole number of pixels, e.g. {name}=400")
    return int(text)


def _step(query: str) -> str | None:
    steps = parse_qs(query).get("step")
    if not steps:
        return None
    if not _STEP.match(steps[0]):
        raise Refused(HTTPStatus.BAD_REQUEST, "step= in the address must be a step's number or name, e.g. ?step=2")
    return steps[0]


def answer(folder: Path, query: Mapping[str, list[str]], host: str = "") -> dict[str, Any]:
    """The oEmbed answer for a request's ``query`` (parsed), read from the built site in
    ``folder``. ``host`` is the request's own ``Host``: an address on that host is looked up
    by its path too (``serve`` builds for the address in content/site.toml). Raises
    :class:`Refused` (404 for an address that is no embed page, 400 for a bad parameter, 501
    for a format other than JSON)."""
    if (query.get("format") or ["json"])[0] != "json":
        raise Refused(HTTPStatus.NOT_IMPLEMENTED, "only format=json is answered")
    url = (query.get("url") or [""])[0]
    if not url:
        raise Refused(HTTPStatus.BAD_REQUEST, "url= is missing: the address of an embed page, e.g. url=SITE/en/embed/pin-sequence/")
    maxwidth, maxheight = _number(query, "maxwidth"), _number(query, "maxheight")
    try:
        root = json.loads((folder / "oembed.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise Refused(HTTPStatus.NOT_FOUND, "the site has no oEmbed document (oembed.json)") from error
    base: str = root["provider_url"]
    pasted = urlsplit(url)
    if url.startswith(base):
        rest = pasted.path[len(urlsplit(base).path):]
    elif host and pasted.netloc == host and pasted.path.startswith(urlsplit(base).path):
        rest = pasted.path[len(urlsplit(base).path):]
    else:
        raise Refused(HTTPStatus.NOT_FOUND, f"{url!r} is not an address of this site ({base})")
    found = _EMBED.match(rest)
    if not found:
        raise Refused(HTTPStatus.NOT_FOUND, f"{url!r} is not a diagram's embed page (SITE/<lang>/embed/<diagram>/)")
    key = f"{base}{found['lang']}/embed/{found['id']}/"
    try:
        document = json.loads((folder / found["lang"] / "embed" / "oembed.json").read_text(encoding="utf-8"))
        listed = document["embeds"][key]["answers"]
    except (OSError, ValueError, KeyError) as error:
        raise Refused(HTTPStatus.NOT_FOUND, f"there is no diagram {found['id']!r} in {found['lang']!r}") from error
    chosen = widest_fitting(listed, maxwidth or WIDTH, maxheight)  # no maxwidth: the discovery link's width
    data: dict[str, Any] = json.loads((folder / chosen["url"][len(base):]).read_text(encoding="utf-8"))
    step = _step(pasted.query)
    if step is not None:
        page = f"{key}index.html"
        data["html"] = data["html"].replace(f'"{page}"', f'"{page}?step={quote(step)}"')
    return data


def endpoint(folder: Path) -> Callable[..., Iterable[bytes]]:
    """A WSGI application answering oEmbed requests (mount it at :data:`PATH`) from the
    built site in ``folder``, e.g. ``application = endpoint(Path("/srv/plakoto"))``."""
    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        status, body = respond(folder, environ.get("QUERY_STRING", ""), environ.get("HTTP_HOST", ""))
        start_response(f"{status.value} {status.phrase}", [
            ("Content-Type", "application/json; charset=utf-8" if status is HTTPStatus.OK else "text/plain; charset=utf-8"),
            ("Content-Length", str(len(body))), ("Access-Control-Allow-Origin", "*")])
        return [body]
    return app


def respond(folder: Path, query: str, host: str = "") -> tuple[HTTPStatus, bytes]:
    """The status and body for a request's raw query string: the answer as JSON, or why not."""
    try:
        data = answer(folder, parse_qs(query), host)
    except Refused as refused:
        return refused.status, (str(refused) + "\n").encode()
    return HTTPStatus.OK, (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode()
