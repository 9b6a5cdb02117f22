"""The registry of games: id -> GameInfo. Only pure modules are imported here.

Each game lives in its own package, ``tui_games/games/<id>/``, and declares itself in its
``info.py`` (``INFO = GameInfo(...)``): its rules, bot levels, screen, and the tools that
check it (stress invariants, bench key script, fuzz dialogs). ``GAMES`` below lists the
packages once, in menu order: a new game adds its folder, its stylesheet and one line
there. Screens and tools are named by "module:Name" strings and imported when needed, so
the rules layer and its tests never load textual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import import_module, resources
from typing import Any

from tui_games.engine.bots.base import BotFactory
from tui_games.engine.bots.hint import HintWords
from tui_games.engine.core import Options, Rules, default_options

# The game packages under tui_games/games/, in menu order: one line per game.
GAMES: tuple[str, ...] = (
    "nebular_colors",
    "neptune",
    "nebula",
    "via_nebula",
    "nova_lux",
)


def load(ref: str) -> Any:
    """What a "module:name" string names (the module itself for a plain "module")."""
    module, _, name = ref.partition(":")
    found = import_module(module)
    return getattr(found, name) if name else found


@dataclass(frozen=True)
class QuickTable:
    """A table for the tests that play whole games of every registered game (the host's
    streams, replays): ``players`` seats (0: the fewest the game allows, at least two, so
    two people can sit at it) and ``options`` over the defaults that keep a game short
    while everything hidden stays hidden."""

    players: int = 0
    options: dict[str, str] = field(default_factory=dict)


BRIEF_HEADING = "## Your turn in brief"
"""The heading every game's rules.md opens with, under its title."""


class UnknownGame(KeyError):
    """No registered game has this id."""


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its rules, bot levels, screen and in-app rules document, and
    the game's own parts of the generic tools (each a "module" or "module:Name" string,
    imported only by the tool that needs it; "" when the game has none)."""

    rules: Rules[Any, Any]
    screen: str  # "module:Class", imported lazily by the app
    bots: dict[str, BotFactory] = field(default_factory=dict)
    blurb: str = ""
    # tui_games.tools.stress: a pure module with ``problems(state)``, ``hidden_from(state,
    # seat)``, ``shown(view, seat)`` and ``MAX_ACTIONS`` (see tui_games.tools.stress).
    checks: str = ""
    # tui_games.tools.bench: "module:Class" of the KeyScript that presses the game screen's
    # phase-changing keys (see tui_games.tools.keyscript).
    bench_keys: str = ""
    # tui_games.tools.fuzz: a module whose ``DIALOGS`` maps a dialog's fuzz target name to the
    # FuzzDialog that opens it (the game's own dialogs: summaries between hands...).
    fuzz_dialogs: str = ""
    # tui_games.tools.fuzz: the game whose bot-only games end soonest hosts the dialog targets
    # (new game, rules, game over...): lower goes first.
    fuzz_host_rank: int = 100
    # tui_games.tools.bench --stress: the game of the long bot-vs-bot session in one app.
    soak: bool = False
    # Learn to play: "module:NAME" of the game's guided first game, a pure
    # engine.tutorial.Tutorial (see screens/tutorial.py).
    tutorial: str = ""
    # Hints: "module" of the game's explainer, a pure engine.bots.hint.HintWords (what a
    # move does for the seat, what the search's figure means), beside its rules.
    hint_words: str = ""
    # Tests that play a whole game of every game sit at this table (see QuickTable).
    quick_table: QuickTable = field(default_factory=QuickTable)
    # The lines front end (tui_games/lines): "module" of the game's table in sentences,
    # a pure module with the functions of tui_games.lines.words.TableWords.
    words: str = ""

    @property
    def id(self) -> str:
        return self.rules.id

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def players(self) -> range:
        return range(self.rules.min_players, self.rules.max_players + 1)

    def explainer(self) -> HintWords | None:
        """The game's hint explainer (None: a hint names the move and no more)."""
        return load(self.hint_words) if self.hint_words else None
    def quick_seats(self) -> int:
        """The seat count of the game's quick table."""
        wanted = self.quick_table.players or max(2, self.rules.min_players)
        return min(max(wanted, self.rules.min_players), self.rules.max_players)

    def quick_options(self) -> Options:
        """The options of the game's quick table: the defaults, with its own over them."""
        return {**default_options(self.rules), **self.quick_table.options}

    def rules_markdown(self) -> str:
        """The game's in-app rules reference and edition notes: rules.md beside its rules,
        opening with its title and then BRIEF_HEADING (the rules screen opens there)."""
        package = type(self.rules).__module__.rsplit(".", 1)[0]
        return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")

    def rules_brief(self) -> str:
        """The "Your turn in brief" section of the rules, without its heading; "" when
        the rules do not open with it."""
        lines = self.rules_markdown().split("\n")
        if lines[:3] != [f"# {self.title}", "", BRIEF_HEADING]:
            return ""
        body = "\n".join(lines[3:]).split("\n## ", 1)[0]
        return body.strip()


@cache
def all_games() -> dict[str, GameInfo]:
    """Every registered game by id, in menu order (built on first use: no import cycles)."""
    games = [load(f"tui_games.games.{name}.info:INFO") for name in GAMES]
    return {g.id: g for g in games}


def get_game(game_id: str) -> GameInfo:
    """The registered game ``game_id``; UnknownGame if there is none."""
    try:
        return all_games()[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
