"""A game played as lines: news, where you stand, the numbered choices, and commands.

At each decision of a seat played from the keyboard the table tells that seat what
happened since its last decision (the log's own lines, as ``observe`` leaves them for the
seat), one line on where it stands (the game's words module), and its choices. Bots
play in between, with the app's levels and random streams; their moves are log lines.
Everything told comes from ``rules.observe(state, seat)``, never from the true state.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from tui_games.engine.core import SPECTATOR, GameState, Outcome, is_detail
from tui_games.engine.grammar import plural, speak_to
from tui_games.engine.saves import SaveError, SaveStore
from tui_games.engine.session import Session
from tui_games.engine.tutorial import Tutorial, bot_rng
from tui_games.games import GameInfo
from tui_games.lines import commands
from tui_games.lines.choices import (
    Choice,
    Entry,
    Group,
    Listing,
    could_be,
    distinct,
    flatten,
    matching,
)
from tui_games.lines.console import Console
from tui_games.lines.hint import HINT_HEAD, hinted
from tui_games.lines.words import POINTS, TableWords, spoken_of, units_of, words_of_game

Ending = Literal["over", "left"]
LAST_TOLD = 3  # the log lines the result looks back over for what they said of the end
RESUME_NEWS = 5  # a game picked up again retells its last few log lines, not all of them


def pass_the_keyboard(name: str) -> str:
    """The hot-seat cover's line: the table's, and the replay's before another's seat."""
    return (f"Pass the keyboard to {name}, then press Enter (nothing private is shown "
            "until then).")


TAKE_THE_KEYBOARD = "First the next player takes the keyboard: press Enter."


def keyboard_taken(console: Console) -> bool | None:
    """After the hand-off line: True once Enter is pressed; a word typed instead ('look',
    'hand') is not taken for it, and nothing private is said, so the line asks again;
    False on 'quit', None at the end of input."""
    while True:
        line = console.read()
        if line is None:
            return None
        if not line:
            return True
        if line.lower() in ("quit", "q"):
            return False
        console.say(TAKE_THE_KEYBOARD)


@dataclass
class Decision:
    """The decision being asked: its seat, view, choices (each numbered once in
    ``listing``), the entries shown now, and the choice the last hint named."""

    seat: int
    view: GameState
    choices: list[Choice]
    listing: Listing
    shown: list[Entry]
    hinted: Choice | None = None

    @property
    def top(self) -> list[Entry]:
        return self.listing.top


class LinesTable:
    """One game in play, from the first decision asked to its end or to the player's
    leaving (saved)."""

    def __init__(self, console: Console, session: Session, info: GameInfo,
                 store: SaveStore, *, tutorial: Tutorial | None = None) -> None:
        self.console = console
        self.session = session
        self.info = info
        self.store = store
        self.rules = session.rules
        self.words: TableWords = words_of_game(info)
        self.spoken = spoken_of(self.words)
        self.bots = {i: info.bots[seat.bot](self.rules, bot_rng(session.seed, i))
                     for i, seat in enumerate(session.seats) if seat.bot is not None}
        self.humans = [i for i, seat in enumerate(session.seats) if seat.is_human]
        self.tutorial = tutorial
        self.step = 0  # the guided game's next step (see Learn)
        told = max(0, len(session.state.log) - RESUME_NEWS) if session.actions else 0
        self.told = dict.fromkeys(self.humans, told)  # per seat: log lines already told
        self.at_keyboard: int | None = None  # in hot-seat: whose turn was handed over

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    def say(self, text: str) -> None:
        self.console.say(text)

    # ---- the game loop -----------------------------------------------------------------

    def run(self) -> Ending:
        """Play until the game ends or the player leaves (end of input leaves, saved)."""
        before, self.console.spoken = self.console.spoken, self.spoken
        try:
            return self._run()
        finally:
            self.console.spoken = before

    def _run(self) -> Ending:
        while (mover := self.session.to_move) is not None:
            if mover in self.bots:
                view = self.rules.observe(self.session.state, mover)
                self.session.apply(self.bots[mover].choose(view, mover), undoable=False)
                continue
            if not self._hand_over(mover):
                return self._leave()
            if not self._decide(mover):
                return self._leave()
        self._game_over()
        return "over"

    def _hand_over(self, seat: int) -> bool:
        """In hot-seat, a line that waits for Enter before a player's private lines; False
        on 'quit' there or at the end of input (the table leaves, saved)."""
        if len(self.humans) < 2 or self.at_keyboard == seat:
            return True
        self.say(pass_the_keyboard(self.names[seat]))
        if not keyboard_taken(self.console):
            return False
        self.at_keyboard = seat
        return True

    def _decision(self, seat: int) -> Decision:
        view = self.rules.observe(self.session.state, seat)
        steps = self.tutorial.steps if self.tutorial is not None else ()
        said = [self.spoken(speak_to(self.rules.describe(view, a), self.names, seat))
                for a in self.rules.legal_actions(view)]
        choices = distinct([Choice(label, a)
                            for label, a in zip(said, self.rules.legal_actions(view),
                                                strict=True)],
                           steps[self.step].accepts if self.step < len(steps) else None)
        listing = Listing(choices)
        return Decision(seat, view, choices, listing, listing.top)

    def _decide(self, seat: int) -> bool:
        """Ask ``seat`` until it plays; False when it leaves (quit or end of input)."""
        decision = self._decision(seat)
        self._tell_news(seat, decision.view)
        self._tell_step(decision)
        self.say(self._stand(decision))
        self.show_choices(decision)
        while True:
            line = self.console.read()
            if line is None:
                return False
            outcome = self._answer(decision, line)
            if outcome == "quit":
                return False
            if outcome == "played":
                return True
            if outcome == "changed":  # undo: a new decision, perhaps another seat's
                if self.session.to_move != seat:
                    return True
                decision = self._decision(seat)
                self.say(self._stand(decision))
                self.show_choices(decision)

    def _stand(self, decision: Decision) -> str:
        line = self.words.stand(decision.view, decision.seat, self.names)
        if len(self.humans) > 1:
            return f"{self.names[decision.seat]}: {line}"
        return line

    def _tell_news(self, seat: int, view: GameState) -> None:
        start = min(self.told.get(seat, 0), len(view.log))
        for event in view.log[start:]:
            text = event.for_viewer(seat)
            if text:
                self.say(speak_to(text, self.names, seat))
        self.told[seat] = len(view.log)

    def _tell_step(self, decision: Decision) -> None:
        """The guided game's step in the game's words (its keys are the screen's), then
        what to say for it here: the choice's number and words."""
        if self.tutorial is None or self.step >= len(self.tutorial.steps):
            return
        steps = self.tutorial.steps
        intro = f"{self.tutorial.intro} " if self.step == 0 and self.tutorial.intro else ""
        self.say(f"{intro}Step {self.step + 1} of {len(steps)}: {steps[self.step].said}")
        wanted = [c for c in decision.choices if steps[self.step].accepts(c.action)]
        if len(wanted) == 1:
            number = decision.listing.number(wanted[0])
            self.say(f"In lines, say {number}, or '{wanted[0].label}'.")

    def show_choices(self, decision: Decision) -> None:
        count = len(decision.choices)
        opened = decision.shown is not decision.top
        inside = sum(len(e.members) if isinstance(e, Group) else 1 for e in decision.shown)
        lines = "" if len(decision.shown) == inside else f", in {len(decision.shown)} lines"
        self.say(f"{inside} of your choices{lines}:" if opened
                 else "Your one choice:" if count == 1
                 else f"Your {count} choices:" if len(decision.top) == count
                 else f"Your {count} choices, in {len(decision.top)} lines:")
        for entry in decision.shown:
            self.say(decision.listing.line(entry))
        if opened:
            self.say("Say 'back' for all your choices.")

    # ---- one typed line ----------------------------------------------------------------

    def _answer(self, decision: Decision, line: str) -> str:
        """Do what ``line`` says: "played", "quit", "changed" (undo) or "" (asked again)."""
        if not line:
            self.show_choices(decision)
            return ""
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if line.isdigit():
            return self._by_number(decision, int(line))
        handler = commands.COMMANDS.get(word.lower())
        if handler is not None:
            return handler(self, decision, rest)
        return self.by_words(decision, line)

    def _by_number(self, decision: Decision, number: int) -> str:
        """A choice's own number plays it wherever it was heard; the number a group is
        said with, while that group is shown, opens it (as 'more N')."""
        order = decision.listing.order
        if not 1 <= number <= len(order):
            self.say(f"There is no choice {number}. There is only one choice: 1. "
                     f"{sentence(order[0].label)}" if len(order) == 1 else
                     f"There is no choice {number}: the choices are numbered 1 to "
                     f"{len(order)}.")
            return ""
        group = self.shown_group(decision, number)
        if group is not None:
            self.open_group(decision, group)
            return ""
        return self.play(decision, order[number - 1])

    def shown_group(self, decision: Decision, number: int) -> Group | None:
        """The group shown now that is said with ``number``, if any."""
        return next((entry for entry in decision.shown if isinstance(entry, Group)
                     and decision.listing.first(entry) == number), None)

    def open_group(self, decision: Decision, group: Group) -> None:
        decision.shown = list(group.entries)
        self.show_choices(decision)

    def by_words(self, decision: Decision, line: str) -> str:
        found = matching(line, flatten(decision.shown)) or matching(line, decision.choices)
        if len(found) == 1:
            return self.play(decision, found[0])
        if not found:
            self.say(f"'{line}' is neither a choice nor a command: say a number, words "
                     "from a choice, or 'help'.")
            return ""
        self.say(could_be(line, decision.listing.said(found)))
        return ""

    def play(self, decision: Decision, choice: Choice) -> str:
        if not self._guide_allows(decision, choice):
            return ""
        self.session.apply(choice.action)
        self.autosave()
        return "played"

    def _guide_allows(self, decision: Decision, choice: Choice) -> bool:
        if self.tutorial is None or self.step >= len(self.tutorial.steps):
            return True
        step = self.tutorial.steps[self.step]
        if not step.accepts(choice.action):
            what = choice.label
            self.say(f"Not in this step: {what[:1].lower()}{what[1:]} is allowed, but the "
                     f"step asks for another move: {step.said}")
            return False
        self.step += 1
        if self.step == len(self.tutorial.steps) and self.tutorial.farewell:
            self.say(self.tutorial.farewell)
        return True

    # ---- saving and the end ------------------------------------------------------------

    def save(self, name: str) -> str:
        """``save [name]``: the line that says where the game went."""
        store, session = self.store, self.session
        try:
            if name:
                path = store.save_as(session, name)
                session.name = name
            else:
                path = store.autosave(session)
        except SaveError as exc:
            return f"Not saved: {exc}"
        return f"Saved as {path.stem}."

    def autosave(self) -> bool:
        try:
            self.store.autosave(self.session)
        except SaveError as exc:
            self.say(f"Not saved: {exc}")
            return False
        return True

    def _leave(self) -> Ending:
        if self.autosave():
            self.say(f"Game saved: pick it up with Continue or Load ({self.session.save_id}).")
            if self.tutorial is not None and self.step < len(self.tutorial.steps):
                # as on the screen: a save holds the game, not the guide beside it
                self.say("It goes on from there as an ordinary game, without the steps; "
                         "Learn starts the guided game again.")
        return "left"

    def _game_over(self) -> None:
        viewer = self.humans[-1] if self.humans else SPECTATOR
        view = self.rules.observe(self.session.state, viewer)
        if viewer != SPECTATOR:
            self._tell_news(viewer, view)
        outcome = self.rules.outcome(self.session.state)
        assert outcome is not None
        told = last_told(view, viewer) if viewer != SPECTATOR else []
        for line in result_lines(outcome, self.names, units_of(self.words), told=told):
            self.say(line)
        for line in hints_lines(self.session.hints_used, self.names, self.humans):
            self.say(line)
        self._keep()

    def _keep(self) -> None:
        from tui_games.engine.records import History

        try:
            History(self.store).keep(self.session)
        except SaveError as exc:
            self.say(f"Not kept in the history: {exc}")
        if self.session.save_id is not None:
            try:
                self.store.delete(self.store.folder / f"{self.session.save_id}.json",
                                  open_here=True)
            except SaveError as exc:
                self.say(str(exc))

    # ---- what the commands use ---------------------------------------------------------

    def hint(self, decision: Decision) -> str:
        """The hint, said with the number of the choice it names (kept for 'yes')."""
        text, action = hinted(self.info, self.session, decision.seat, decision.view,
                              self.names)
        said = (self.spoken(speak_to(self.rules.describe(decision.view, action), self.names,
                                     decision.seat)) if action is not None else None)
        # by its words when its twin stands for it in the list (distinct)
        decision.hinted = next((c for c in decision.choices if c.action == action), None) \
            or next((c for c in decision.choices if c.label == said), None)
        if decision.hinted is not None:
            number = decision.listing.number(decision.hinted)
            text = text.replace(HINT_HEAD, f"{HINT_HEAD}{number}. ", 1)
            text = f"{text} Say 'yes' to play it."
        return speak_to(text, self.names, decision.seat)

    def reset_news(self, seat: int, view: Any) -> None:
        self.told[seat] = len(view.log)


def result_lines(outcome: Outcome, names: list[str], units: tuple[str, str] = POINTS, *,
                 told: Sequence[str] = ()) -> list[str]:
    """The end of a game in lines: why it ended (what the log's last lines, ``told``, have
    not said already), what
    decided it, then each seat's score in the game's ``units`` (singular, plural) and
    where it came from (the rules' own breakdown rows, as a sentence): by place when
    someone won, plainly when a lone player lost or nobody won."""
    reason = untold(outcome.reason, told)
    lines = [f"The game is over. {speak_to(reason, names)}"] if reason else []
    if outcome.decided_by:
        lines.append(sentence(speak_to(outcome.decided_by, names)))
    order = sorted(range(len(outcome.scores)), key=lambda seat: outcome.ranks[seat])
    for seat in order:
        amount = plural(outcome.scores[seat], *units)
        rows = outcome.breakdown[seat] if seat < len(outcome.breakdown) else []
        parts = [f"{value} from {row_words(label)}" for label, value in rows
                 if not is_detail(label) and value]
        where = f": {join_and(parts)}" if parts else ""
        if len(order) == 1:
            verb = "won" if outcome.winners else "lost"
            lines.append(f"{names[seat]} {verb}, with {amount}{where}.")
        elif outcome.winners:
            lines.append(f"Place {outcome.ranks[seat]}: {names[seat]}, {amount}{where}.")
        else:  # nobody won: places below a first that nobody holds say nothing
            lines.append(f"{names[seat]}: {amount}{where}.")
    return lines


def join_and(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def row_words(label: str) -> str:
    """A breakdown row's label inside a sentence: what follows its name is put in
    brackets ("Hand 1: deck ran out" -> "Hand 1 (deck ran out)", "Factions, 10 each" ->
    "Factions (10 each)"), so the row's value never reads as part of the label."""
    label = label.strip()
    for mark in (": ", ", "):
        head, found, rest = label.partition(mark)
        if found and head and rest:
            return f"{head} ({rest})"
    return label


def sentence(text: str) -> str:
    """``text`` ending in a full stop (a shared line may come without one)."""
    return text if text.endswith((".", "!", "?")) else f"{text}."


def hints_lines(hints_used: list[int], names: list[str], humans: list[int]) -> list[str]:
    """How many hints each seat played from the keyboard asked for, one line each."""
    return [f"{names[seat]} asked for "
            f"{plural(hints_used[seat], 'hint') if hints_used[seat] else 'no hints'}."
            for seat in humans if seat < len(hints_used)]


def last_told(view: GameState, seat: int | None) -> list[str]:
    """The log's last lines as ``seat`` reads them: where a game says why it ended
    ("Game over: ...", a last hand's result), which the result then does not repeat."""
    return [event.for_viewer(seat) for event in view.log[-LAST_TOLD:]]


def untold(reason: str, told: Sequence[str]) -> str:
    """The sentences of ``reason`` that no line of ``told`` already says."""
    sentences = re.split(r"(?<=[.!?]) +", reason.strip())
    return " ".join(part for part in sentences if part and not any(part in line
                                                                   for line in told))
