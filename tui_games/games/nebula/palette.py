"""TablePalette: the box around the Nebula table that holds every board's component classes.

The boards (the Galaxy, the Star Clusters, the reserve rows, the Values board) name their
looks in their spans (``.galaxy--legal``, ``.star-r``), and Textual finds a span's class up
the widget's ancestors, so the classes may live in one box around them all. They do:
Textual restyles a widget's component classes with it whenever it gains or loses the
focus, a pass over the whole stylesheet per class, and a key that changes the phase moves
the focus from one board to another (the Galaxy's nine classes cost as much as the Galaxy
again, 2-3 ms a key). Held here, they are styled once, and again only when the theme or the
screen's classes change. styles/nebula.tcss may override them (the light theme does).
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_games.games.nebula import clusters, galaxy, reserve, values_board
from tui_games.games.nebula.star_colours import StarPalette

BOARD_RULES: tuple[Mapping[str, str], ...] = (
    galaxy.COMPONENT_RULES, clusters.COMPONENT_RULES, reserve.COMPONENT_RULES,
    values_board.COMPONENT_RULES)


def board_css(widget: str) -> str:
    """DEFAULT_CSS rules styling the boards' component classes held by ``widget``."""
    return "\n".join(f"{widget} > .{name} {{ {rule} }}"
                     for rules in BOARD_RULES for name, rule in rules.items())


class TablePalette(StarPalette):
    """The star colours (StarPalette's) and every board's component classes."""

    COMPONENT_CLASSES = {name for rules in BOARD_RULES for name in rules}

    DEFAULT_CSS = board_css("TablePalette")
