"""The game's entry in the registry (tui_games.games lists this module once)."""

from __future__ import annotations

from tui_games.engine.bots.base import RandomBot
from tui_games.games import GameInfo, QuickTable
from tui_games.games.nova_lux.bot import NormalBot
from tui_games.games.nova_lux.hard import LEVELS
from tui_games.games.nova_lux.rules import NovaLuxRules

INFO = GameInfo(
    rules=NovaLuxRules(),
    screen="tui_games.games.nova_lux.screen:NovaLuxScreen",
    bots={"easy": RandomBot, "normal": NormalBot, **LEVELS},
    blurb="1-6 players - harvest dying stars, found a colony, fulfil your factions.",
    checks="tui_games.games.nova_lux.checks",
    bench_keys="tui_games.games.nova_lux.bench_keys:Keys",
    fuzz_host_rank=2,
    tutorial="tui_games.games.nova_lux.tutorial:TUTORIAL",
    hint_words="tui_games.games.nova_lux.hint_words",
    quick_table=QuickTable(players=3, options={"mode": "standard"}),
    words="tui_games.games.nova_lux.words",
)
