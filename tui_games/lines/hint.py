"""The hint in words: the hard bot's move for the seat, from its observation only, and
what it does for the seat in the game's words (engine.bots.hint.hint_text, the very words
the screen's H shows, whole: the screen leaves out what does not fit its status line).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tui_games.engine.bots.hint import hint_bot, hint_text, suggest
from tui_games.engine.core import Action, GameState
from tui_games.engine.session import Session
from tui_games.games import GameInfo

HINT_LEVEL = "hard"  # the level whose search gives the screen's hints too
HINT_HEAD = "Hint: "  # how hint_text begins: the lines table puts the choice's number after


def hinted(info: GameInfo, session: Session, seat: int, view: GameState,
           names: Sequence[str] | None = None) -> tuple[str, Action | None]:
    """What the hard bot would play for ``seat`` in ``view``, and why, with that action
    (None when there is no hint); counted for the seat as the screen counts it."""
    factory = info.bots.get(HINT_LEVEL)
    if factory is None:
        return f"{info.title} has no {HINT_LEVEL} bot to ask for a hint.", None
    rng = random.Random(f"tui-games/hint/{session.seed}/{len(session.actions)}/{seat}")
    bot = hint_bot(factory, session.rules, rng)
    found = suggest(bot, session.rules, view, seat)
    session.count_hint(seat)
    # Said, not shown: no status line to fit, so the outlook and runner-up stay.
    return hint_text(info, view, seat, found, names, lines=None), found.action
