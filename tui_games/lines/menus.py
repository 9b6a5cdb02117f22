"""The menus as numbered lines: New game, Continue, Load, History (and its replay), Stats,
Learn to play, Quit. The same things the screens offer, from the same pure parts (the
registry, the save store, the history, the statistics, the tutorials).

A menu answer is a number, words of one choice, Enter for the default where there is
one, or ``back``; the end of input leaves from anywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
QUIT = -3  # `quit` at a menu: leave it (New game as a whole, not one question)

Step = Callable[[], object]  # one question of a series: its answer, BACK, QUIT or GONE


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
        nowhere to go and 'quit' leaves; elsewhere 'quit' is QUIT."""
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
            if line.lower() == "back" or (top and line.lower() in ("quit", "q")):
                return BACK
            if line.lower() in ("quit", "q"):
                return QUIT
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
            if picked < 0 or entries[picked][0] == "quit":
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

    def walk(self, steps_of: Callable[[list[object]], list[Step]]) -> list[object] | int:
        """The answers to a series of questions, asked in turn: ``steps_of(answers so far)``
        is the whole series (later questions hang on earlier answers: the game, the player
        count). 'back' goes one question back (at the first: BACK, to the menu before);
        'quit' is QUIT and the end of input GONE, from any question."""
        answers: list[object] = []
        while True:
            steps = steps_of(answers)
            if len(answers) == len(steps):
                return answers
            answer = steps[len(answers)]()
            if isinstance(answer, int) and answer == BACK:
                if not answers:
                    return BACK
                answers.pop()
                continue
            if isinstance(answer, int) and answer < 0:  # QUIT, GONE
                return answer
            answers.append(answer)

    def game_steps(self, answers: list[object], seat_step: Callable[[GameInfo, int], Step]
                   ) -> list[Step]:
        """New game's questions so far: the game, how many players (when it may vary),
        who plays each seat after the first, then each option; ``answers[0]`` is the game's
        index in ``all_games()``, ``answers[1]`` the count's (when asked)."""
        games = list(all_games().values())
        steps: list[Step] = [lambda: self.ask("Which game?",
                                              [f"{g.title}: {g.blurb}" for g in games])]
        if not answers:
            return steps
        info = games[int(answers[0])]  # type: ignore[call-overload]
        counts = list(info.players)
        count = counts[0]
        if len(counts) > 1:
            default = counts.index(2) if 2 in counts else 0
            steps.append(lambda: self.ask(
                "How many players?", [f"{n} players" if n > 1 else "1 player" for n in counts],
                default=default, values=counts))
            if len(answers) < 2:
                return steps
            count = counts[int(answers[1])]  # type: ignore[call-overload]
        steps += [seat_step(info, seat) for seat in range(1, count)]
        steps += [self.option_step(spec) for spec in info.rules.option_specs]
        return steps

    def option_step(self, spec: OptionSpec) -> Step:
        return lambda: self.option(spec)

    def seat_step(self, info: GameInfo, seat: int) -> Step:
        levels = [HUMAN, *info.bots]
        labels = ["A person at this keyboard (hot-seat)",
                  *(f"Bot: {level}" for level in info.bots)]

        def step() -> object:
            answer = self.ask(f"Seat {seat + 1}: who plays it?", labels,
                              default=levels.index(default_kind(info, seat)))
            return answer if answer < 0 else levels[answer]
        return step

    def new_game(self) -> int:
        answers = self.walk(lambda so_far: self.game_steps(so_far, self.seat_step))
        if isinstance(answers, int):
            return GONE if answers == GONE else 0
        info = list(all_games().values())[int(answers[0])]  # type: ignore[call-overload]
        at = 2 if len(info.players) > 1 else 1
        count = len(answers) - at - len(info.rules.option_specs) + 1
        kinds = [HUMAN, *(str(kind) for kind in answers[at:at + count - 1])]
        options = {spec.key: str(value) for spec, value
                   in zip(info.rules.option_specs, answers[at + count - 1:], strict=True)}
        seed = self.first_seed if self.first_seed is not None else new_seed()
        self.first_seed = None
        session = Session.new(info.rules, seats_of(kinds), seed, options)
        return self.play(session)

    def option(self, spec: OptionSpec) -> str | int:
        """The option's value, BACK, QUIT or GONE; 'back' while picking one's own items
        asks this question again."""
        values = [value for value, _ in spec.choices]
        labels = [label for _, label in spec.choices]
        if spec.pick:
            labels.append(f"Pick your own {spec.pick}")
        while True:
            answer = self.ask(f"{spec.label}?", labels,
                              default=values.index(spec.default) if spec.default in values
                              else 0)
            if answer < 0:
                return answer
            if answer < len(values):
                return values[answer]
            picked = self.pick(spec)
            if picked is None:
                return GONE
            if picked != BACK:
                return picked

    def pick(self, spec: OptionSpec) -> str | int | None:
        """Exactly ``spec.pick`` of its items, by their numbers; BACK on 'back'."""
        items = [label for _, label in spec.items]
        self.say(f"Say the numbers of {spec.pick}, like "
                 f"'{' '.join(str(n) for n in range(1, spec.pick + 1))}':")
        for number, label in enumerate(items, start=1):
            self.say(f"{number}. {label}")
        while True:
            line = self.console.read()
            if line is None:
                return None
            if line.lower() == "back":
                return BACK
            numbers = {int(part) for part in line.replace(",", " ").split() if part.isdigit()}
            if len(numbers) == spec.pick and all(1 <= n <= len(items) for n in numbers):
                return spec.picked_value([spec.items[n - 1][0] for n in sorted(numbers)])
            self.say(f"Say {spec.pick} different numbers from 1 to {len(items)}, or 'back'.")

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
