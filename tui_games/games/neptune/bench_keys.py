"""The keys `tui-games bench` presses on this game's screen (its GameInfo.bench_keys)."""

from __future__ import annotations

from typing import Any

from tui_games.tools.keyscript import KeyScript, Planned


class Keys(KeyScript):
    """Play the card under the cursor (Enter), moving first to a legal special when one
    is at most two cards away (a longer walk would spend the script's keys on the cursor);
    answer a won trick's question (Enter on its first choice)."""

    def plan(self, screen: Any) -> list[Planned]:
        """Keys for the phase the human is in."""
        from tui_games.games.neptune.state import Play

        session = screen.session
        state = session.state
        if state.phase != "play":
            return [(f"enter: choose ({state.phase}) (ends the turn)", "enter", state.phase)]
        legal = [a.card for a in session.rules.legal_actions(state) if isinstance(a, Play)]
        cursor = screen.hand.cursor_key
        specials = [c for c in legal if c >= 30]
        order = [f.key for f in screen.hand.faces]
        if specials and cursor not in specials and cursor in order:
            here = order.index(cursor)
            there = min((order.index(c) for c in specials if c in order),
                        key=lambda i: abs(i - here), default=here)
            if 0 < abs(there - here) <= 2:
                way = "right" if there > here else "left"
                return [(f"{way}: to a special", way, "play")]
        what = "a special" if cursor is not None and cursor >= 30 else "a card"
        return [(f"enter: play {what} (ends the turn)", "enter", "play")]


