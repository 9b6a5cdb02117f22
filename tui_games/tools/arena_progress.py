"""The arena's progress on a terminal: games done, the first bot's running share of the
decided games with its 95% interval, and the time left (rich's progress bar).

Only `tui-games arena` on a terminal shows it; piped output and --json never do.
"""

from __future__ import annotations

from types import TracebackType

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from tui_games.tools.arena_report import ArenaResult, wilson_interval


def share_text(result: ArenaResult, done: int) -> str:
    """`hard 62.5% (40.9-80.0%) of 16 decided` after ``done`` games of the run, or `no
    game decided yet`. (``result.games`` is the whole run's count, not the games done.)"""
    bot = result.bots[0]
    decided = done - result.ties
    if decided <= 0:
        return "no game decided yet"
    low, high = wilson_interval(bot.wins, decided)
    return (f"{bot.label} {100 * bot.wins / decided:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"
            f" of {decided} decided")


class ArenaProgress:
    """A rich progress bar fed by run_arena's ``progress`` callback."""

    def __init__(self, games: int) -> None:
        self.progress = Progress(
            TextColumn("arena"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[share]}"), TimeElapsedColumn(), TextColumn("left"),
            TimeRemainingColumn(), transient=True)
        self.task = self.progress.add_task("games", total=games, share="no game decided yet")

    def __enter__(self) -> ArenaProgress:
        self.progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.progress.stop()

    def update(self, result: ArenaResult, done: int) -> None:
        self.progress.update(self.task, completed=done, share=share_text(result, done))
