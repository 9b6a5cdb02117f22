"""The colours of Nebula's stars, shared by every widget that draws a star.

Each star is drawn as its letter (R P Y W B O, K for black) in a component class named
after it, so the letter carries the meaning and the colour only helps (NO_COLOR reads).
A widget lists ``STAR_COMPONENTS`` in its COMPONENT_CLASSES and ``star_css(name)`` in its
DEFAULT_CSS; styles/nebula.tcss may override them (the light theme does).
"""

from __future__ import annotations

from tui_games.games.nebula.state import STAR_LETTERS

_COLOURS = {
    "r": "color: #ff6b6b; text-style: bold;",
    "p": "color: #d787ff; text-style: bold;",
    "y": "color: #ffd75f; text-style: bold;",
    "w": "color: #ffffff; text-style: bold;",
    "b": "color: #5fafff; text-style: bold;",
    "o": "color: #ff9f40; text-style: bold;",
    "k": "color: #a8a8a8; text-style: bold underline;",
}


def star_class(star: int) -> str:
    """The component class of a star colour index (0..5 colours, 6 black)."""
    return f"star-{STAR_LETTERS[star].lower()}"


def star_style(star: int) -> str:
    """The Content style naming ``star``'s component class (``.star-r``)."""
    return f".{star_class(star)}"


STAR_COMPONENTS: set[str] = {star_class(i) for i in range(len(STAR_LETTERS))}


def star_css(widget: str) -> str:
    """DEFAULT_CSS rules colouring the star component classes of ``widget``."""
    return "\n".join(f"{widget} > .star-{key} {{ {rule} }}" for key, rule in _COLOURS.items())
