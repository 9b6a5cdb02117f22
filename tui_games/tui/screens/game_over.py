"""The end of a game: who won, why, and where every point came from."""

from __future__ import annotations

import textwrap
from typing import Literal

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.css.scalar import Unit
from textual.events import Resize
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual

from tui_games.engine.core import Outcome, is_detail
from tui_games.engine.grammar import seat_ref, speak_to
from tui_games.engine.session import Seat
from tui_games.engine.text import printable
from tui_games.tui.screens.choice_row import ChoiceRow, RowChoice
from tui_games.tui.screens.dismiss_once import DismissOnce
from tui_games.tui.screens.laid_out_once import LaidOutOnce
from tui_games.tui.screens.names import shown_name

GameOverChoice = Literal["new", "rematch", "menu", "review"]
# The answers a table offers, in order (the first is Enter's); an online table, whose new
# games are made in the lobby, offers fewer.
ANSWERS: tuple[tuple[GameOverChoice, str], ...] = (
    ("new", "New game (n)"), ("rematch", "Rematch (r)"), ("review", "Table (t)"),
    ("menu", "Menu (m)"))
WINNER_MARK = "★"
SCROLL = Binding.Group("Scroll")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def headline(outcome: Outcome, seats: list[Seat], viewer: int | None = None) -> str:
    """"Ana wins!" or "Ana and Bo share the win" (names as shown: see screens/names);
    "You win!" on the screen of ``viewer``, the seat this screen belongs to."""
    everyone = [shown_name(s.name) for s in seats]
    names = [everyone[i] for i in outcome.winners]
    if not names:  # a lost solo game, a semi-cooperative game nobody won
        return "Nobody wins"
    if len(names) == 1:
        won = speak_to(f"{seat_ref(outcome.winners[0])} wins!", everyone, viewer)
        return f"{WINNER_MARK} {won} {WINNER_MARK}"
    if len(names) == len(seats):
        return "A draw: everyone shares the win"
    return f"{WINNER_MARK} {', '.join(names[:-1])} and {names[-1]} share the win {WINNER_MARK}"


def decided_line(outcome: Outcome, seats: list[Seat], viewer: int | None = None) -> str:
    """What decided the result, with the players' names ("" when the game has no line)."""
    everyone = [shown_name(s.name) for s in seats]
    return speak_to(outcome.decided_by, everyone, viewer) if outcome.decided_by else ""


def summary_text(lines: list[str], note: str) -> Content:
    """A summary dialog's body as one text: its lines (plain text, never markup), a gap,
    then the muted ``note`` that names its keys."""
    return Content.assemble(Content("\n".join(lines)), "\n\n",
                            Content.styled(note, "$text-muted"))


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


Cell = tuple[str, str]  # (text, style)
SEPARATOR = 4  # columns between two columns of the breakdown
LABEL_AT_LEAST = 12  # a label column narrower than this wraps its labels too often


def breakdown_grid(outcome: Outcome, seats: list[Seat]) -> list[list[Cell]]:
    """The breakdown as rows of cells: a header (one column per player), score and place,
    then the breakdown labels (the lines that matter first: at 80x24 a long breakdown
    scrolls, and the total and the place were only found by scrolling down to them).

    Winners are marked by a star and bold reverse, not by colour alone. Detail rows
    (core.is_detail) are dim: they explain the row above and are not part of the sum.
    Every cell is plain text: a player's name is never read as markup.
    """
    header: list[Cell] = [("", "")]
    for i, seat in enumerate(seats):
        name = printable(shown_name(seat.name))
        won = i in outcome.winners
        header.append((f"{WINNER_MARK} {name}" if won else name,
                       "bold reverse" if won else "bold"))
    rows = [header,
            [("Score", "bold"), *[(str(s), "bold") for s in outcome.scores]],
            [("Place", ""), *[(ordinal(r), "") for r in outcome.ranks]]]
    seat_rows = [keyed(outcome.breakdown[i]) if i < len(outcome.breakdown) else {}
                 for i in range(len(seats))]
    for key in merged_keys(outcome.breakdown):
        style = "dim" if key[1] else ""
        rows.append([(printable(key[1] or key[0]), style),
                     *[(str(values[key]) if key in values else "", style)
                       for values in seat_rows]])
    return rows


def column_widths(grid: list[list[Cell]]) -> list[int]:
    """Each column's width with nothing wrapped or shortened."""
    columns = max(len(row) for row in grid)
    return [max(cell_len(row[c][0]) if c < len(row) else 0 for row in grid)
            for c in range(columns)]


def natural_width(grid: list[list[Cell]]) -> int:
    """How wide ``grid``'s lines are with nothing wrapped or shortened."""
    widths = column_widths(grid)
    return sum(widths) + SEPARATOR * (len(widths) - 1)


def breakdown_lines(grid: list[list[Cell]], width: int) -> list[Content]:
    """``grid`` as aligned lines at most ``width`` wide (when it can be): labels on the
    left, numbers on the right, SEPARATOR apart. When the table is too wide, long labels
    wrap (the rest of a label stays under its start), then the players' names shorten
    with an ellipsis."""
    widths = column_widths(grid)
    columns = len(widths)
    over = sum(widths) + SEPARATOR * (columns - 1) - width
    if over > 0:
        widths[0] = max(LABEL_AT_LEAST, widths[0] - over)
        over = sum(widths) + SEPARATOR * (columns - 1) - width
    if over > 0 and columns > 1:
        share = -(-over // (columns - 1))
        for c in range(1, columns):
            least = max((cell_len(row[c][0]) for row in grid[1:] if c < len(row)), default=1)
            widths[c] = max(least, widths[c] - share)
    lines: list[Content] = []
    for row in grid:
        label, label_style = row[0]
        indent = len(label) - len(label.lstrip(" "))
        wrapped = textwrap.wrap(label, widths[0], subsequent_indent=" " * indent) or [""]
        for number, part in enumerate(wrapped):
            pieces = [Content.styled(part.rstrip(), label_style).pad_right(
                widths[0] - len(part.rstrip()))]
            for c in range(1, columns):
                text, style = row[c] if c < len(row) and not number else ("", "")
                cell = Content.styled(text, style)
                if cell_len(text) > widths[c]:
                    cell = cell.truncate(widths[c], ellipsis=True)
                pieces.append(Content(" " * (SEPARATOR + widths[c] - cell.cell_length)))
                pieces.append(cell)
            lines.append(Content.assemble(*pieces))
    return lines


TABLE_ROWS = 12  # the breakdown's box shows at most this many rows of the table


class Breakdown(ScrollView, can_focus=False):
    """The dialog's body as one scroll box of lines (the line API, as Textual's Log draws
    its lines): the result on top (``head``, centred), a gap, the hints line and a gap,
    then the breakdown table (each row centred, as a block) and blank rows to the box's
    height. The top and the row of names stay put: a table too tall for the box scrolls
    under them (at 80x24 the title scrolled away, and the hints line showed only at the
    very bottom).

    One widget: a Static for the result, a VerticalScroll around a widget of the table
    and a Static for the hints were four for the dialog's first frame to mount, style
    (twice: on mounting and when the screen is shown), lay out and draw. A table taller
    than the dialog allows scrolls, the result with it.
    """

    # Its styles are in screens.tcss, not DEFAULT_CSS: the first widget of a class with
    # CSS of its own makes Textual parse the whole stylesheet again, in the first frame.
    COMPONENT_CLASSES = {"breakdown--note"}

    def __init__(self, head: Content, grid: list[list[Cell]], hints: str = "", *,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.head = head
        self.grid = grid
        self.hints = hints
        self._lines: dict[int, list[Content]] = {}
        self._tops: dict[int, list[Content]] = {}
        self._bodies: dict[tuple[int, int], list[tuple[Content, int]]] = {}
        self._drawn: dict[tuple[int, int], list[Content]] = {}
        self._strips: dict[tuple[int, int, int], Strip] = {}  # cleared on a restyle
        self._note = Content.styled(printable(hints), ".breakdown--note")

    def lines(self, width: int) -> list[Content]:
        """The table's lines at ``width`` (worked out once per width)."""
        if width not in self._lines:
            self._lines[width] = breakdown_lines(self.grid, width)
        return self._lines[width]

    def block_width(self, room: int) -> int:
        """The table as wide as its longest line, at most ``room``."""
        return min(room, natural_width(self.grid))

    def table(self, room: int) -> list[Content]:
        """The table's lines in a box ``room`` wide."""
        return self.lines(self.block_width(room))

    def top(self, room: int) -> list[Content]:
        """The rows that never scroll: the result wrapped to ``room`` (each line centred
        when drawn, as ``text-align: center`` centres it), a gap, and the hints line
        (muted, as a dialog's note is) with a gap under it when there is one."""
        if room not in self._tops:
            note = [*self._note.wrap(room), Content("")] if self.hints else []
            self._tops[room] = [*self.head.wrap(room), Content(""), *note]
        return self._tops[room]

    def pinned(self, room: int) -> int:
        """How many rows never scroll: the top's and the table's row of names."""
        return len(self.top(room)) + min(1, len(self.table(room)))

    def natural_height(self, room: int) -> int:
        """Every row of the body at ``room`` wide, none of the box's blank rows."""
        return len(self.top(room)) + len(self.table(room))

    def fit(self, room: int) -> None:
        """Lay the body out for ``room`` columns (its scroll bar left out)."""
        size = Size(room, self.natural_height(room))
        if size != self.virtual_size:
            self.virtual_size = size

    def on_resize(self) -> None:
        self.fit(self.scrollable_content_region.width)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()

    def body(self, room: int, height: int) -> list[tuple[Content, int]]:
        """The rows of a body ``height`` tall, each with its first column: the table's
        box takes the rows the result and the hints leave (blank under a short table).
        A line of the top is centred, the table as a block (at ``(room - width) // 2``,
        as Textual centres a line and aligns a child)."""
        if (room, height) not in self._bodies:
            top, table = self.top(room), self.table(room)
            blank = max(0, height - len(top) - len(table))
            block = max((line.cell_length for line in table), default=0)
            self._bodies[room, height] = [
                *((line, (room - line.cell_length) // 2) for line in top),
                *((line, (room - block) // 2) for line in table),
                *((Content(""), 0) for _ in range(blank))]
        return self._bodies[room, height]

    def drawn(self, room: int, height: int) -> list[Content]:
        """The rows as drawn, each ``room`` wide (its first column's blanks included)."""
        if (room, height) not in self._drawn:
            self._drawn[room, height] = [
                Content.assemble(" " * left, line).pad_right(room - left - line.cell_length)
                for line, left in self.body(room, height)]
        return self._drawn[room, height]

    def render(self) -> Content:
        """Every row as one text, as drawn: what a selection with the mouse copies, and
        what a selection is drawn over (text extraction, tests)."""
        room = self.scrollable_content_region.width or 10_000
        return Content("\n").join(self.drawn(room, self.size.height))

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the box."""
        room = self.scrollable_content_region.width
        # The top's rows and the table's names stay put; the rest scrolls under them. The
        # scroll range is the same either way: the natural height less the box's.
        row = y if y < self.pinned(room) else y + self.scroll_offset.y
        if self.text_selection is not None:  # drawn over every row at once, as Textual does
            strips = Visual.to_strips(self, self.render(), room, None, self.visual_style)
            return strips[row] if 0 <= row < len(strips) else Strip.blank(room)
        key = (row, room, self.size.height)
        strip = self._strips.get(key)
        if strip is None:
            rows = self.drawn(room, self.size.height)
            strip = (Visual.to_strips(self, rows[row], room, 1, self.visual_style)[0]
                     if 0 <= row < len(rows) else
                     Strip.blank(room, self.visual_style.rich_style))
            self._strips[key] = strip
        return strip


class GameOverScreen(DismissOnce, LaidOutOnce, ModalScreen[GameOverChoice]):
    """The final result; dismisses with "new", "rematch", "menu" or "review" (a look at the
    final table and log before leaving it).

    Three widgets, for a first frame soon after the last move: the box; its body, one
    Breakdown of lines (the result, the table and the hints line); and the answers, one
    ChoiceRow (their keys are on them). The other keys are on the box's bottom border,
    so there is no Footer.
    """

    BINDINGS = [
        Binding("t", "choose('review')", "Look at the table"),
        Binding("n", "choose('new')", "New game"),
        Binding("r", "choose('rematch')", "Rematch"),
        Binding("m,escape", "choose('menu')", "Menu"),
        Binding("up", "scroll_scores(-1)", "Scroll the scores up", group=SCROLL),
        Binding("down", "scroll_scores(1)", "Scroll the scores down", group=SCROLL),
    ]
    KEYS_NOTE = "←→ Enter: choose   ↑↓: scroll the scores"

    def __init__(self, outcome: Outcome, seats: list[Seat], title: str = "",
                 hints: str = "",
                 answers: tuple[tuple[GameOverChoice, str], ...] = ANSWERS,
                 viewer: int | None = None) -> None:
        """``hints`` says how many hints each player used ("" for no such line);
        ``answers`` are the choices offered (their keys work only if offered); ``viewer``
        is the seat whose screen this is, when it is one player's (online)."""
        super().__init__()
        self.answers = answers
        self.viewer = viewer
        self.hints = hints
        self.outcome = outcome
        self.seats = list(seats)
        self.game_title = title

    def headline_text(self) -> str:
        """Who won, above the reason (a game may say it its own way)."""
        return headline(self.outcome, self.seats, self.viewer)

    def result(self) -> Content:
        """The title, who won, why and what decided it, as one text: the top of the body
        (a widget each cost the first frame a millisecond or two)."""
        heading = f"Game over - {self.game_title}" if self.game_title else "Game over"
        parts: list[Content | str] = [Content.styled(heading, "bold"), "\n\n",
                                      Content.styled(self.headline_text(), "bold $success")]
        decided = decided_line(self.outcome, self.seats, self.viewer)
        if self.outcome.reason:
            parts += ["\n\n", Content.styled(printable(self.outcome.reason), "$text-muted")]
        if decided:  # right under the reason, without a gap
            parts += ["\n" if self.outcome.reason else "\n\n",
                      Content.styled(printable(decided), "$text-muted")]
        return Content.assemble(*parts)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="game-over") as box:
            box.border_subtitle = self.KEYS_NOTE
            yield Breakdown(self.result(), breakdown_grid(self.outcome, self.seats),
                            self.hints, id="breakdown")
            # Enter presses New game unless the player moves to another answer.
            yield ChoiceRow([RowChoice(answer, label) for answer, label in self.answers],
                            chosen=self.answers[0][0], id="answers")

    def on_mount(self) -> None:
        """The answers have focus: Enter presses the chosen one."""
        for row in self.query("#answers").results(ChoiceRow):  # none if closed while built
            row.focus()
        self.fit_scores(self.app.size)

    def on_resize(self, event: Resize) -> None:
        """A new terminal size: does the breakdown still need its scroll bar?"""
        if event.size != self.outer_size:
            self.fit_scores(event.size)

    def scores_room(self, size: Size) -> tuple[int, int]:
        """The body's (width, height) in a terminal of ``size``: the answers take their
        height, the body what is left, at most its own rows with a full table box, as
        screens.tcss lays #game-over out."""
        box = self.query_one("#game-over", Vertical)
        body = self.query_one("#breakdown", Breakdown)
        wide = box.styles.width
        width = min(size.width, size.width if wide is None else int(wide.resolve(size, size)))
        width -= box.styles.gutter.width
        rest = box.styles.gutter.height
        for part in box.children:
            if part is not body:
                rest += part.styles.margin.height + (
                    part.get_content_height(size, size, width)
                    if part.styles.height.is_auto or part.styles.height.unit == Unit.PERCENT
                    else int(part.styles.height.resolve(size, size)))
        most = len(body.top(width)) + TABLE_ROWS
        return width, min(size.height - rest, most)

    def fit_scores(self, size: Size) -> None:
        """Show the body's scroll bar from the first frame when it will need one, and lay
        it out for the width that leaves. Left to "auto", Textual lays the dialog out
        without it, draws that frame, then finds the body too tall and lays out and
        draws the dialog again (~7 kB and ~9 ms more at 80x24)."""
        if not self.query("#breakdown"):
            return  # closed while it was being built
        body = self.query_one("#breakdown", Breakdown)
        width, room = self.scores_room(size)
        body.styles.max_height = len(body.top(width)) + TABLE_ROWS
        overflow = body.natural_height(width) > room
        if overflow:  # the result and the hints wrap at the narrower width too
            narrower = width - body.styles.scrollbar_size_vertical
            body.styles.max_height = len(body.top(narrower)) + TABLE_ROWS
        body.styles.overflow_y = "scroll" if overflow else "auto"
        # Shown before the first layout, so that it already makes room for the bar.
        body.show_vertical_scrollbar = overflow
        body.fit(width - body.styles.scrollbar_size_vertical if overflow else width)

    @on(ChoiceRow.Pressed)
    def _pressed(self, event: ChoiceRow.Pressed) -> None:
        if event.answer in ("new", "rematch", "menu", "review"):
            self.dismiss(event.answer)  # type: ignore[arg-type]

    def action_scroll_scores(self, lines: int) -> None:
        """Scroll the score table (a long breakdown is taller than the dialog allows)."""
        for box in self.query("#breakdown").results(Breakdown):
            box.scroll_relative(y=lines, animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A choice's key works only when the choice is offered."""
        if action == "choose":
            return any(parameters[:1] == (answer,) for answer, _ in self.answers)
        return True

    def action_choose(self, choice: GameOverChoice) -> None:
        """Close with ``choice``."""
        self.dismiss(choice)
