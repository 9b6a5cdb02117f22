"""The Nebular Colors table drawn from the view: the widgets, each refresh of them, and
the summary between two hands.

``NebularColorsTable`` lays out both scoring areas, the two splayed piles around the deck
and your hand, and fills them in from the viewer's observation. What each part shows is
worked out without Textual (view.py in numbers, texts.py in words); this class only
hands the answers to the widgets. Widgets are updated only where something changed, so a
key press repaints a card or two, not the table. The keys are the screen's (screen.py,
``NebularColorsScreen``).
"""

from __future__ import annotations

from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.widgets import Static

from tui_games.engine.codec import clone
from tui_games.engine.core import GameState
from tui_games.games.nebular_colors import key_plan, texts
from tui_games.games.nebular_colors.pile import CardGroups, SplayedPile
from tui_games.games.nebular_colors.rules import score_breakdown
from tui_games.games.nebular_colors.scoring import ScoringArea
from tui_games.games.nebular_colors.state import (
    CARD_NUMBER,
    CARD_SUIT,
    SUITS,
    HandResult,
    NCState,
    card_name,
)
from tui_games.games.nebular_colors.summary import HandSummary
from tui_games.games.nebular_colors.tracker import FragmentTracker
from tui_games.games.nebular_colors.view import (
    hand_end_held,
    held_face_down,
    suit_style,
    suit_tallies,
)
from tui_games.tui.screens.card_table import CardTable
from tui_games.tui.widgets.boxes import Column, Row
from tui_games.tui.widgets.card import SORTS, CardFace
from tui_games.tui.widgets.hand import Hand, HiddenHand

SORT_PREF = "hand_sort"  # the session's ui_prefs keys: the hand's sort and cursor
CURSOR_PREF = "hand_cursor"  # survive a save


def face(card: int, caption: str = "", dimmed: bool = False) -> CardFace:
    """How a card shows in the widgets: `P1` in the purple style, sortable by suit/number."""
    return CardFace(key=card, label=card_name(card), style=suit_style(card),
                    group=SUITS.index(CARD_SUIT[card]), rank=CARD_NUMBER[card],
                    caption=caption, dimmed=dimmed)


class NebularColorsTable(CardTable):
    """The Nebular Colors table's widgets and their refresh (the keys are
    NebularColorsScreen's)."""

    COMPONENT_CLASSES = {"suit-g", "suit-y", "suit-b", "suit-p"}
    HAND_ID = "nc-hand"
    CURSOR_PREF = CURSOR_PREF

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.reviewing:  # a look back that stops on a hand's end shows its final table
            final = hand_end_held(self.session)
            if final is not None:
                self.session.state = final
        self._results_seen = len(self.session.state.results)
        self._can_meld = False  # whether m / t do something now (the footer shows them)
        self._can_take = False
        self._texts: dict[str, str] = {}
        # the true state before the latest action (a hand's end is summed up from it)
        self._before: tuple[int, NCState] | None = None

    # ---- layout ------------------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        """Top bar, opponent, piles around the deck, you and your hand, the Stop/Nova prompt."""
        sort = self.session.ui_prefs.get(SORT_PREF, "number")
        with Column(id="nc-table"):
            with Row(id="nc-top"):
                yield Static(id="nc-title", markup=False)
                yield FragmentTracker(id="nc-frag-0")
                yield FragmentTracker(id="nc-frag-1")
                yield Static(id="nc-match", markup=False)
                yield Static(id="nc-deck-count", markup=False)
            with Column(id="nc-them", classes="nc-player"):
                with Row(classes="nc-row"):
                    yield Static(id="nc-them-name", classes="nc-name", markup=False)
                    yield ScoringArea(id="nc-them-score")
                with Row(classes="nc-row"):
                    yield Static("melds", classes="nc-label", markup=False)
                    yield CardGroups(id="nc-them-melds", empty="none yet")
                with Row(classes="nc-row"):
                    yield Static("hand", classes="nc-label", markup=False)
                    yield HiddenHand(id="nc-them-hand")
            with Row(id="nc-piles"):
                yield SplayedPile("left pile (1)", id="nc-pile-0")
                yield Static(id="nc-deck", markup=False)
                yield SplayedPile("right pile (2)", id="nc-pile-1")
            with Column(id="nc-you", classes="nc-player"):
                with Row(classes="nc-row"):
                    yield Static(id="nc-you-name", classes="nc-name", markup=False)
                    yield ScoringArea(id="nc-you-score")
                with Row(classes="nc-row"):
                    yield Static("melds", classes="nc-label", markup=False)
                    yield CardGroups(id="nc-you-melds", empty="none yet")
                with Row(classes="nc-row", id="nc-hand-row"):
                    with Column(classes="nc-label"):
                        yield Static("hand", markup=False)
                        yield Static(id="nc-sort", markup=False)
                    yield Hand(id="nc-hand", sort=sort if sort in SORTS else "number")
            yield Static(id="nc-prompt", markup=False)

    def on_mount(self) -> None:
        """Focus the hand."""
        if self.closed:
            return  # left before it was built: no widgets to set up
        self.focus_hand()
        # (Textual calls GameScreen.on_mount after this one: it shows the table.)

    def on_resize(self, event: events.Resize) -> None:
        """From 32 lines up the table spreads out (the .tcss adds room with -roomy)."""
        self.set_class(event.size.height >= 32 and event.size.width >= 100, "-roomy")

    def pile(self, i: int) -> SplayedPile:
        """The left (0) or right (1) pile widget."""
        return self.query_one(f"#nc-pile-{i}", SplayedPile)

    def _text(self, widget_id: str, text: str) -> None:
        """Update a Static only when its text changes (no needless repaint)."""
        old = self._texts.get(widget_id)
        if old != text:
            self._texts[widget_id] = text
            # same shape, new characters: a repaint will do, no layout pass
            same_shape = old is not None and [len(x) for x in old.split("\n")] == [
                len(x) for x in text.split("\n")]
            self.query_one(f"#{widget_id}", Static).update(text, layout=not same_shape)

    # ---- refreshing from the view ------------------------------------------------------

    def player_name(self, seat: int) -> str:
        """A seat's player name."""
        return self.session.seats[seat].name

    @property
    def names(self) -> list[str]:
        """Both players' names, by seat."""
        return [seat.name for seat in self.session.seats]

    def refresh_table(self, view: GameState) -> None:
        """Update every widget from ``view``; each one repaints only if its data changed."""
        assert isinstance(view, NCState)
        me, them = self.viewer, 1 - self.viewer
        title, labels, match = texts.top_bar(view.hand_no, self.names, view.target)
        self._text("nc-title", title)
        for seat in (0, 1):
            tracker = self.query_one(f"#nc-frag-{seat}", FragmentTracker)
            tracker.set_progress(view.fragments[seat], view.target, labels[seat])
        self._text("nc-match", match)
        self._text("nc-deck-count", f"deck {len(view.deck)}")
        self._text("nc-deck", f"deck\n{len(view.deck)}")
        for seat, who in ((them, "them"), (me, "you")):
            info = self.session.seats[seat]
            self._text(f"nc-{who}-name", texts.seat_label(
                info.name, info.bot, who == "you" and self.is_you(seat)))
            parts = score_breakdown(view, seat)
            self.query_one(f"#nc-{who}-score", ScoringArea).set_score(
                suit_tallies(parts), parts.penalty_cards, parts.penalty, parts.total,
                texts.nova_note(view, seat))
            self.query_one(f"#nc-{who}-melds", CardGroups).set_groups(
                [[face(c) for c in meld] for meld in view.melds[seat]])
        self.query_one("#nc-them-hand", HiddenHand).set_count(held_face_down(view, them))
        for i in (0, 1):
            self.pile(i).set_cards([face(c) for c in view.piles[i]])
        mine = self.mine()
        legal = self.rules.legal_actions(view) if mine else []
        self._can_meld = key_plan.can_meld(legal)
        self._can_take = key_plan.can_take(legal)
        self._refresh_hand(view)
        for i in (0, 1):
            self.pile(i).set_hint(texts.pile_hint(self.rules, view, i, legal))
        self._refresh_prompt(view)
        self._refresh_keys()
        if len(view.results) > self._results_seen:
            self._results_seen = len(view.results)
            if view.phase != "over":  # the game-over screen tells the end itself
                self._summarise(view.results[-1], view)
        state = self.session.state
        assert isinstance(state, NCState)
        self._before = (len(self.session.actions), clone(state))

    def _refresh_hand(self, view: NCState) -> None:
        me = self.viewer
        mine = view.current == me
        discarding = mine and view.phase == "discard"
        faces = [face(c, dimmed=discarding) for c in view.hands[me]]
        if mine:
            faces += [face(c, "new") for c in view.drawn]
            faces += [face(c, "pile") for c in view.taken]
        was_discarding = not self.hand.selectable
        hand = self.deal_hand(faces)
        hand.selectable = not discarding
        if discarding and not was_discarding and view.drawn:
            hand.move_cursor_to(view.drawn[0])
        self.restore_cursor()
        self._text("nc-sort", f"{SORTS[hand.sort_mode]} (s)")

    def _refresh_prompt(self, view: NCState) -> None:
        prompt = self.query_one("#nc-prompt", Static)
        deciding = (view.phase == "stop_or_nova" and view.decider == self.viewer
                    and not self.reviewing)
        if deciding:
            points = score_breakdown(view, self.viewer).total
            self._text("nc-prompt", texts.stop_or_nova_prompt(
                points, self.player_name(1 - self.viewer)))
        if prompt.display != deciding:
            prompt.display = deciding

    def _refresh_keys(self) -> None:
        """The keys on offer may have changed: the screen has the footer re-check them."""

    @on(Hand.Sorted)
    def _sorted(self, event: Hand.Sorted) -> None:
        self._text("nc-sort", f"{SORTS[event.mode]} (s)")
        if not self.reviewing:
            self.session.ui_prefs[SORT_PREF] = event.mode

    # ---- between hands -----------------------------------------------------------------

    def _summarise(self, result: HandResult, view: NCState) -> None:
        """Cover the new deal with how the last hand ended; r looks at its final table."""
        upto = len(self.session.actions)
        final = None
        if self._before is not None and self._before[0] == upto - 1:
            final = self.rules.hand_end_table(self._before[1], self.session.actions[-1])
        title = texts.summary_title(result)
        lines = texts.summary_lines(result, final, view, self.names, self.viewer)

        def show() -> None:
            if not self.closed:  # the hand can end on a bot's move after the table was left
                self.app.push_screen(HandSummary(title, lines), after)

        def after(look: bool | None) -> None:
            if look:
                self.review(upto, f"the end of hand {result.hand_no}", then=show)

        show()
