"""The new-game dialog: the game, its seats (human or bot level), a seed and its options."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Static

from tui_games.engine.core import Options, OptionSpec, default_options
from tui_games.engine.grammar import plural
from tui_games.engine.seating import (
    HUMAN,
    default_kind,
    default_name,
    default_seats,
    new_seed,
)
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games
from tui_games.tui.screens.dismiss_once import DismissOnce
from tui_games.tui.screens.fields import FIELD, ChoiceField, NameField, TextField
from tui_games.tui.screens.names import MAX_NAME, input_name, refused_name
from tui_games.tui.screens.pick import PickScreen
from tui_games.tui.widgets.status import StatusLine

if TYPE_CHECKING:
    from tui_games.tui.app import GamesApp

OPTION_FITS = 36  # the longest choice that shows whole in a choice field


def full_label(spec: OptionSpec, value: str) -> str:
    """A choice's whole words: its label, or for a pick of one's own its items."""
    if value in {choice for choice, _ in spec.choices}:
        return spec.label_of(value)
    return f"Your pick: {spec.label_of(value)}"


def choice_words(label: str) -> tuple[str, str]:
    """A choice's words in its field, and the note under the field ("" when the label
    fits). A long label is not cut in the field and repeated whole below it: its head
    ("Default") goes in the field and the rest (the cards it holds) in the note."""
    if len(label) <= OPTION_FITS:
        return label, ""
    head, colon, rest = label.partition(": ")
    if colon and len(head) <= OPTION_FITS:
        return head, rest
    return label[:OPTION_FITS - 1].rsplit(" ", 1)[0] + "…", label
FIXED_LABELS = ("Game", "Players", "Seed")  # and "Seat N": an option may not reuse them
PICK_OWN = "\x00pick"  # the "pick your own" choice of an option with OptionSpec.pick


def is_default_name(index: int, name: str) -> bool:
    """True for a name the player has not typed: blank or one of the seat's defaults."""
    return name.strip() in {"", "You", f"Player {index + 1}", f"Bot {index + 1}"}


def option_label(label: str, taken: set[str]) -> str:
    """An option's label, made different from the dialog's own labels and the others'."""
    if label not in taken and not label.startswith("Seat "):
        return label
    return f"{label} type"


def kind_choices(info: GameInfo) -> list[tuple[str, str]]:
    """Human, then one entry per bot level of the game."""
    return [("Human", HUMAN)] + [(f"Bot: {level}", level) for level in info.bots]


HINTS = {
    "game": "←→ change the game · space opens the list · enter starts",
    "count": "←→ change the number of players · space opens the list · enter starts",
    "kind": "←→ Human or a bot level for {seat} · space opens the list · enter starts",
    "name": "Type {seat}'s name · space at the start opens its list · ↑↓ other fields",
    "seed": "Type a number to replay a deal; blank for a random one · enter starts",
    "option": "←→ change {label} · space opens the list · enter starts",
    "start": "enter starts the game · ↑↓ other fields · esc goes back",
    "cancel": "enter goes back to the menu · ↑↓ other fields",
    "list": "↑↓ choose · enter takes it · esc closes the list",
}


FORM_NEWS = (Input.Changed, Input.Submitted, ChoiceField.Changed, Button.Pressed,
             NameField.ListWanted, NameField.Refused, events.DescendantFocus)


class NewGameScreen(DismissOnce, Screen[None]):
    """Set up a game and start it. Up/down move between fields, left/right change one,
    space opens a list, enter starts. The line under the form says what the keys do in
    the field that has the focus."""

    BINDINGS = [
        Binding("enter", "start", "Start"),
        Binding("up", "app.focus_previous", "Previous field", group=FIELD),
        Binding("down", "app.focus_next", "Next field", group=FIELD),
        Binding("escape", "close", "Back"),
    ]

    def __init__(self, game_id: str | None = None, seats: list[Seat] | None = None,
                 options: Options | None = None) -> None:
        super().__init__()
        self.games = all_games()
        self.info = self.games.get(game_id or "", next(iter(self.games.values())))
        count = len(seats) if seats and len(seats) in self.info.players else \
            self.info.rules.min_players
        self.seats = list(seats) if seats and len(seats) == count else \
            default_seats(self.info, count)
        self.options = {**default_options(self.info.rules), **(options or {})}
        self.max_seats = max(info.rules.max_players for info in self.games.values())
        self._ready = False
        self._refused: Input | None = None  # a name box just cleaned of control characters

    def check_message_enabled(self, message: Message) -> bool:
        """A closed dialog takes no more news from its fields: a field's change queued
        before the dialog closed (keys typed ahead) would look for fields already gone."""
        if isinstance(message, FORM_NEWS) and self not in self.app.screen_stack:
            return False
        return super().check_message_enabled(message)

    @property
    def games_app(self) -> GamesApp:
        """The app, typed."""
        return cast("GamesApp", self.app)

    # ---- building ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("New game", classes="screen-title")
        with Center(id="form-row"), Vertical(id="form-column"):
            yield from self._compose_form()
            yield StatusLine(HINTS["game"], id="status")
        yield Footer()

    def _compose_form(self) -> ComposeResult:
        # A plain Vertical that scrolls: a VerticalScroll's own up/down keys would shadow
        # the form's "previous/next field".
        with Vertical(id="form"):
            with Vertical(classes="group"):
                with Horizontal(classes="field"):
                    yield Label("Game", classes="field-label")
                    yield ChoiceField([(g.title, g.id) for g in self.games.values()],
                                      self.info.id, id="game")
                yield Static(self._blurb(self.info), id="game-blurb", classes="field-note")
            with Vertical(classes="group"):
                with Horizontal(classes="field"):
                    yield Label("Players", classes="field-label")
                    yield ChoiceField(self._count_choices(self.info), len(self.seats),
                                      id="count", disabled=len(self.info.players) == 1)
                for i in range(self.max_seats):
                    yield self._seat_row(i)
            with Vertical(classes="group"):
                with Horizontal(classes="field"):
                    yield Label("Seed", classes="field-label")
                    first_seed = self.games_app.first_seed
                    yield TextField("" if first_seed is None else str(first_seed), id="seed",
                                    placeholder="blank = random", type="integer",
                                    compact=True, max_length=20)
                yield Vertical(id="options")
            with Horizontal(id="start-row"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    async def on_mount(self) -> None:
        """Show only the seats in play and the game's options; then take keys."""
        if self not in self.app.screen_stack:
            return  # closed before it was built: nothing to show
        self._show_seats(len(self.seats))
        await self._build_options(self.info, self.options)
        self.query_one("#game", ChoiceField).focus()
        self._ready = True

    @property
    def ready(self) -> bool:
        """True once every field is built. Until then the app drops keys typed ahead to
        this dialog (Enter would start a game from fields not yet filled in)."""
        return self._ready

    def _seat_row(self, i: int) -> Horizontal:
        seat = self.seats[i] if i < len(self.seats) else None
        kind = (seat.bot or HUMAN) if seat else default_kind(self.info, i)
        humans = sum(s.is_human for s in self.seats)
        return Horizontal(
            Label(f"Seat {i + 1}", classes="field-label"),
            NameField(input_name(seat.name) if seat else default_name(i, kind, humans),
                      id=f"name-{i}",
                      max_length=MAX_NAME, compact=True,
                      placeholder=default_name(i, kind, humans), classes="seat-name"),
            ChoiceField(kind_choices(self.info), kind, id=f"kind-{i}", classes="seat-kind"),
            classes="field seat", id=f"seat-{i}")

    @staticmethod
    def _blurb(info: GameInfo) -> str:
        if info.blurb:
            return info.blurb
        low, high = info.rules.min_players, info.rules.max_players
        return f"{info.title}: {plural(low, 'player')}" if low == high else \
            f"{info.title}: {low}-{high} players"

    @staticmethod
    def _count_choices(info: GameInfo) -> list[tuple[str, int]]:
        return [(plural(n, "player"), n) for n in info.players]

    def _show_seats(self, count: int) -> None:
        for i in range(self.max_seats):
            self.query_one(f"#seat-{i}").display = i < count

    async def _build_options(self, info: GameInfo, values: Options) -> None:
        """The option rows of ``info``; the old rows are gone first (same ids)."""
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        rows = []
        taken = set(FIXED_LABELS)
        for spec in info.rules.option_specs:
            value = values.get(spec.key, spec.default)
            label = option_label(spec.label, taken)
            taken.add(label)
            choices = self._option_choices(spec, value)
            field = ChoiceField(choices, value, id=f"opt-{spec.key}")
            rows.append(Horizontal(Label(label, classes="field-label"), field,
                                   classes="field option"))
            note_text = self._option_note(spec, value)
            note = Static(note_text, id=f"note-{spec.key}", classes="field-note option-note")
            note.display = bool(note_text)
            rows.append(note)
        await box.mount_all(rows)

    @staticmethod
    def _option_note(spec: OptionSpec, value: str) -> str:
        """What a choice too long for its field says under it, else nothing."""
        if value == PICK_OWN:
            return ""
        return choice_words(full_label(spec, value))[1]

    def _show_option_note(self, field: ChoiceField[str], key: str) -> None:
        spec = next(s for s in self.info.rules.option_specs if s.key == key)
        note = self.query_one(f"#note-{key}", Static)
        text = self._option_note(spec, str(field.value))
        note.update(text)
        note.display = bool(text)

    @staticmethod
    def _option_choices(spec: OptionSpec, value: str) -> list[tuple[str, str]]:
        """The spec's choices, plus a custom pick (shown by its items) and "Pick your own";
        each by its words in the field (a long one's rest goes in the note under it)."""
        values = [choice for choice, _ in spec.choices]
        if spec.pick and value not in values:
            values.append(value)
        choices = [(choice_words(full_label(spec, choice))[0], choice) for choice in values]
        if spec.pick:
            choices.append((f"Pick your own {spec.pick}...", PICK_OWN))
        return choices

    # ---- reacting to the fields ----------------------------------------------------

    @on(ChoiceField.Changed, ".option ChoiceField")
    def _option_changed(self, event: ChoiceField.Changed) -> None:
        """Open the picker when "Pick your own" is chosen; keep the old value on cancel."""
        field = event.select
        key = (field.id or "opt-").removeprefix("opt-")
        spec = next((s for s in self.info.rules.option_specs if s.key == key), None)
        if spec is None or event.value != PICK_OWN:
            if spec is not None:
                self.options[key] = str(event.value)
                self._show_option_note(field, key)
            return
        previous = self.options.get(key, spec.default)

        def picked(value: str | None) -> None:
            chosen = value or previous
            self.options[key] = chosen
            field.set_choices(self._option_choices(spec, chosen), chosen)
            self._show_option_note(field, key)

        self.app.push_screen(PickScreen(spec, previous), picked)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Mark the row holding the focus (its label turns inverse: visible without colour)
        and say what the keys do there."""
        for row in self.query(".field.-current"):
            row.remove_class("-current")
        row = self._row_of(event.widget)
        if row is not None:
            row.add_class("-current")
        status = self.query_one("#status", StatusLine)
        if not status.is_error:  # a refusal stays until the player changes something
            status.update(self._hint_for(event.widget))

    @staticmethod
    def _row_of(widget: Widget) -> Widget | None:
        return next((n for n in widget.ancestors_with_self
                     if isinstance(n, Widget) and n.has_class("field")), None)

    def _hint_for(self, widget: Widget) -> str:
        row = self._row_of(widget)
        label = str(row.query_one(".field-label", Label).render()) if row else ""
        return self.hint(widget.id or "", label)

    @staticmethod
    def hint(field_id: str, row_label: str) -> str:
        """What the keys do in the field ``field_id`` (of the row labelled ``row_label``)."""
        kind = field_id.split("-")[0]
        if not kind:  # the open list of a choice (it has no id of its own)
            return HINTS["list"]
        if kind == "opt":
            return HINTS["option"].format(label=row_label.lower())
        return HINTS.get(kind, HINTS["start"]).format(seat=row_label)

    @on(NameField.Refused)
    def _refuse_control_characters(self, event: NameField.Refused) -> None:
        """Control characters were kept out of a name: say why the paste changed."""
        field = event.field
        row = self._row_of(field)
        label = str(row.query_one(".field-label", Label).render()) if row else "This seat"
        self._refused = field
        self.query_one("#status", StatusLine).update(refused_name(label), error=True)

    @on(Input.Changed)
    @on(ChoiceField.Changed)
    def _clear_refusal(self, event: Input.Changed | ChoiceField.Changed) -> None:
        """A change answers a refusal: the line goes back to the focused field's hint."""
        if isinstance(event, Input.Changed) and event.input is self._refused:
            self._refused = None  # the cleaned text going in: the refusal stays
            return
        status = self.query_one("#status", StatusLine)
        if status.is_error and self.focused is not None:
            status.update(self._hint_for(self.focused))

    @on(NameField.ListWanted)
    def _open_seat_list(self, event: NameField.ListWanted) -> None:
        """Space where a seat's name starts opens that seat's Human/bot list."""
        index = (event.field.id or "name-0").removeprefix("name-")
        field = self.query_one(f"#kind-{index}", ChoiceField)
        field.focus()
        field.action_show_overlay()

    @on(ChoiceField.Changed, "#game")
    async def _game_changed(self, event: ChoiceField.Changed) -> None:
        info = self.games.get(str(event.value))
        if info is None or info.id == self.info.id:
            return
        self.info = info
        self.query_one("#game-blurb", Static).update(self._blurb(info))
        count_field = self.query_one("#count", ChoiceField)
        count = min(max(self.seat_count(), info.rules.min_players), info.rules.max_players)
        count_field.set_choices(self._count_choices(info), count)
        count_field.disabled = len(info.players) == 1
        for i in range(self.max_seats):
            kind_field = self.query_one(f"#kind-{i}", ChoiceField)
            kind = str(kind_field.value)
            if kind != HUMAN and kind not in info.bots:
                kind = default_kind(info, i)
            kind_field.set_choices(kind_choices(info), kind)
        self._show_seats(count)
        self._name_seats()
        self.options = default_options(info.rules)
        await self._build_options(info, self.options)

    @on(ChoiceField.Changed, "#count")
    def _count_changed(self, event: ChoiceField.Changed) -> None:
        if isinstance(event.value, int):
            self._show_seats(event.value)
            self._name_seats()

    @on(ChoiceField.Changed, ".seat-kind")
    def _kind_changed(self) -> None:
        self._name_seats()

    def seat_kinds(self) -> list[str]:
        """The kind (human or a bot level) of every seat in play."""
        return [str(self.query_one(f"#kind-{i}", ChoiceField).value)
                for i in range(self.seat_count())]

    def _name_seats(self) -> None:
        """Keep untouched default names in step with the seats ("You" alone, "Player N"
        in hot-seat, "Bot N"); a name the player typed is never changed."""
        kinds = self.seat_kinds()
        humans = kinds.count(HUMAN)
        for i, kind in enumerate(kinds):
            name = self.query_one(f"#name-{i}", Input)
            default = default_name(i, kind, humans)
            if is_default_name(i, name.value) and name.value != default:
                name.value = default
            name.placeholder = default

    # ---- starting ------------------------------------------------------------------

    def form_ready(self) -> bool:
        """False while the form is being rebuilt (another game chosen): a field is not
        there yet, or holds no choice for a moment."""
        fields = list(self.query(ChoiceField).results(ChoiceField))
        return bool(self.query("#count")) and not any(field.is_blank() for field in fields)

    def seat_count(self) -> int:
        """The number of seats chosen."""
        value = self.query_one("#count", ChoiceField).value
        return value if isinstance(value, int) else self.info.rules.min_players

    def chosen_seats(self) -> list[Seat]:
        """The seats as filled in (blank names become the default name)."""
        seats = []
        kinds = self.seat_kinds()
        for i, kind in enumerate(kinds):
            name = input_name(self.query_one(f"#name-{i}", Input).value)
            seats.append(Seat(name or default_name(i, kind, kinds.count(HUMAN)),
                              None if kind == HUMAN else kind))
        return seats

    def chosen_options(self) -> Options:
        """The game's options as chosen."""
        options = default_options(self.info.rules)
        for spec in self.info.rules.option_specs:
            fields = list(self.query(f"#opt-{spec.key}").results(ChoiceField))
            value = fields[0].value if fields else None
            if isinstance(value, str):  # a field still being built has no value yet
                options[spec.key] = value
        return options

    def chosen_seed(self) -> int | None:
        """The seed typed in, a new random one if blank, None if it is not a number."""
        text = self.query_one("#seed", Input).value.strip()
        if not text:
            return new_seed()
        try:
            return int(text)
        except ValueError:
            return None

    def problem(self, seats: list[Seat], seed: int | None) -> str | None:
        """Why the game cannot start as filled in, or None."""
        names = [s.name.casefold() for s in seats]
        for name in names:
            if names.count(name) > 1:
                clash = next(s.name for s in seats if s.name.casefold() == name)
                return f"Two seats are called {clash!r}: give each player a different name."
        if seed is None:
            return "The seed must be a whole number (or blank for a random game)."
        return None

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Start the game as set up."""
        if not self.form_ready():
            return  # typed ahead of the form being rebuilt for another game: not meant
        seats = self.chosen_seats()
        seed = self.chosen_seed()
        problem = self.problem(seats, seed)
        if problem or seed is None:
            self.query_one("#status", StatusLine).update(problem or "", error=True)
            return
        session = Session.new(self.info.rules, seats, seed, self.chosen_options())
        self.games_app.first_seed = None  # --seed is for the first game only
        self.games_app.open_game(session)

    @on(Button.Pressed, "#cancel")
    def action_close(self) -> None:
        """Back to the menu without starting."""
        self.dismiss(None)
