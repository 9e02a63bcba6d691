"""Lesson Markdown to HTML: markdown-it-py with render rules for diagram and exercise fences
and for caption links shown on another page."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup

from plakoto_site.content.diagrams import Diagram
from plakoto_site.content.exercises import Exercise, exercise_texts
from plakoto_site.content.markdown import (
    DIAGRAM_TOKEN,
    EXERCISE_TOKEN,
    ExercisePlacement,
    Placement,
    make_markdown,
)
from plakoto_site.content.memo import Memo, remembered
from plakoto_site.i18n.words import Words

from .diagrams import EmbedLinks, diagram_html, figure_pieces
from .exercises import exercise_html
from .later import Later
from .templates import Templates


@dataclass
class Context:
    """What the render rules need, passed as markdown-it's ``env``."""

    diagrams: Mapping[str, Diagram]
    words: Words
    embed: Callable[[str], EmbedLinks | None]
    exercises: Mapping[str, Exercise]
    templates: Templates
    memo: Memo | None = None
    later: Later | None = None
    """Where figures are left for the page to make as it is written (:mod:`.later`), if anywhere."""
    numbers: Iterator[int] = field(default_factory=lambda: iter(range(1, 1000)))


def _diagram_rule(self: object, tokens: list[Token], index: int, options: object, env: Context) -> str:
    placement: Placement = tokens[index].meta["placement"]
    diagram = env.diagrams[placement.diagram]
    links = env.embed(diagram.id)
    words = env.words
    if env.later is not None:
        captions = placement_captions(placement, diagram)
        return str(env.later.mark(lambda: figure_pieces(diagram, captions, words, env.templates, links, env.memo)))
    key = (diagram.digest, tuple((c.key, c.text) for c in placement.captions),
           words.language.code, words.fingerprint, words.markup, links,
           env.templates.version("macros/diagram.html"))
    return remembered(env.memo, "figures", key, lambda: str(
        diagram_html(diagram, placement_captions(placement, diagram), words, env.templates, links, env.memo)))


def _exercise_rule(self: object, tokens: list[Token], index: int, options: object, env: Context) -> str:
    placement: ExercisePlacement = tokens[index].meta["exercise"]
    exercise = env.exercises[placement.exercise]
    return str(exercise_html(exercise, exercise_markup(placement, env.memo), env.words, next(env.numbers), env.templates, env.memo))


def _link_rule(self: Any, tokens: list[Token], index: int, options: Any, env: Any) -> str:
    """A link in a caption shown on another page (an embed): its ``href`` made to work from
    there, and opened outside the frame."""
    rebase = env.get("rebase") if isinstance(env, dict) else None
    if rebase is not None:
        token = tokens[index]
        others = {name: value for name, value in token.attrs.items() if name != "href"}
        token.attrs = {"target": "_blank", "rel": "noopener", "href": rebase(str(token.attrGet("href") or "")),
                       **others}
    return str(self.renderToken(tokens, index, options, env))


@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    """One parser and renderer for the whole build; each page's context travels in ``env``."""
    md = make_markdown()
    md.add_render_rule(DIAGRAM_TOKEN, _diagram_rule)
    md.add_render_rule(EXERCISE_TOKEN, _exercise_rule)
    md.add_render_rule("link_open", _link_rule)
    return md


def placement_captions(
    placement: Placement, diagram: Diagram, rebase: Callable[[str], str] | None = None
) -> dict[int, Markup]:
    """A diagram fence's captions as HTML, by frame number (inline Markdown allowed).
    ``rebase`` rewrites each link's ``href`` for a caption shown on another page (links
    then open outside the frame)."""
    md = _markdown()
    env = {"rebase": rebase} if rebase else {}
    return {
        frame: Markup(md.renderInline(caption.text, env))
        for caption in placement.captions
        if (frame := diagram.frame_of(caption.key)) is not None
    }


def exercise_markup(placement: ExercisePlacement, memo: Memo | None = None) -> dict[str, Markup]:
    """An exercise fence's texts as HTML (inline Markdown allowed), kept in the build state
    ``memo`` by the fence's text: the Practice page shows them again."""
    return remembered(memo, "exercise texts", placement.content, lambda: _exercise_markup(placement))


def _exercise_markup(placement: ExercisePlacement) -> dict[str, Markup]:
    texts, _ = exercise_texts(placement.content, 0)
    return {key: Markup(_markdown().renderInline(text)) for key, text in texts.items()}


def render_markdown(
    tokens: list[Token],
    diagrams: Mapping[str, Diagram],
    words: Words,
    templates: Templates,
    embed: Callable[[str], EmbedLinks | None] = lambda _id: None,
    exercises: Mapping[str, Exercise] | None = None,
    memo: Memo | None = None,
    later: Later | None = None,
) -> Markup:
    """Lesson HTML from checked tokens; diagram fences become step-through figures,
    exercise fences exercises (frames and boards kept in the build state ``memo``). With
    ``later``, each figure is a marker in the HTML, made as the page is written."""
    md = _markdown()
    context = Context(diagrams, words, embed, exercises or {}, templates, memo, later=later)
    return Markup(md.renderer.render(tokens, md.options, context))  # type: ignore[arg-type]
