"""The Neptune table: every player's score tracker and won tricks, the trick, your hand.

The screen never decides what is legal: the hand dims the cards ``legal_actions`` does not
offer and the status line gives the rules' reason (``why_illegal``); a special card's
question lists exactly the legal answers, worded by ``describe``.
"""

from __future__ import annotations

from typing import Any, Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Static

from tui_games.engine.core import Action, GameState
from tui_games.engine.grammar import plural, seat_ref
from tui_games.games.neptune.card_words import POINTS_UNIT, card_face, card_name
from tui_games.games.neptune.hints import first_cursor_card, legal_cards, status_text
from tui_games.games.neptune.rules import ROUNDS, TARGET
from tui_games.games.neptune.score_tracker import ScoreTracker
from tui_games.games.neptune.state import (
    CP,
    IS_ASTEROID,
    SPECIAL_NAMES,
    SPECIAL_SHORT,
    SUIT,
    SUIT_NAMES,
    NeptuneAction,
    NeptuneState,
    Pile,
    Play,
    card_short,
)
from tui_games.games.neptune.summary import final_table, pile_note, round_summary
from tui_games.games.neptune.trick import PileFace, TrickArea, TrickPiles, TrickSeat
from tui_games.games.neptune.tricks import winning_position
from tui_games.tui.screens.card_table import CardTable, card_bindings
from tui_games.tui.screens.dismiss_once import DismissOnce
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.game_over import summary_text
from tui_games.tui.widgets.action_list import ActionList
from tui_games.tui.widgets.boxes import Column, Row
from tui_games.tui.widgets.card import SORTS, CardFace
from tui_games.tui.widgets.cell_map import MapFrame
from tui_games.tui.widgets.hand import Hand
from tui_games.tui.widgets.status import StatusLine
from tui_games.tui.widgets.text_lines import TextLines

HAND_CUTS = 24  # the most cards a row of the hand shows (two-letter cards, a wide terminal)


def card_style(card: int) -> str:
    """The component class that colours ``card``."""
    if card < 30:
        return f"suit-{'rgb'[SUIT[card]]}"
    return "asteroid" if IS_ASTEROID[card] else "special"


def face(card: int, *, long: bool = False, dimmed: bool = False) -> CardFace:
    """A card for the widgets: `R6 5pt` in red, `BH` (or `Black Hole` when ``long``)."""
    if card < 30:
        label, group, rank = card_face(card), SUIT[card], CP[card]
    else:
        label = SPECIAL_NAMES[card] if long else SPECIAL_SHORT[card]
        group, rank = (4 if IS_ASTEROID[card] else 3), card
    return CardFace(key=card, label=label, style=card_style(card), group=group, rank=rank,
                    dimmed=dimmed)


def pile_face(pile: Pile) -> PileFace:
    """A won pile: its top card and score (`R9 2pt`, the points' unit as on the hand's
    faces), `×2` when doubled, `/A7` over a covered one."""
    top = CardFace(key=pile.top, label=card_short(pile.top), style=card_style(pile.top))
    return PileFace(face=top, score=pile.score, note=pile_note(pile), destroyed=pile.destroyed,
                    unit=POINTS_UNIT)


# A seat's name cell is 12 columns (neptune.tcss); its text takes at most 11, so that one
# blank column always parts it from the score tracker ("▸bo (you)tens" ran together).
NAME_ROOM = 11
YOU = " (you)"


def name_cell(arrow: str, name: str, you: bool, cards: int) -> str:
    """The two lines of a seat's name cell, each in NAME_ROOM columns: ``arrow`` + ``name``
    (+ " (you)" when it fits), then the cards in hand. "(you)" that does not fit beside the
    name takes the card count's place below it (the viewer's hand shows its cards): viewing
    as Bot 2, "▸Bot… (you)" cut the name. Only a name longer than the line is cut, with
    "…" (not mid-word unmarked: "Bot 3 (nor"). A seat named "You" is not told so twice
    ("▸You (you)")."""
    count = f" {plural(cards, 'card')}"
    you = you and name.casefold() != "you"
    if you and len(arrow) + len(name) + len(YOU) <= NAME_ROOM:
        return f"{arrow}{name}{YOU}\n{count}"
    room = NAME_ROOM - len(arrow)
    if len(name) > room:
        name = name[:room - 1] + "…"
    return f"{arrow}{name}\n{YOU if you else count}"


SummaryChoice = Literal["next", "review"]
# The session's ui_prefs keys: what a save keeps of the screen.
PREF_SORT = "hand_sort"
PREF_CURSOR = "hand_cursor"


class RoundSummary(DismissOnce, ModalScreen[SummaryChoice]):
    """Between two rounds: who took what, each player's points and totals, the standing.

    Enter deals the next round; ``r`` first looks back at the table as the round ended.
    """

    BINDINGS = [
        Binding("enter,escape,space", "next", "Next round", key_display="⏎"),
        Binding("r", "review", "Look at the table"),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self._title = title
        self._lines = lines

    @property
    def title_text(self) -> str:
        """The dialog's title ("Round 2 of 5 is over")."""
        return self._title

    @property
    def lines(self) -> list[str]:
        """The explanation shown, one entry per line."""
        return list(self._lines)

    def compose(self) -> ComposeResult:
        # Two widgets and no Footer (the note names both keys), for an early first frame.
        with Vertical(classes="dialog", id="nep-summary"):
            yield Static(Content(self._title), classes="dialog-title")
            yield Static(summary_text(self._lines, "Enter: next round · r: look at the "
                                      "table and log first"))

    def action_next(self) -> None:
        """Close the summary: the next round is dealt."""
        self.dismiss("next")

    def action_review(self) -> None:
        """Close the summary to look back at the round's last table."""
        self.dismiss("review")


class NeptuneScreen(CardTable, inherit_bindings=False):
    """Neptune against bots or hot-seat: ←→ pick a card, Enter plays it."""

    COMPONENT_CLASSES = {"suit-r", "suit-g", "suit-b", "special", "asteroid"}

    BINDINGS = card_bindings(
        Binding("enter,space", "play_card", "Play card", key_display="⏎"),
        Binding("enter,space", "answer", "Choose", key_display="⏎"),
    )
    HAND_ID = "nep-hand"
    CURSOR_PREF = PREF_CURSOR
    HAND_ACTIONS = (Play,)  # a hinted card has the cursor on it

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        state = self.session.state
        assert isinstance(state, NeptuneState)
        self._rounds_seen = len(state.round_scores)
        self._texts: dict[str, str] = {}
        self._choices: list[NeptuneAction] = []  # the answers to the question asked now
        self._options: list[str] = []  # the answers the list holds (maybe hidden)
        self._summary_open = False
        self._held: GameScreen.BotMoved | None = None
        self._shown: NeptuneState | None = None  # the view the table shows now
        self._asking = False  # a won trick's question is on the table for the viewer
        self._hint_for: int | None = None  # the card whose hint the status line shows
        self._cursor_turn: tuple[int, int] | None = None  # (round, trick) it was placed for
        # Each card's hint in the table shown now, as written and as spoken to the viewer.
        self._hints: dict[int | None, tuple[str, str]] = {}

    # ---- layout ------------------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        """Top line; players (name, tracker, won tricks) beside the trick; the hand."""
        players = len(self.session.seats)
        with Column(id="nep-table"):
            # Its own box: a repaint of the hand or the status line does not draw it again.
            with Column(id="nep-top-box"):
                yield Static(id="nep-top", markup=False)
            with Row(id="nep-middle"):
                with Column(id="nep-players"):
                    for i in range(players):
                        with Row(classes="nep-player", id=f"nep-player-{i}"):
                            yield TextLines(id=f"nep-name-{i}").add_class("nep-name")
                            yield ScoreTracker(id=f"nep-score-{i}", legend=True)
                            yield TrickPiles(id=f"nep-piles-{i}", max_lines=2)
                yield TrickArea(id="nep-trick")
            with Row(id="nep-hand-row"):
                yield Static("hand", id="nep-hand-label", markup=False)
                sort = self.session.ui_prefs.get(PREF_SORT, "suit")
                # In a frame: a cursor key writes its two cards, each from its own edge,
                # not the row from the hand's left edge (bytes per key, issue 17).
                yield MapFrame(Hand(id="nep-hand", sort=sort if sort in SORTS else "suit",
                                    captions=False, selectable=False),
                               columns=HAND_CUTS, id="nep-hand-frame")
        # Over the log, under the status line that asks the question: shown and hidden
        # without moving the table, the hand or the status line (no repaint of them).
        yield ActionList(track=False, id="nep-choices")

    def on_mount(self) -> None:
        """Focus the hand, unless a won trick's question is already waiting (a game resumed
        there): its answers have the focus."""
        if self.closed:
            return  # left before it was built: no widgets to set up
        self.watch(self.hand, "cursor_key", self._cursor_moved, init=False)
        self.call_after_refresh(self._focus_table)

    def _focus_table(self) -> None:
        """Focus the question's answers while one is asked, else the hand."""
        if not self.is_attached or not self.query("#nep-hand"):
            return  # a key that came before the table was built, or after it closed
        if self._asking:
            self.query_one("#nep-choices", ActionList).focus()
        else:
            self.focus_hand()

    def player_name(self, seat: int) -> str:
        """A seat's player name."""
        return self.session.seats[seat].name

    def _playable(self) -> set[int]:
        """The cards the viewer may play now (none when it is not their card to play)."""
        return self.remember("playable", lambda: {
            a.card for a in self.legal() if type(a) is Play})

    def _text(self, widget_id: str, text: str) -> None:
        """Update a Static only when its text changes (no needless repaint). Their sizes
        are fixed by neptune.tcss, so a new text needs no layout pass."""
        if self._texts.get(widget_id) != text:
            self._texts[widget_id] = text
            self.query_one(f"#{widget_id}", Static).update(text, layout=False)

    # ---- refreshing from the view ------------------------------------------------------

    def refresh_table(self, view: GameState) -> None:
        """Update every widget from ``view``; each one repaints only if its data changed."""
        assert isinstance(view, NeptuneState)
        self._hint_for = None  # a new table: the next cursor move says its card afresh
        self._hints.clear()
        if self.reviewing:
            view = final_table(view)  # a round's end, not the next deal
        self._shown = view
        specials = " ".join(SPECIAL_SHORT[c] for c in view.specials)
        self._text("nep-top", f"Round {view.round} of {ROUNDS} · first to {TARGET} points · "
                              f"dealer {self.player_name(view.dealer)[:10]} · "
                              f"specials {specials}")
        mover = self.rules.to_move(view)
        round_points = [0] * view.players
        for pile in view.piles:
            round_points[pile.owner] += pile.score
        for seat in range(view.players):
            arrow = "▸" if seat == mover else " "
            self.query_one(f"#nep-name-{seat}", TextLines).show(name_cell(
                arrow, self.player_name(seat), self.is_you(seat), len(view.hands[seat])))
            self.query_one(f"#nep-score-{seat}", ScoreTracker).set_score(view.scores[seat])
            piles = self.query_one(f"#nep-piles-{seat}", TrickPiles)
            piles.set_piles([pile_face(p) for p in view.piles if p.owner == seat],
                            total=round_points[seat])
        self._refresh_trick(view)
        self._refresh_hand(view)
        self._refresh_choices(view)
        if len(view.round_scores) > self._rounds_seen:
            self._rounds_seen = len(view.round_scores)
            if view.phase != "over":  # the game-over screen tells the end itself
                self._summarise(view, len(self.session.actions))

    def _refresh_trick(self, view: NeptuneState) -> None:
        n = view.players
        trick, leader, note, finished = view.trick, view.leader, "", False
        title = f"Trick {view.tricks_done + 1} of {view.hand_size}"
        last = view.tricks_done == view.hand_size - 1
        winning = winning_position(trick, last) if trick else None
        if not trick and view.tricks_done and view.last_trick:
            trick, leader = view.last_trick, view.last_leader
            winning = (view.last_winner - leader) % n
            title = f"Trick {view.tricks_done} of {view.hand_size}"
            note, finished = f"{self.player_name(view.last_winner)} won it", True
        elif view.phase not in ("play", "over"):
            note = f"{self.player_name(view.winner)} won: choosing"
        seats = [TrickSeat(self.player_name((leader + k) % n),
                           face(trick[k], long=True) if k < len(trick) else None)
                 for k in range(n)]
        follow = SUIT_NAMES[trick_suit] if (trick_suit := _follow(trick)) >= 0 else ""
        self.query_one("#nep-trick", TrickArea).set_trick(
            seats, title=title, follow=f"follow {follow}" if follow else "",
            winning=winning, next_seat=len(trick) if trick is view.trick else None, note=note,
            finished=finished)

    def _refresh_hand(self, view: NeptuneState) -> None:
        mine = self.rules.to_move(view) == self.viewer and view.phase == "play"
        # The rules' own cards for this seat, not only the keyboard's: looking back (or
        # at a bot's seat) nothing is the keyboard's, and every card read as unplayable.
        legal = legal_cards(self.rules, view, self.viewer) if mine else set()
        hand = self.deal_hand([face(c, dimmed=mine and c not in legal)
                               for c in view.hands[self.viewer]])
        restored = self.restoring_cursor
        self.restore_cursor()
        if not (mine and legal):
            return
        # Each new card to play starts on a sensible card: a new hand left the cursor on
        # its first card, often a 1, the weakest, which a newcomer took for the one to play.
        # A cursor a save kept is left where it was, and a replay's hand, looked at and not
        # played, moves only off a card the seat could not play: its view is then the same
        # however it was reached.
        new_turn = False
        if not self.reviewing:
            turn = (view.round, view.tricks_done)
            new_turn, self._cursor_turn = turn != self._cursor_turn, turn
        if hand.cursor_key not in legal or (new_turn and not restored):
            start = first_cursor_card(
                [f.key for f in hand.faces], legal, view.trick,
                last_trick=view.tricks_done == view.hand_size - 1,
                tricks_left=view.hand_size - view.tricks_done)
            if start is not None:
                hand.move_cursor_to(start)

    def _refresh_choices(self, view: NeptuneState) -> None:
        choices = self.query_one("#nep-choices", ActionList)
        deciding = (view.phase not in ("play", "over") and view.winner == self.viewer
                    and not self.reviewing)
        self._choices = self.rules.legal_actions(view) if deciding else []
        shown = choices.display
        texts = [self.speak(self.rules.describe(view, a)) for a in self._choices]
        if texts and texts != self._options:
            # Hidden answers stay in the list: clearing it would only cost a repaint.
            self._options = texts
            choices.show_texts(texts)
            choices.highlighted = 0
        elif deciding and not shown:
            choices.highlighted = 0  # the same question again: from its first answer
        if shown != deciding:
            if deciding:
                self._place_choices()
            choices.display = deciding
        if deciding != self._asking:
            self._asking = deciding
            self.refresh_bindings()  # Enter now plays a card, or answers the question
        if deciding and not choices.has_focus:
            choices.focus()
        elif not deciding and choices.has_focus:
            self.hand.focus()

    def _place_choices(self, retry: bool = True) -> None:
        """Put the question's answers just under the status line that asks it (before the
        first layout, once the status line has its place)."""
        found = self.query("#status")
        if not found:
            return  # the table closed before this call came round (fuzz neptune seed 1)
        status = found.first().region
        if not status:
            # Once, for the first layout; the too-small panel hides the status line until
            # a resize, and on_resize places the answers then (retrying each frame spun).
            if retry:
                self.call_after_refresh(self._place_choices, False)
            return
        choices = self.query_one("#nep-choices", ActionList)
        # Its margin narrows it without moving it (it is placed absolutely): x = 1.
        if choices.styles.offset.y.value != status.bottom:
            choices.styles.offset = (1, status.bottom)

    def on_resize(self, event: Resize) -> None:
        """A new size may move the status line: its question's answers follow it."""
        if self._asking:
            self.call_after_refresh(self._place_choices)

    # ---- what to do now ----------------------------------------------------------------

    def status_text(self, view: GameState) -> str:
        """Whose turn it is and what the viewer can do now."""
        assert isinstance(view, NeptuneState)
        return status_text(self.rules, view, self.viewer, self.hand.cursor_key)

    # ---- keys --------------------------------------------------------------------------

    def action_play_card(self) -> None:
        """Play the card under the hand's cursor (or explain why it cannot be played)."""
        view = self._shown
        mover = self.session.to_move
        if self.reviewing or view is None:
            return  # a look back plays nothing; its status line says how to go on
        if mover != self.viewer:
            who = ("The game is over." if mover is None
                   else f"Wait: it is {seat_ref(mover)}'s turn.")
            self.show_status(who, error=True)
            return
        card = self.hand.cursor_key
        if card is None:
            return
        if card not in self._playable():
            self.show_status(f"{card_name(card)} can't be played: "
                             f"{self.rules.why_illegal(view, card)}.", error=True)
            return
        self.play(Play(card))

    def check_table_action(self, action: str,
                           parameters: tuple[object, ...]) -> bool | None:
        """The hand's cursor keys only while the hand has the focus (not in a question);
        in a look back nothing is played, so Enter only goes on."""
        if action == "play_card":
            return not self.reviewing and not self._asking
        if action == "answer":
            return not self.reviewing and self._asking
        return super().check_table_action(action, parameters)

    def _cursor_moved(self, key: int | None) -> None:
        """Say what the card under the hand's cursor does, in the cursor's own frame (a
        watcher runs within the move: arrow keys, a click, a new hand)."""
        if key != self._hint_for:
            self._show_cursor_hint()

    def mark_hint(self, action: Action) -> None:
        """The cursor goes to a hinted card (CardTable); a hinted answer is highlighted."""
        super().mark_hint(action)
        if action in self._choices:
            self.query_one("#nep-choices", ActionList).highlighted = self._choices.index(action)

    @on(Hand.Sorted)
    def _sorted(self, event: Hand.Sorted) -> None:
        """The hand's sort is kept with the game (a save resumes it as it was)."""
        if not self.reviewing:
            self.session.ui_prefs[PREF_SORT] = event.mode

    def _show_cursor_hint(self) -> None:
        """Refresh the status line for the card under the cursor, and nothing else."""
        if self.reviewing or self._shown is None or self.session.to_move != self.viewer:
            return
        # The table's view is current: every change of the game refreshes it. The status
        # line's height is fixed (neptune.tcss), so a new text needs no layout pass.
        card = self._hint_for = self.hand.cursor_key
        spoken = self._hints.get(card)
        if spoken is None:  # the cursor goes back and forth over a few cards
            text = self.status_text(self._shown)
            spoken = self._hints[card] = (text, self.speak(text))
        status = self.query_one("#status", StatusLine)
        if spoken[1] != status.text or status.is_error:
            self.show_status(spoken[0])

    def action_answer(self) -> None:
        """Give the highlighted answer to the won trick's question."""
        index = self.query_one("#nep-choices", ActionList).highlighted
        if index is not None and 0 <= index < len(self._choices):
            self.play(self._choices[index])

    @on(ActionList.Selected, "#nep-choices")
    def _chosen(self, event: ActionList.Selected) -> None:
        event.stop()
        if 0 <= event.index < len(self._choices):
            self.play(self._choices[event.index])

    # ---- between rounds ----------------------------------------------------------------

    def _summarise(self, view: NeptuneState, actions_upto: int) -> None:
        """Show the round summary; ``actions_upto`` actions of the session end the round."""
        title, lines = round_summary(view)
        self._summary_open = True

        def closed(choice: SummaryChoice | None) -> None:
            if choice == "review":
                round_no = title.split(" of ")[0].lower()
                self.review(actions_upto, f"the end of {round_no}",
                            then=lambda: self._summarise(view, actions_upto))
            else:
                self._summary_closed()

        if not self.closed:  # the round can end on a bot's move after the table was left
            self.app.push_screen(RoundSummary(title, [self.speak(line) for line in lines]),
                                 closed)

    @on(GameScreen.BotMoved)
    def _wait_for_summary(self, message: GameScreen.BotMoved) -> None:
        """Bots start the next round only once the player has read the round summary."""
        if self._summary_open:
            message.prevent_default()  # the base's handler would play it under the dialog
            message.stop()
            self._held = message

    def _summary_closed(self) -> None:
        self._summary_open = False
        held, self._held = self._held, None
        if held is not None:
            self.post_message(GameScreen.BotMoved(held.seat, held.action, held.token))


def _follow(trick: list[int]) -> int:
    """The suit to follow of ``trick`` (its first system card's suit), or -1."""
    return next((SUIT[c] for c in trick if c < 30), -1)
