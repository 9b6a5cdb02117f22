"""The game's entry in the registry (tui_games.games lists this module once)."""

from __future__ import annotations

from tui_games.engine.bots.base import RandomBot
from tui_games.games import GameInfo, QuickTable
from tui_games.games.neptune.bot import NormalBot
from tui_games.games.neptune.hard import LEVELS
from tui_games.games.neptune.rules import NeptuneRules

INFO = GameInfo(
    rules=NeptuneRules(),
    screen="tui_games.games.neptune.screen:NeptuneScreen",
    bots={"easy": RandomBot, "normal": NormalBot, **LEVELS},
    blurb="2-4 players - trick taking with trumps, Asteroids and special cards.",
    checks="tui_games.games.neptune.checks",
    bench_keys="tui_games.games.neptune.bench_keys:Keys",
    fuzz_dialogs="tui_games.games.neptune.fuzz_dialogs",
    fuzz_host_rank=3,
    tutorial="tui_games.games.neptune.tutorial:TUTORIAL",
    hint_words="tui_games.games.neptune.hint_words",
    words="tui_games.games.neptune.words",
    soak=True,
    quick_table=QuickTable(players=3),
)
