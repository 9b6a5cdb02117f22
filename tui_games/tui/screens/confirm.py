"""Questions in a small centred dialog: yes/no, or one of a few answers.

The question is plain text, never markup: it may hold names and file names.
"""

from __future__ import annotations

from typing import NamedTuple

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from tui_games.tui.screens.dismiss_once import DismissOnce

BUTTONS = Binding.Group("Other button")
ANSWERS = Binding.Group("Move")  # a choice of many answers: short, so all their keys fit


class ConfirmScreen(DismissOnce, ModalScreen[bool]):
    """Asks ``question``; dismisses with True for yes, False for no or escape."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
        Binding("left", "app.focus_previous", "Other button", group=BUTTONS),
        Binding("right", "app.focus_next", "Other button", group=BUTTONS),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-question", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error")
                yield Button(f"{self.no} (n)", id="no", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        """Start on No: a stray Enter must not destroy anything."""
        for button in self.query("#no").results(Button):  # none if closed while built
            button.focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Answer the question."""
        self.dismiss(yes)


class Choice(NamedTuple):
    """One answer of a ChoiceScreen: what it returns, its button, its key."""

    answer: str
    label: str
    key: str


class ChoiceScreen(DismissOnce, ModalScreen[str]):
    """Asks ``question`` with a button (and a key) per answer; dismisses with the chosen
    ``Choice.answer``, or ``cancel`` on escape. Focus starts on the ``cancel`` answer's
    button, so a stray Enter changes nothing."""

    DEFAULT_CSS = """
    ChoiceScreen {
        align: center middle;
    }
    """
    BINDINGS = [
        Binding("left", "app.focus_previous", "Other answer", group=ANSWERS),
        Binding("right", "app.focus_next", "Other answer", group=ANSWERS),
    ]

    def __new__(cls, question: str, choices: list[Choice], cancel: str,
                title: str = "") -> ChoiceScreen:
        """A dialog whose class binds its answers' keys: Textual has no public way to
        bind keys on one screen, only a class's BINDINGS, so each dialog is made from a
        subclass (of the same CSS type name) that lists its own."""
        keys = [Binding(choice.key, f"choose({choice.answer!r})", choice.label)
                for choice in choices]
        keys.append(Binding("escape", f"choose({cancel!r})", "Back"))
        asking = type(cls.__name__, (cls,), {"BINDINGS": keys, "__module__": cls.__module__})
        return super().__new__(asking)

    def __init__(self, question: str, choices: list[Choice], cancel: str,
                 title: str = "") -> None:
        super().__init__()
        self.question = question
        self.choices = choices
        self.cancel = cancel
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            if self.title_text:
                yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.question, classes="dialog-question", markup=False)
            # More answers than fit side by side at 80 columns go in rows of three.
            many = " -many" if len(self.choices) > 3 else ""
            with Horizontal(classes="dialog-buttons" + many):
                for choice in self.choices:
                    yield Button(choice.label, id=f"choice-{choice.answer}",
                                 variant="primary" if choice.answer == self.cancel
                                 else "default", name=choice.answer)
        yield Footer(compact=bool(many))  # each answer's key is in it too

    def on_mount(self) -> None:
        """Start on the safe answer."""
        for button in self.query(f"#choice-{self.cancel}").results(Button):  # see above
            button.focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.name or self.cancel)

    def action_choose(self, answer: str) -> None:
        """Answer with ``answer``."""
        self.dismiss(answer)
