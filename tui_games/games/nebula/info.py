"""The game's entry in the registry (tui_games.games lists this module once)."""

from __future__ import annotations

from tui_games.engine.bots.base import RandomBot
from tui_games.games import GameInfo, QuickTable
from tui_games.games.nebula.bot import NormalBot
from tui_games.games.nebula.hard import LEVELS
from tui_games.games.nebula.rules import NebulaRules

INFO = GameInfo(
    rules=NebulaRules(),
    screen="tui_games.games.nebula.screen:NebulaScreen",
    bots={"easy": RandomBot, "normal": NormalBot, **LEVELS},
    blurb="2-4 players - build a galaxy of star clusters toward objectives.",
    checks="tui_games.games.nebula.checks",
    bench_keys="tui_games.games.nebula.bench_keys:Keys",
    fuzz_host_rank=0,
    tutorial="tui_games.games.nebula.tutorial:TUTORIAL",
    hint_words="tui_games.games.nebula.hint_words",
    quick_table=QuickTable(players=3, options={"mode": "full"}),
    words="tui_games.games.nebula.words",
)
