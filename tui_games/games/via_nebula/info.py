"""The game's entry in the registry (tui_games.games lists this module once)."""

from __future__ import annotations

from tui_games.engine.bots.base import RandomBot
from tui_games.games import GameInfo, QuickTable
from tui_games.games.via_nebula.bot import NormalBot
from tui_games.games.via_nebula.hard import LEVELS
from tui_games.games.via_nebula.rules import ViaNebulaRules

INFO = GameInfo(
    rules=ViaNebulaRules(),
    screen="tui_games.games.via_nebula.screen:ViaNebulaScreen",
    bots={"easy": RandomBot, "normal": NormalBot, **LEVELS},
    blurb="2-4 players - explore the valley, carry resources, erect buildings.",
    checks="tui_games.games.via_nebula.checks",
    bench_keys="tui_games.games.via_nebula.bench_keys:Keys",
    fuzz_host_rank=1,
    tutorial="tui_games.games.via_nebula.tutorial:TUTORIAL",
    hint_words="tui_games.games.via_nebula.hint_words",
    quick_table=QuickTable(players=3),
    words="tui_games.games.via_nebula.words",
)
