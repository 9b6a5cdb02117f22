"""The registry of games: id -> GameInfo. Only pure modules are imported here.

Screens are named by a "module:Class" string and imported by the app when needed, so the
rules layer and its tests never load textual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from tui_games.engine.bots.base import BotFactory, RandomBot
from tui_games.engine.core import Rules


class UnknownGame(KeyError):
    """No registered game has this id."""


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its rules, bot levels, screen and in-app rules document."""

    rules: Rules[Any, Any]
    screen: str  # "module:Class", imported lazily by the app
    bots: dict[str, BotFactory] = field(default_factory=dict)
    blurb: str = ""

    @property
    def id(self) -> str:
        return self.rules.id

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def players(self) -> range:
        return range(self.rules.min_players, self.rules.max_players + 1)

    def rules_markdown(self) -> str:
        """The game's in-app rules reference and edition notes (rules.md beside its rules)."""
        package = type(self.rules).__module__.rsplit(".", 1)[0]
        return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")


@cache
def all_games() -> dict[str, GameInfo]:
    """Every registered game by id, in menu order (built on first use: no import cycles)."""
    from tui_games.games.nebula.bot import NormalBot as NebulaNormal
    from tui_games.games.nebula.hard import LEVELS as NEBULA_HARD
    from tui_games.games.nebula.rules import NebulaRules
    from tui_games.games.nebular_colors.bot import NormalBot as NebularColorsNormal
    from tui_games.games.nebular_colors.hard import LEVELS as NEBULAR_COLORS_HARD
    from tui_games.games.nebular_colors.rules import NebularColorsRules
    from tui_games.games.neptune.bot import NormalBot as NeptuneNormal
    from tui_games.games.neptune.hard import LEVELS as NEPTUNE_HARD
    from tui_games.games.neptune.rules import NeptuneRules
    from tui_games.games.nova_lux.bot import NormalBot as NovaLuxNormal
    from tui_games.games.nova_lux.hard import LEVELS as NOVA_LUX_HARD
    from tui_games.games.nova_lux.rules import NovaLuxRules
    from tui_games.games.via_nebula.bot import NormalBot as ViaNebulaNormal
    from tui_games.games.via_nebula.hard import LEVELS as VIA_NEBULA_HARD
    from tui_games.games.via_nebula.rules import ViaNebulaRules

    games = [
        GameInfo(
            rules=NebularColorsRules(),
            screen="tui_games.games.nebular_colors.screen:NebularColorsScreen",
            bots={"easy": RandomBot, "normal": NebularColorsNormal, **NEBULAR_COLORS_HARD},
            blurb="2 players - rummy with two splayed discard piles; Stop or Nova.",
        ),
        GameInfo(
            rules=NeptuneRules(),
            screen="tui_games.games.neptune.screen:NeptuneScreen",
            bots={"easy": RandomBot, "normal": NeptuneNormal, **NEPTUNE_HARD},
            blurb="2-4 players - trick taking with trumps, Asteroids and special cards.",
        ),
        GameInfo(
            rules=NebulaRules(),
            screen="tui_games.games.nebula.screen:NebulaScreen",
            bots={"easy": RandomBot, "normal": NebulaNormal, **NEBULA_HARD},
            blurb="2-4 players - build a galaxy of star clusters toward objectives.",
        ),
        GameInfo(
            rules=ViaNebulaRules(),
            screen="tui_games.games.via_nebula.screen:ViaNebulaScreen",
            bots={"easy": RandomBot, "normal": ViaNebulaNormal, **VIA_NEBULA_HARD},
            blurb="2-4 players - explore the valley, carry resources, erect buildings.",
        ),
        GameInfo(
            rules=NovaLuxRules(),
            screen="tui_games.games.nova_lux.screen:NovaLuxScreen",
            bots={"easy": RandomBot, "normal": NovaLuxNormal, **NOVA_LUX_HARD},
            blurb="1-6 players - harvest dying stars, found a colony, fulfil your factions.",
        ),
    ]
    return {g.id: g for g in games}


def get_game(game_id: str) -> GameInfo:
    """The registered game ``game_id``; UnknownGame if there is none."""
    try:
        return all_games()[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
