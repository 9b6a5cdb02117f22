"""The keys `tui-games bench` presses on this game's screen (its GameInfo.bench_keys)."""

from __future__ import annotations

from typing import Any

from tui_games.tools.keyscript import MapListKeys


class Keys(MapListKeys):
    """Via Nebula: the hex map and the list of the hex's actions (see MapListKeys)."""

    def list_open(self, screen: Any) -> bool:
        """The list shows in place of the preview while open."""
        return bool(screen.list_open)


