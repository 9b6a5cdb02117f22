"""What an arena run measured, and the report of it (`tui-games arena`, see arena.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


@dataclass
class BotRecord:
    """One bot's results over the whole arena run."""

    label: str
    wins: int = 0
    score_total: int = 0
    decisions: int = 0
    turns: int = 0  # turns this bot finished (decisions that moved the turn counter)
    thinking: float = 0.0  # seconds spent in choose()
    sweeps: int = 0  # --duplicate: deals this bot won in every seating
    choices: int = 0  # decisions with more than one legal action
    choice_thinking: float = 0.0  # CPU seconds spent in those (what equal time compares)
    searched: int | None = None  # iterations (simulations) run in those; None: no search

    def per_choice(self) -> tuple[float | None, float | None]:
        """CPU milliseconds and search iterations per decision with a choice (None: none
        made, or no search): what two searches at equal time or equal size compare."""
        if not self.choices:
            return None, None
        ms = 1000 * self.choice_thinking / self.choices
        return ms, None if self.searched is None else self.searched / self.choices


@dataclass
class ShadowRecord:
    """A ``--shadow`` level: how often it would have chosen otherwise than the seat's bot."""

    label: str
    choices: int = 0  # decisions with more than one distinct option
    differs: int = 0  # of those, where the shadow's choice was another decision


@dataclass
class ArenaResult:
    """Everything an arena run measured."""

    game: str
    seed: int
    games: int
    bots: list[BotRecord]
    ties: int = 0
    turns_total: int = 0
    actions_total: int = 0
    seconds: float = 0.0
    duplicate: bool = False  # each deal played once per seating
    shadows: list[ShadowRecord] = field(default_factory=list)

    def summary_line(self) -> str:
        """`N games: seat0 W wins, seat1 W wins[, T ties]`."""
        parts = [f"seat{i} {bot.wins} wins" for i, bot in enumerate(self.bots)]
        if self.ties:
            parts.append(f"{self.ties} ties")
        if self.duplicate:
            deals = self.games // len(self.bots)
            parts.append(
                f"{deals} deals swept: "
                + ", ".join(f"seat{i} {bot.sweeps}" for i, bot in enumerate(self.bots))
            )
        return f"{self.games} games: " + ", ".join(parts)

    @property
    def decided(self) -> int:
        """Games with one winner (ties tell no bot from another)."""
        return self.games - self.ties

    def share(self, bot: BotRecord) -> tuple[float, float, float] | None:
        """The bot's share of the decided games, with its 95% interval (None: none decided)."""
        if not self.decided:
            return None
        return (bot.wins / self.decided, *wilson_interval(bot.wins, self.decided))

    def as_dict(self) -> dict[str, Any]:
        """The figures as plain data (for --json)."""
        n = max(self.games, 1)
        return {
            "game": self.game,
            "seed": self.seed,
            "games": self.games,
            "ties": self.ties,
            "duplicate": self.duplicate,
            "mean_turns": self.turns_total / n,
            "mean_actions": self.actions_total / n,
            "seconds": self.seconds,
            "games_per_second": self.games / self.seconds if self.seconds else None,
            "seats": [
                {
                    "seat": i,
                    "bot": bot.label,
                    "wins": bot.wins,
                    "win_rate": bot.wins / n,
                    "mean_score": bot.score_total / n,
                    "mean_turns": bot.turns / n,
                    "mean_decisions": bot.decisions / n,
                    "sweeps": bot.sweeps,
                    "share_of_decided": self.share(bot),
                    "ms_per_decision": 1000 * bot.thinking / bot.decisions
                    if bot.decisions
                    else None,
                    "ms_per_choice": bot.per_choice()[0],
                    "searched_per_choice": bot.per_choice()[1],
                }
                for i, bot in enumerate(self.bots)
            ],
            "shadows": [
                {"bot": sh.label, "choices": sh.choices, "differs": sh.differs}
                for sh in self.shadows
            ],
            "summary": self.summary_line(),
        }

    def lines(self) -> list[str]:
        """The human-readable report; the last line is ``summary_line()``."""
        data = self.as_dict()
        labels = " vs ".join(bot.label for bot in self.bots)
        out = [f"arena {self.game}: {labels}, {self.games} games, seed {self.seed}"]
        width = max(len(bot.label) for bot in self.bots)
        for row in data["seats"]:
            think = row["ms_per_decision"]
            out.append(
                f"seat{row['seat']} {row['bot']:<{width}}  {row['wins']:>5} wins "
                f"({100 * row['win_rate']:5.1f}%)  mean score {row['mean_score']:7.2f}  "
                f"mean turns {row['mean_turns']:6.1f}  "
                + (f"{think:8.3f} ms/decision" if think is not None else "")
            )
        rate = data["games_per_second"]
        for i, bot in enumerate(self.bots):
            share = self.share(bot)
            if share is not None:
                out.append(
                    f"seat{i} {bot.label:<{width}}  won {100 * share[0]:.1f}% of "
                    f"{self.decided} decided games (95% interval "
                    f"{100 * share[1]:.1f}-{100 * share[2]:.1f}%)"
                )
        for i, bot in enumerate(self.bots):
            ms, searched = bot.per_choice()
            if ms is not None:
                out.append(
                    f"seat{i} {bot.label:<{width}}  {ms:.1f} CPU ms per decision with a choice"
                    + (f", {searched:.0f} search iterations each" if searched is not None else "")
                )
        for sh in self.shadows:
            share = f" ({100 * sh.differs / sh.choices:.1f}%)" if sh.choices else ""
            out.append(
                f"shadow {sh.label} would have chosen otherwise at {sh.differs} of "
                f"{sh.choices} decisions with a choice{share}"
            )
        out.append(
            f"mean game length {data['mean_turns']:.1f} turns "
            f"({data['mean_actions']:.1f} decisions); "
            + (f"{rate:.1f} games/s" if rate else "no timing")
        )
        out.append(self.summary_line())
        return out


def wilson_interval(wins: int, games: int) -> tuple[float, float]:
    """The Wilson score interval (95%) of a win share: honest for few games and for 0 or
    all wins, where the plain normal interval collapses to a point."""
    p = wins / games
    centre = (p + Z95**2 / (2 * games)) / (1 + Z95**2 / games)
    half = Z95 / (1 + Z95**2 / games) * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2))
    return max(0.0, centre - half), min(1.0, centre + half)
