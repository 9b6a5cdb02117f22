"""The game log: the newest lines of what happened, at the bottom, scrollable."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from tui_games.engine.core import Event
from tui_games.engine.grammar import speak_to

MAX_LINES = 500  # far more than fits; older lines are dropped to keep redraws cheap


class GameLog(RichLog):
    """Shows a game's event log as the viewer may read it, newest line at the bottom.

    ``show(events, viewer, names)`` appends only the new lines when the log grew; when
    earlier lines changed (an undo, or a hand-off to a player who reads other redactions)
    it rebuilds. With ``names`` the rules' seat references become names and the viewer's
    own seat "you". The newest line stays in sight whatever the layout does to the log's
    height. The widget does not take focus, so the game screen keeps its own keys; the
    mouse wheel scrolls it.
    """

    can_focus = False

    DEFAULT_CSS = """
    GameLog {
        overflow-y: auto;
        overflow-x: hidden;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, highlight=False,
                         max_lines=MAX_LINES, auto_scroll=True, min_width=20)
        self._shown: list[str] = []
        self._width = 0
        self._reader: tuple[tuple[str, ...], int | None] | None = None
        self._spoken: dict[str, str] = {}  # the rules' line -> as this reader reads it

    @property
    def shown(self) -> list[str]:
        """The lines currently in the log, oldest first."""
        return list(self._shown)

    def show(self, log: Sequence[Event], viewer: int | None = None,
             names: Sequence[str] | None = None) -> None:
        """Display ``log`` as ``viewer`` reads it; lines hidden from the viewer are skipped.

        ``names`` (one per seat) turn "Seat 2" into a name and the viewer's seat into "you".
        """
        texts = [text for event in log if (text := event.for_viewer(viewer))]
        texts = texts[-MAX_LINES:]
        if names is not None:
            reader = (tuple(names), viewer)
            if reader != self._reader or len(self._spoken) > 4 * MAX_LINES:
                # another reader reads every line differently; old lines are not needed
                self._reader, self._spoken = reader, {}
            spoken = self._spoken
            for text in texts:
                if text not in spoken:
                    spoken[text] = speak_to(text, names, viewer)
            texts = [spoken[text] for text in texts]
        same = 0
        limit = min(len(texts), len(self._shown))
        while same < limit and texts[same] == self._shown[same]:
            same += 1
        if same == len(self._shown):
            new = texts[same:]
        else:
            self.clear()
            new = texts
        for line in new:
            self.write(Text(line))
        self._shown = texts

    def on_resize(self, event: events.Resize) -> None:
        """Re-wrap every line for the new width (RichLog wraps once, when written), and
        keep the newest line in sight when the table above takes or gives back rows."""
        if event.size.width != self._width:
            self._width = event.size.width
            if self._shown:
                self.clear()
                for line in self._shown:
                    self.write(Text(line))
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    @property
    def newest_in_sight(self) -> bool:
        """True when the bottom of the log (its newest line) is visible."""
        return self.scroll_offset.y >= self.max_scroll_y
