"""The colours of Nebula's stars, shared by every widget that draws a star.

Each star is drawn as its letter (R P Y W B O, K for black) in a component class named
after it, so the letter carries the meaning and the colour only helps (NO_COLOR reads).
The classes belong to ``StarPalette``, the box around the table: a widget inside it names
them in its spans (``star_style``) and Textual finds them up the widget's ancestors.
styles/nebula.tcss may override them (the light theme does).

One palette rather than the classes on every board: Textual restyles a widget's
component classes whenever it gains or loses focus, a pass over the whole stylesheet per
class, and a key that changes the phase moves the focus between two boards (issue 17).
"""

from __future__ import annotations

from tui_games.games.nebula.state import STAR_LETTERS
from tui_games.tui.widgets.boxes import Column

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


class StarPalette(Column):
    """A column whose component classes colour the stars of every widget inside it."""

    COMPONENT_CLASSES = STAR_COMPONENTS

    DEFAULT_CSS = star_css("StarPalette")
