"""The game's entry in the registry (tui_games.games lists this module once)."""

from __future__ import annotations

from tui_games.engine.bots.base import RandomBot
from tui_games.games import GameInfo, QuickTable
from tui_games.games.nebular_colors.bot import NormalBot
from tui_games.games.nebular_colors.hard import LEVELS
from tui_games.games.nebular_colors.rules import NebularColorsRules

INFO = GameInfo(
    rules=NebularColorsRules(),
    screen="tui_games.games.nebular_colors.screen:NebularColorsScreen",
    bots={"easy": RandomBot, "normal": NormalBot, **LEVELS},
    blurb="2 players - rummy with two splayed discard piles; Stop or Nova.",
    checks="tui_games.games.nebular_colors.checks",
    bench_keys="tui_games.games.nebular_colors.bench_keys:Keys",
    fuzz_dialogs="tui_games.games.nebular_colors.fuzz_dialogs",
    fuzz_host_rank=4,
    tutorial="tui_games.games.nebular_colors.tutorial:TUTORIAL",
    hint_words="tui_games.games.nebular_colors.hint_words",
    quick_table=QuickTable(players=2, options={"match": "2"}),
    words="tui_games.games.nebular_colors.words",
)
