"""The menus as numbered lines: New game, Continue, Load, History (and its replay), Stats,
Learn to play, Quit. The same things the screens offer, from the same pure parts (the
registry, the save store, the history, the statistics, the tutorials).

A menu answer is a number, words of one choice, Enter for the default where there is
one, or ``back``; the end of input leaves from anywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.core import OptionSpec
from tui_games.engine.grammar import speak_to
from tui_games.engine.records import History
from tui_games.engine.saves import SaveError, SaveStore
from tui_games.engine.seating import HUMAN, default_kind, new_seed, seats_of
from tui_games.engine.session import Session
from tui_games.engine.stats import compute
from tui_games.engine.tutorial import Tutorial, guided_session
from tui_games.games import GameInfo, UnknownGame, all_games, get_game, load
from tui_games.lines.choices import Choice, Listing, could_be, matching, words_of
from tui_games.lines.console import Console
from tui_games.lines.replay import replay_lines
from tui_games.lines.table import LinesTable

BACK = -1  # `back` at a menu
GONE = -2  # the end of input


class Menus:
    """The lines front end from its main menu."""

    def __init__(self, console: Console, store: SaveStore, seed: int | None = None) -> None:
        self.console = console
        self.store = store
        self.first_seed = seed

    def say(self, text: str) -> None:
        self.console.say(text)

    def ask(self, title: str, options: Sequence[str], default: int | None = None, *,
            values: Sequence[int] | None = None, top: bool = False) -> int:
        """The index of the option picked, BACK or GONE; asks again until one fits.
        With ``values`` (a number for each option, that its label begins with: player
        counts) the options are listed by their labels alone and a number typed means
        the value, never a place in the list. ``top``: the main menu, where 'back' has
        nowhere to go and 'quit' leaves."""
        self.say(title)
        for number, option in enumerate(options, start=1):
            mark = " (Enter)" if default == number - 1 else ""
            self.say(f"{option}{mark}" if values is not None else f"{number}. {option}{mark}")
        choices = [Choice(option, index) for index, option in enumerate(options)]
        listing = Listing(choices, limit=len(choices))
        while True:
            line = self.console.read()
            if line is None:
                return GONE
            if not line:
                if default is not None:
                    return default
                self.say("Say a number, or 'back'.")
                continue
            if top and line.lower() == "back":
                self.say("This is the main menu: there is nothing to go back to. Say "
                         "'quit' to leave.")
                continue
            if line.lower() in ("back", "quit", "q"):
                return BACK
            said = words_of(line)
            if values is not None and said and said[0].isdigit():  # "2", "2 players"
                if int(said[0]) in values:
                    return list(values).index(int(said[0]))
                line = said[0]  # said to be no choice, below
            if values is None and line.isdigit() and 1 <= int(line) <= len(options):
                return int(line) - 1
            found = [] if values is not None and line.isdigit() else matching(line, choices)
            if len(found) == 1:
                return int(found[0].action)
            if found:
                self.say(could_be(line, listing.said(found)))
                continue
            self.say(f"'{line}' is not one of the choices: say "
                     + (" or ".join(str(v) for v in values) if values is not None
                        else f"a number from 1 to {len(options)}") + ", or 'back'.")

    # ---- the main menu -----------------------------------------------------------------

    def run(self, session: Session | None = None) -> int:
        """The main menu until Quit or the end of input; ``session`` is played first."""
        self.say("tui-games in plain lines. At any list, say a number or words from a "
                 "choice; at a table, 'help' lists the commands.")
        if session is not None and self.play(session) == GONE:
            return 0
        while True:
            latest = self.store.latest()
            entries: list[tuple[str, str]] = [("new", "New game")]
            if latest is not None:
                entries.append(("continue", f"Continue: {latest.title}, turn "
                                            f"{latest.turn_in_play}, {latest.name}"))
            entries += [("load", "Load a saved game"), ("history", "History of finished games"),
                        ("stats", "Stats"), ("learn", "Learn to play"), ("quit", "Quit")]
            picked = self.ask("Main menu:", [label for _, label in entries], default=0,
                              top=True)
            if picked in (GONE, BACK) or entries[picked][0] == "quit":
                return 0
            what = entries[picked][0]
            if what == "continue" and latest is not None:
                gone = self.open_file(latest.path)
            else:
                gone = {"new": self.new_game, "load": self.load, "history": self.history,
                        "stats": self.stats, "learn": self.learn}[what]()
            if gone == GONE:
                return 0

    # ---- new game ----------------------------------------------------------------------

    def new_game(self) -> int:
        games = list(all_games().values())
        picked = self.ask("Which game?", [f"{g.title}: {g.blurb}" for g in games])
        if picked < 0:
            return picked
        info = games[picked]
        counts = list(info.players)
        count = counts[0]
        if len(counts) > 1:
            default = counts.index(2) if 2 in counts else 0
            answer = self.ask("How many players?", [f"{n} players" if n > 1 else "1 player"
                                                    for n in counts], default=default,
                              values=counts)
            if answer < 0:
                return answer
            count = counts[answer]
        kinds = [HUMAN]
        levels = [HUMAN, *info.bots]
        labels = ["A person at this keyboard (hot-seat)",
                  *(f"Bot: {level}" for level in info.bots)]
        for seat in range(1, count):
            default = levels.index(default_kind(info, seat))
            answer = self.ask(f"Seat {seat + 1}: who plays it?", labels, default=default)
            if answer < 0:
                return answer
            kinds.append(levels[answer])
        options: dict[str, str] = {}
        for spec in info.rules.option_specs:
            value = self.option(spec)
            if value is None:
                return GONE
            options[spec.key] = value
        seed = self.first_seed if self.first_seed is not None else new_seed()
        self.first_seed = None
        session = Session.new(info.rules, seats_of(kinds), seed, options)
        return self.play(session)

    def option(self, spec: OptionSpec) -> str | None:
        values = [value for value, _ in spec.choices]
        labels = [label for _, label in spec.choices]
        if spec.pick:
            labels.append(f"Pick your own {spec.pick}")
        answer = self.ask(f"{spec.label}?", labels,
                          default=values.index(spec.default) if spec.default in values else 0)
        if answer == GONE:
            return None
        if answer == BACK:
            return spec.default
        if answer == len(values):
            return self.pick(spec)
        return values[answer]

    def pick(self, spec: OptionSpec) -> str | None:
        """Exactly ``spec.pick`` of its items, by their numbers."""
        items = [label for _, label in spec.items]
        self.say(f"Say the numbers of {spec.pick}, like "
                 f"'{' '.join(str(n) for n in range(1, spec.pick + 1))}':")
        for number, label in enumerate(items, start=1):
            self.say(f"{number}. {label}")
        while True:
            line = self.console.read()
            if line is None:
                return None
            numbers = {int(part) for part in line.replace(",", " ").split() if part.isdigit()}
            if len(numbers) == spec.pick and all(1 <= n <= len(items) for n in numbers):
                return spec.picked_value([spec.items[n - 1][0] for n in sorted(numbers)])
            self.say(f"Say {spec.pick} different numbers from 1 to {len(items)}.")

    # ---- playing -----------------------------------------------------------------------

    def info_of(self, session: Session) -> GameInfo:
        return get_game(session.rules.id)

    def play(self, session: Session, tutorial: Tutorial | None = None) -> int:
        info = self.info_of(session)
        names = ", ".join(f"{s.name} ({s.bot} bot)" if s.bot else s.name for s in session.seats)
        self.say(f"{info.title}: {names}.")
        ending = LinesTable(self.console, session, info, self.store, tutorial=tutorial).run()
        if ending == "left" and self.console.source_ended:
            return GONE
        return 0

    def open_file(self, path: str) -> int:
        try:
            session = self.store.load(path)
        except (SaveError, UnknownGame) as exc:
            self.say(str(exc))
            return 0
        return self.play(session)

    def load(self) -> int:
        rows = [row for row in self.store.list()]
        if not rows:
            self.say("No saved games yet.")
            return 0
        labels = [f"{row.name}: broken, {row.error}" if row.error else
                  f"{row.name}: {row.title}, turn {row.turn_in_play}, "
                  f"{', '.join(row.players)}" for row in rows]
        picked = self.ask("Which game? (newest first)", labels)
        if picked < 0:
            return picked
        if rows[picked].error:
            self.say(f"{rows[picked].name} cannot be loaded: {rows[picked].error}")
            return 0
        return self.open_file(rows[picked].path)

    # ---- history, stats, learn ---------------------------------------------------------

    def history(self) -> int:
        history = History(self.store)
        rows = [row for row in history.list() if row.error is None]
        if not rows:
            self.say("No finished games yet: they are kept here once played to the end.")
            return 0
        labels = [f"{row.title}, {row.finished_at[:16].replace('T', ' ')}: {row.result()}. "
                  f"{speak_to(row.reason, [s.name for s in row.seats])}" for row in rows]
        picked = self.ask("Which game to replay? (newest first)", labels)
        if picked < 0:
            return picked
        try:
            session, _ = history.open(rows[picked].path)
        except SaveError as exc:
            self.say(str(exc))
            return 0
        return replay_lines(self.console, session, self.info_of(session))

    def stats(self) -> int:
        lines = compute(History(self.store).list())
        if not lines:
            self.say("No finished games yet: the stats come from the history.")
            return 0
        for row in lines:
            rate = round(100 * row.win_rate)
            self.say(f"{row.title} against {row.opponents}: {row.games} games, {row.wins} "
                     f"won ({rate}%), best score {row.best_score}, average "
                     f"{row.average_score:.1f}, streak {row.current_streak} (best "
                     f"{row.best_streak}), {row.average_turns:.0f} turns a game.")
        return 0

    def learn(self) -> int:
        games = [info for info in all_games().values() if info.tutorial]
        picked = self.ask("Learn which game? A short guided game on a fixed deal against "
                          "the easy bot, each step saying what to do and why.",
                          [info.title for info in games])
        if picked < 0:
            return picked
        info = games[picked]
        tutorial: Tutorial = load(info.tutorial)
        return self.play(guided_session(info.rules, tutorial), tutorial)
