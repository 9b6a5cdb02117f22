"""StarClusters: the Star Cluster board - three rings of stars with their Time markers,
the boosted star, the Black Star indicator track and the bag.

Each cluster is a ring of 8 star spaces drawn clockwise round a 3x3 square, starting at
the top left; the Time marker sits in the middle as an arrow pointing at the star it
faces, and that star is framed ``[Y]``. Where a marker started this turn (its moon) the
star is framed ``(Y)``.

Investing Time is played here one step at a time: ↑↓ choose a marker (its ring), ←→ ask
to step it counterclockwise / clockwise (``StepWanted``). The widget knows no rules: the
screen plays the step (or takes one back) in the game and shows the result with
``show_board``: the markers where they began the turn, the steps taken so far (``plan``)
and the points, so the counter shows the movement points left and the line below
previews the stars that would be taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding
from textual.content import Content, Span
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive

from tui_games.engine.text import fit
from tui_games.games.nebula.board import (
    CLUSTER_COUNT,
    CLUSTER_NAMES,
    CLUSTER_SIZE,
    INDICATOR_BOOST_SPACES,
    INDICATOR_LAST,
    TIME_POINTS,
)
from tui_games.games.nebula.star_colours import star_style
from tui_games.games.nebula.state import EMPTY, STAR_LETTERS
from tui_games.games.nebula.table_model import INDICATOR_KEY, INDICATOR_LABEL, boosted_line
from tui_games.tui.widgets.line_widget import LineWidget

Plan = tuple[int, ...]
# Where ring position i sits in the 3x3 square (row, column): clockwise from the top left.
RING_CELLS: tuple[tuple[int, int], ...] = (
    (0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0))
# The marker in the middle points at the position it faces.
ARROWS = "↖↑↗→↘↓↙←"
CLOCKWISE, COUNTERCLOCKWISE = "↻", "↺"
POINT, SPENT = "●", "○"


def indicator_track(at: int) -> str:
    """`●●●◆○○◇○○◇○○◇○○□`: spaces 1..15, reached ones filled; the boost spaces are
    diamonds and the last space a square."""
    out = []
    for space in range(1, INDICATOR_LAST + 1):
        reached = space <= at
        if space == INDICATOR_LAST:
            out.append("■" if reached else "□")
        elif space in INDICATOR_BOOST_SPACES:
            out.append("◆" if reached else "◇")
        else:
            out.append("●" if reached else "○")
    return "".join(out)


COMPONENT_RULES = {
    "clusters--title": "color: $text-muted;",
    "clusters--marker": "text-style: bold; color: $text;",
    "clusters--moon": "color: $text-muted;",
    "clusters--empty": "color: $text-muted;",
    "clusters--arrow": "color: $text-accent; text-style: bold;",
    "clusters--points": "color: $text-warning; text-style: bold;",
    "clusters--label": "color: $text-muted;",
}
"""The component classes its spans name, and their rules: held by the table's
palette (palette.py), not by the StarClusters, so that a focus move restyles the board
alone and not each of its classes as well (issue 17)."""


class StarClusters(LineWidget, can_focus=True):
    """The three clusters with Time markers; plans a Time investment from the keyboard."""

    MERGE_LOOKS = True  # fewer bytes per key (issue 17)

    ALLOW_SELECT: ClassVar[bool] = False  # a board drawing, not text to copy

    DEFAULT_CSS = """
    StarClusters { width: auto; height: auto; }
    """

    BINDINGS = [
        Binding("left,h", "step(-1)", "Step", key_display="←→", tooltip="(← h Anticlockwise)"),
        Binding("right,l", "step(1)", "Clockwise", show=False),
        Binding("up,k", "select(-1)", "Ring", key_display="↑↓", tooltip="(↑ k Previous ring)"),
        Binding("down,j", "select(1)", "Next ring", show=False),
    ]

    class StepWanted(Message):
        """The player asks to step marker ``cluster`` one space (``step`` +1 clockwise)."""

        def __init__(self, clusters: StarClusters, cluster: int, step: int) -> None:
            super().__init__()
            self.clusters = clusters
            self.cluster = cluster
            self.step = step

        @property
        def control(self) -> StarClusters:
            """The widget that sent the message."""
            return self.clusters

    stars: reactive[tuple[tuple[int, ...], ...]] = reactive(
        ((EMPTY,) * CLUSTER_SIZE,) * CLUSTER_COUNT)
    markers: reactive[Plan] = reactive((0,) * CLUSTER_COUNT)
    moons: reactive[Plan] = reactive((0,) * CLUSTER_COUNT)
    points: reactive[int] = reactive(TIME_POINTS)
    plan: reactive[Plan] = reactive((0,) * CLUSTER_COUNT)
    selected: reactive[int] = reactive(0)
    planning: reactive[bool] = reactive(False)
    boosted: reactive[int] = reactive(0)
    indicator: reactive[int] = reactive(0)
    bag: reactive[int] = reactive(0)
    large: reactive[bool] = reactive(False, layout=True)

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        # The lines last built and what they showed (see content_lines); set before
        # Widget's __init__, which may restyle the widget already.
        self._lines_key: tuple[object, ...] | None = None
        self._lines: list[Content] = []
        super().__init__(name=name, id=id, classes=classes)

    # ---- reading -----------------------------------------------------------------------

    @property
    def points_left(self) -> int:
        """Movement points not yet spent by the plan."""
        return self.points - sum(abs(s) for s in self.plan)

    def facing(self, cluster: int) -> int:
        """The ring position the cluster's marker faces once the plan is played."""
        return (self.markers[cluster] + self.plan[cluster]) % CLUSTER_SIZE

    def preview(self) -> list[int]:
        """The stars the plan would take, one per cluster (EMPTY for a bare space)."""
        return [self.stars[c][self.facing(c)] for c in range(CLUSTER_COUNT)]

    # ---- changing ----------------------------------------------------------------------

    def show_board(self, stars: Sequence[Sequence[int]], markers: Sequence[int],
                   moons: Sequence[int], points: int, boosted: int, indicator: int,
                   bag: int, plan: Sequence[int] = (0,) * CLUSTER_COUNT) -> None:
        """Show the board as it is in the game: ``markers`` where the Time markers began
        the turn, ``plan`` the steps taken since (+ clockwise), ``points`` the turn's
        movement points (those of ``plan`` included)."""
        self.stars = tuple(tuple(c) for c in stars)
        self.markers = tuple(markers)
        self.moons = tuple(moons)
        self.points = points
        self.plan = tuple(plan)
        self.boosted = boosted
        self.indicator = indicator
        self.bag = bag

    def action_select(self, delta: int) -> None:
        """Choose the previous (-1) or next (+1) marker."""
        self.selected = (self.selected + delta) % CLUSTER_COUNT

    def action_step(self, step: int) -> None:
        """Ask to step the selected marker: ``+1`` clockwise, ``-1`` counterclockwise."""
        if self.planning:
            self.post_message(self.StepWanted(self, self.selected, step))

    # ---- drawing -----------------------------------------------------------------------

    @property
    def _cell(self) -> int:
        return 5 if self.large else 3

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """Three squares side by side, or the track line if it is wider."""
        return max(CLUSTER_COUNT * 3 * self._cell + 2 * (CLUSTER_COUNT - 1), 33)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Counter, titles, the squares, preview and bag, boosted star, the track and
        what its marks mean."""
        return 2 + 3 + 4

    def content_lines(self, width: int) -> list[Content]:
        """The counter, the three rings, what would be taken, the boosted star, the track:
        built again only when what they show changed (a refresh for the focus coming or
        going, or for a table refresh that changed nothing here, reads the same lines)."""
        key = (width, self.stars, self.markers, self.moons, self.points, self.plan,
               self.selected, self.planning, self.boosted, self.indicator, self.bag,
               self.large)
        if key != self._lines_key:
            self._lines_key, self._lines = key, self._build_lines()
        return self._lines

    def _build_lines(self) -> list[Content]:
        lines: list[Content] = [self._counter_line(), self._titles()]
        for row in range(3):
            lines.append(Content("  ").join(self._ring_row(c, row)
                                            for c in range(CLUSTER_COUNT)))
        lines.append(self._preview_line()
                     + Content.assemble(("  bag ", ".clusters--label"), str(self.bag)))
        # the boosted star's letter in its colour, inside the line that says what it does
        text = boosted_line(self.boosted)
        letter = STAR_LETTERS[self.boosted]
        lines.append(Content(text, [
            Span(0, len("boosted"), ".clusters--label"),
            *(Span(at, at + 1, star_style(self.boosted))
              for at in (text.index(letter, len("boosted")), len(text) - 1)),
        ]))
        lines.append(Content.assemble((f"{INDICATOR_LABEL} ", ".clusters--label"),
                                      indicator_track(self.indicator),
                                      f" {self.indicator}/{INDICATOR_LAST}"))
        lines.append(Content.styled(INDICATOR_KEY, ".clusters--label"))
        return lines

    def _counter_line(self) -> Content:
        left = max(self.points_left, 0)
        dots = POINT * left + SPENT * (TIME_POINTS - left)
        if not self.planning:
            return Content.styled("Time markers", ".clusters--label")
        return Content.assemble(("Time ", ".clusters--label"), (dots, ".clusters--points"),
                                f" {left} step{'s' if left != 1 else ''} left")

    def _titles(self) -> Content:
        width = 3 * self._cell
        parts = []
        for c in range(CLUSTER_COUNT):
            steps = self.plan[c]
            turn = f" {CLOCKWISE if steps > 0 else COUNTERCLOCKWISE}{abs(steps)}" if steps else ""
            selected = self.planning and c == self.selected
            text = fit(f"{'▸' if selected else ''}{CLUSTER_NAMES[c]}{turn}", width).center(width)
            parts.append(Content.styled(text, "bold reverse" if selected
                                        else ".clusters--title"))
        return Content("  ").join(parts)

    def _ring_row(self, cluster: int, row: int) -> Content:
        cell = self._cell
        facing = self.facing(cluster)
        moon = self.moons[cluster]
        text = [" "] * (3 * cell)
        spans: list[Span] = []
        if row == 1:
            at = cell + cell // 2
            text[at] = ARROWS[facing]
            spans.append(Span(at, at + 1, ".clusters--arrow"))
        for position, (r, col) in enumerate(RING_CELLS):
            if r != row:
                continue
            star = self.stars[cluster][position]
            start = col * cell + (cell - 3) // 2
            left, right = ("[", "]") if position == facing else (
                ("(", ")") if position == moon and moon != facing else (" ", " "))
            letter = STAR_LETTERS[star] if star != EMPTY else "·"
            text[start: start + 3] = left + letter + right
            if left != " ":
                frame = ".clusters--marker" if left == "[" else ".clusters--moon"
                spans += [Span(start, start + 1, frame), Span(start + 2, start + 3, frame)]
            spans.append(Span(start + 1, start + 2, star_style(star) if star != EMPTY
                              else ".clusters--empty"))
        return Content("".join(text), spans)

    def _preview_line(self) -> Content:
        parts: list[Content] = [Content.styled("take ", ".clusters--label")]
        for star in self.preview():
            if star == EMPTY:
                parts.append(Content.styled("· ", ".clusters--empty"))
            else:
                parts.append(Content.styled(STAR_LETTERS[star], star_style(star)) + " ")
        return Content("").join(parts)
