"""The keys `tui-games bench` presses on this game's screen (its GameInfo.bench_keys)."""

from __future__ import annotations

from typing import Any

from tui_games.games.nova_lux.state import StartTrade
from tui_games.tools.keyscript import MapListKeys


class Keys(MapListKeys):
    """Nova Lux: the map and the list of actions (see MapListKeys); an exchange entry or a
    trade offer opens a dialog the script does not fill in, so it moves past those."""

    def playable(self, screen: Any) -> bool:
        """Whether the highlighted entry plays at once (an exchange is a (kind, seat) pair,
        and a StartTrade opens the composer)."""
        entries = getattr(screen, "_entries", [])
        index = screen.action_list.highlighted
        return index is not None and index < len(entries) and not isinstance(
            entries[index], tuple | StartTrade)


