"""PaneColumn: a column of panes of which one shows at a time, under a line of titles.

Made for small terminals: a game puts its secondary boards in one column and the player
cycles through them (``next_pane``, bound to a key by the screen); the title line shows
them all with the current one framed ``[Values]`` in reverse video. With ``keep_first``
(a roomy terminal) the first pane stays in view above the title line and the others take
turns below it. Panes are the column's children, named by their ``name``; a pane can be
left out of the cycle (``skip``) or shown without being part of it (``extra``, e.g. a
question the player must answer now).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from textual.containers import Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from tui_games.tui.widgets.boxes import Column


class PaneColumn(Vertical):
    """Shows the child named ``pane``; ``titles`` names each pane on the title line."""

    BLANK = True  # no content of its own: drawn as plain background, at no cost

    DEFAULT_CSS = """
    PaneColumn { height: auto; }
    PaneColumn > .pane-column--title-box { height: 1; }
    PaneColumn .pane-column--titles { height: 1; color: $text-muted; }
    """

    pane: reactive[str] = reactive("", init=False)
    keep_first: reactive[bool] = reactive(False, init=False)

    def __init__(self, *children: Widget, titles: Mapping[str, str], extra: Iterable[str] = (),
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(*children, id=id, classes=classes)
        self.titles = dict(titles)
        self.extra = set(extra)          # shown only when asked for, never cycled to
        self.skip: set[str] = set()      # left out of the cycle (and the title line)
        self._line = Static(classes="pane-column--titles")
        # In a box of its own: a repaint of a pane or of a widget beside the column does
        # not draw the title line again (Textual redraws every child of a box it touches).
        self._box = Column(self._line, classes="pane-column--title-box")
        self._titles_shown: tuple[object, ...] = ()

    def on_mount(self) -> None:
        """Put the title line in, then show the first pane."""
        cycle = self.cycle
        if not self.is_attached or not cycle:
            return  # its screen closed before it was built (keys typed ahead)
        self.mount(self._box, before=0)
        self.pane = self.pane or cycle[0]
        self._show()

    @property
    def panes(self) -> list[Widget]:
        """The pane widgets, in order."""
        return [child for child in self.children if child is not self._box]

    @property
    def cycle(self) -> list[str]:
        """The panes ``next_pane`` goes through, in order."""
        names = [p.name or "" for p in self.panes if p.name not in self.extra | self.skip]
        return names[1:] if self.keep_first else names

    def next_pane(self) -> str:
        """Show the next pane of the cycle; returns its name."""
        cycle = self.cycle
        at = cycle.index(self.pane) if self.pane in cycle else -1
        self.pane = cycle[(at + 1) % len(cycle)]
        return self.pane

    def settle(self) -> None:
        """After ``skip`` or ``keep_first`` changed: move off a pane no longer cycled to."""
        if self.pane not in self.cycle and self.pane not in self.extra:
            self.pane = self.cycle[0]
        self._show()

    def watch_pane(self) -> None:
        self._show()

    def watch_keep_first(self) -> None:
        self.settle()

    def _show(self) -> None:
        if not self.is_mounted:
            return
        panes = self.panes
        first = panes[0].name if panes else None
        for pane in panes:
            pane.display = pane.name == self.pane or (self.keep_first and pane.name == first)
        # The title line sits above the first pane, or (keep_first) just below it.
        self._box.styles.dock = "none" if self.keep_first else "top"
        if self.keep_first and panes and self.children.index(self._box) != 1:
            self.move_child(self._box, after=panes[0])
        elif not self.keep_first and self.children.index(self._box) != 0:
            self.move_child(self._box, before=0)
        shown = self.cycle + ([self.pane] if self.pane in self.extra else [])
        parts = [Content.styled(f"[{self.titles.get(name, name)}]", "bold reverse")
                 if name == self.pane else Content(f" {self.titles.get(name, name)} ")
                 for name in shown]
        line = Content("").join(parts) + Content.styled(" ⇥", "dim")
        key = (line.plain, tuple(line.spans))  # Content's == compares the text alone
        if key != self._titles_shown:  # the same titles again (a key often settles the
            self._titles_shown = key     # column on the pane it shows): no repaint
            # One line of fixed height (DEFAULT_CSS): new titles need no layout pass.
            self._line.update(line, layout=False)
