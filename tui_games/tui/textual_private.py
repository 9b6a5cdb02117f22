"""The only module of tui_games that uses Textual's private names (see
tests/test_private_names.py); while it holds any, pyproject pins Textual to the minor
release it was tested with.

Each name here guards against a crash Textual 8.2 has no public way to avoid:

- ``running_pump``: which widget's code runs now, so that a key typed ahead that reaches a
  closed dialog asks for nothing (GamesApp.asked_by_closed_screen). Textual keeps it in a
  context variable it does not export.
- ``GameCommandPalette``: the command palette's search and list keys are private methods
  of CommandPalette; its search raises NoMatches when the palette closed while it ran, and
  its page keys raise KeyError on a list not laid out yet (both found by the fuzz).
- ``forget_query_cache`` and ``clear_inner_outer_cache``: the memory check's release of
  what Textual keeps of closed widgets (open Textual leaks #6665 and #6666; memory.py).

And one that a tool needs, not the game: ``frames_per_second``, the fuzz's frame-rate cap
(tui_games.tools.fuzz). Textual's own setting, TEXTUAL_FPS, is read once when textual is
imported, before the fuzz can set it; the cap halves the CPU of a 600-key run.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import textual.screen
from textual import work
from textual._context import active_message_pump
from textual._styles_cache import StylesCache
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.message_pump import MessagePump


def running_pump() -> MessagePump | None:
    """The app, screen or widget whose handler is running now (None outside any)."""
    return active_message_pump.get(None)


def forget_query_cache(node: DOMNode) -> None:
    """Empty ``node``'s cache of query_one results (it holds removed widgets)."""
    node._query_one_cache.clear()


def clear_inner_outer_cache() -> None:
    """Empty StylesCache.get_inner_outer's lru_cache, which holds the styles caches (and
    strips) of removed widgets; nothing to do on a Textual that no longer caches there."""
    cache_clear = getattr(StylesCache.get_inner_outer, "cache_clear", None)
    if cache_clear is not None:
        cache_clear()


class GameCommandPalette(CommandPalette):
    """Textual's command palette, whose list keys are dropped while the list is not ready:
    Textual 8 raises KeyError paging (PageDown, End) a list whose commands are still being
    gathered or not yet laid out."""

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        """Textual's search, except that a palette closed while (or before) it runs - Esc
        right after a letter - has no list left to fill: nothing to show, no crash."""
        try:
            await CommandPalette._gather_commands.__wrapped__(self, search_value)  # type: ignore[attr-defined]
        except NoMatches:
            if self.is_attached and self.query(CommandList):
                raise

    def _action_command_list(self, action: str) -> None:
        lists = self.query(CommandList)
        if not lists or not lists.first().option_count:
            return
        with contextlib.suppress(KeyError):  # lines not built yet: nothing to move
            super()._action_command_list(action)


@contextlib.contextmanager
def frames_per_second(fps: float) -> Iterator[None]:
    """Screens made inside the block draw at most ``fps`` frames a second (Textual reads
    the period when a screen starts its update timer): the fuzz's cap."""
    period = textual.screen.UPDATE_PERIOD
    textual.screen.UPDATE_PERIOD = 1 / fps  # type: ignore[misc]
    try:
        yield
    finally:
        textual.screen.UPDATE_PERIOD = period  # type: ignore[misc]
