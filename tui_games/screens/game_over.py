"""The end of a game: who won, why, and where every point came from."""

from __future__ import annotations

from typing import Literal

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from tui_games.engine.core import Outcome, is_detail
from tui_games.engine.grammar import seat_ref, speak_to
from tui_games.engine.session import Seat
from tui_games.engine.text import printable
from tui_games.screens.dismiss_once import DismissOnce
from tui_games.screens.names import shown_name

GameOverChoice = Literal["new", "rematch", "menu", "review"]
WINNER_MARK = "★"
BUTTONS = Binding.Group("Button")
SCROLL = Binding.Group("Scroll")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def headline(outcome: Outcome, seats: list[Seat]) -> str:
    """"Ana wins!" or "Ana and Bo share the win" (names as shown: see screens/names)."""
    everyone = [shown_name(s.name) for s in seats]
    names = [everyone[i] for i in outcome.winners]
    if not names:  # a lost solo game, a semi-cooperative game nobody won
        return "Nobody wins"
    if len(names) == 1:
        won = speak_to(f"{seat_ref(outcome.winners[0])} wins!", everyone)
        return f"{WINNER_MARK} {won} {WINNER_MARK}"
    if len(names) == len(seats):
        return "A draw: everyone shares the win"
    return f"{WINNER_MARK} {', '.join(names[:-1])} and {names[-1]} share the win {WINNER_MARK}"


def decided_line(outcome: Outcome, seats: list[Seat]) -> str:
    """What decided the result, with the players' names ("" when the game has no line)."""
    everyone = [shown_name(s.name) for s in seats]
    return speak_to(outcome.decided_by, everyone) if outcome.decided_by else ""


Key = tuple[str, str]  # (the main row, the detail row or "")


def keyed(rows: list[tuple[str, int]]) -> dict[Key, int]:
    """A seat's rows by key: a detail row is known by its label and the row above it."""
    found: dict[Key, int] = {}
    parent = ""
    for label, value in rows:
        if is_detail(label) and parent:
            found[(parent, label)] = value
        else:
            parent = label
            found[(label, "")] = value
    return found


def merged_keys(breakdown: list[list[tuple[str, int]]]) -> list[Key]:
    """Every seat's rows in one order: the main rows as they first come, each followed
    by the detail rows any seat has under it (a detail stays under its row)."""
    mains: list[str] = []
    details: dict[str, list[Key]] = {}
    for rows in breakdown:
        for parent, label in keyed(rows):
            if label:
                under = details.setdefault(parent, [])
                if (parent, label) not in under:
                    under.append((parent, label))
            elif parent not in mains:
                mains.append(parent)
    return [key for main in mains for key in ((main, ""), *details.get(main, []))]


def breakdown_table(outcome: Outcome, seats: list[Seat]) -> Table:
    """Rows = the breakdown labels then score and place; one column per player.

    Winners are marked by a star and bold, not by colour alone. Every cell is a plain
    Text: a player's name is never read as markup. Detail rows (core.is_detail) are dim:
    they explain the row above and are not part of the sum.
    """
    table = Table(box=None, show_edge=False, pad_edge=False, expand=False,
                  header_style="bold", padding=(0, 2))
    table.add_column("")
    for i, seat in enumerate(seats):
        won = i in outcome.winners
        name = shown_name(seat.name)
        table.add_column(Text(f"{WINNER_MARK} {name}" if won else name,
                              style="bold reverse" if won else "bold"), justify="right")
    keys = merged_keys(outcome.breakdown)
    seat_rows = [keyed(outcome.breakdown[i]) if i < len(outcome.breakdown) else {}
                 for i in range(len(seats))]
    for key in keys:
        label = key[1] or key[0]
        style = "dim" if key[1] else ""
        cells = [Text(str(rows[key]) if key in rows else "", style=style) for rows in seat_rows]
        table.add_row(Text(printable(label), style=style), *cells)
    if keys:
        table.add_section()
    table.add_row(Text("Score", style="bold"),
                  *[Text(str(s), style="bold") for s in outcome.scores])
    table.add_row(Text("Place"), *[Text(ordinal(r)) for r in outcome.ranks])
    return table


class GameOverScreen(DismissOnce, ModalScreen[GameOverChoice]):
    """The final result; dismisses with "new", "rematch", "menu" or "review" (a look at the
    final table and log before leaving it)."""

    BINDINGS = [
        Binding("t", "choose('review')", "Look at the table"),
        Binding("n", "choose('new')", "New game"),
        Binding("r", "choose('rematch')", "Rematch"),
        Binding("m,escape", "choose('menu')", "Menu"),
        Binding("left", "app.focus_previous", "Previous button", group=BUTTONS),
        Binding("right", "app.focus_next", "Next button", group=BUTTONS),
        Binding("up", "scroll_scores(-1)", "Scroll the scores up", group=SCROLL),
        Binding("down", "scroll_scores(1)", "Scroll the scores down", group=SCROLL),
    ]

    def __init__(self, outcome: Outcome, seats: list[Seat], title: str = "",
                 hints: str = "") -> None:
        """``hints`` says how many hints each player used ("" for no such line)."""
        super().__init__()
        self.hints = hints
        self.outcome = outcome
        self.seats = list(seats)
        self.game_title = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="game-over"):
            heading = f"Game over - {self.game_title}" if self.game_title else "Game over"
            yield Static(Content(heading), classes="dialog-title")
            yield Static(Content(headline(self.outcome, self.seats)), id="headline")
            decided = decided_line(self.outcome, self.seats)
            if self.outcome.reason:  # the decided-by line follows it without a gap
                yield Static(Content(printable(self.outcome.reason)), id="reason",
                             classes="dialog-note -tight" if decided else "dialog-note")
            if decided:
                yield Static(Content(printable(decided)), id="decided-by",
                             classes="dialog-note")
            with VerticalScroll(id="breakdown-scroll", can_focus=False):
                yield Static(breakdown_table(self.outcome, self.seats), id="breakdown")
            if self.hints:
                yield Static(Content(printable(self.hints)), id="hints-used",
                             classes="dialog-note")
            with Horizontal(classes="dialog-buttons"):
                # One look for every button: only focus marks the one Enter presses.
                yield Button("New game (n)", id="new")
                yield Button("Rematch (r)", id="rematch")
                yield Button("Table (t)", id="review")
                yield Button("Menu (m)", id="menu")
        yield Footer()

    def on_mount(self) -> None:
        """Enter presses New game unless the player moves to another button."""
        for button in self.query("#new").results(Button):  # none if closed while built
            button.focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id
        if choice in ("new", "rematch", "menu", "review"):
            self.dismiss(choice)  # type: ignore[arg-type]

    def action_scroll_scores(self, lines: int) -> None:
        """Scroll the score table (a long breakdown is taller than the dialog allows)."""
        for box in self.query("#breakdown-scroll").results(VerticalScroll):
            box.scroll_relative(y=lines, animate=False)

    def action_choose(self, choice: GameOverChoice) -> None:
        """Close with ``choice``."""
        self.dismiss(choice)
