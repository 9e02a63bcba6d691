"""Pages through Jinja2: autoescaped, strict about undefined names, translated with gettext."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.support import NullTranslations
from jinja2 import Environment, FileSystemLoader, StrictUndefined
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
from plakoto_site.i18n.words import Words

from . import svg
from .diagrams import EmbedLinks, diagram_html
from .escaping import catalog_text
from .exercises import exercise_html


@lru_cache(maxsize=8)
def _environment(folder: Path) -> Environment:
    """One environment per template folder, kept across builds (``make serve``): Jinja
    recompiles a template only when its file changes."""
    environment = Environment(
        loader=FileSystemLoader(folder),
        autoescape=True,
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    # The shapes every board draws with, once in each page that shows boards.
    environment.globals["board_defs"] = Markup(svg.SPRITE)
    return environment


class Templates:
    """The template folder; each page is rendered with its language's translations."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()

    def render(self, name: str, translations: NullTranslations, **context: Any) -> str:
        environment = _environment(self.folder)
        environment.install_gettext_callables(  # type: ignore[attr-defined]
            lambda message: catalog_text(translations.gettext(message), message),
            lambda singular, plural, n: catalog_text(
                translations.ngettext(singular, plural, n), singular if n == 1 else plural),
            newstyle=True,
        )
        return environment.get_template(name).render(**context)



@dataclass
class Context:
    """What the render rules need, passed as markdown-it's ``env``."""

    diagrams: Mapping[str, Diagram]
    words: Words
    embed: Callable[[str], EmbedLinks | None]
    exercises: Mapping[str, Exercise]
    numbers: Iterator[int] = field(default_factory=lambda: iter(range(1, 1000)))


def _diagram_rule(self: object, tokens: list[Token], index: int, options: object, env: Context) -> str:
    placement: Placement = tokens[index].meta["placement"]
    diagram = env.diagrams[placement.diagram]
    captions = placement_captions(placement, diagram)
    return str(diagram_html(diagram, captions, env.words, env.embed(diagram.id)))


def _exercise_rule(self: object, tokens: list[Token], index: int, options: object, env: Context) -> str:
    placement: ExercisePlacement = tokens[index].meta["exercise"]
    exercise = env.exercises[placement.exercise]
    return str(exercise_html(exercise, exercise_markup(placement), env.words, next(env.numbers)))


@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    """One parser and renderer for the whole build; each page's context travels in ``env``."""
    md = make_markdown()
    md.add_render_rule(DIAGRAM_TOKEN, _diagram_rule)
    md.add_render_rule(EXERCISE_TOKEN, _exercise_rule)
    return md


def placement_captions(placement: Placement, diagram: Diagram) -> dict[int, Markup]:
    """A diagram fence's captions as HTML, by frame number (inline Markdown allowed)."""
    md = _markdown()
    return {
        frame: Markup(md.renderInline(caption.text))
        for caption in placement.captions
        if (frame := diagram.frame_of(caption.key)) is not None
    }


def exercise_markup(placement: ExercisePlacement) -> dict[str, Markup]:
    """An exercise fence's texts as HTML (inline Markdown allowed)."""
    texts, _ = exercise_texts(placement.content, 0)
    return {key: Markup(_markdown().renderInline(text)) for key, text in texts.items()}


def render_markdown(
    tokens: list[Token],
    diagrams: Mapping[str, Diagram],
    words: Words,
    embed: Callable[[str], EmbedLinks | None] = lambda _id: None,
    exercises: Mapping[str, Exercise] | None = None,
) -> Markup:
    """Lesson HTML from checked tokens; diagram fences become step-through figures,
    exercise fences exercises."""
    md = _markdown()
    context = Context(diagrams, words, embed, exercises or {})
    return Markup(md.renderer.render(tokens, md.options, context))  # type: ignore[arg-type]
