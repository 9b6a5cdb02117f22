"""The Nebular Colors screen on set tables: what it says, which keys do what, what it refuses
and why, the Stop or Nova prompt, the summary between hands, and what a key repaints."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from textual._compositor import Compositor
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from ui_harness import SIZE, leave_table, settle

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.nebular_colors.screen import HandSummary, NebularColorsScreen
from tui_games.games.nebular_colors.state import DECK_SIZE, NCState, card_name
from tui_games.tui.app import GamesApp
from tui_games.tui.widgets.footer import GameFooter
from tui_games.tui.widgets.hand import Hand
from tui_games.tui.widgets.line_widget import LineWidget
from tui_games.tui.widgets.log import GameLog
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]


class Cards:
    """Hands out distinct card ids by name (`P1` three times gives three different ids)."""

    def __init__(self) -> None:
        self.free = list(range(DECK_SIZE))

    def take(self, *names: str) -> list[int]:
        ids = []
        for name in names:
            card = next((c for c in self.free if card_name(c) == name), None)
            if card is None:
                raise ValueError(f"no {name} left in the deck for this table")
            self.free.remove(card)
            ids.append(card)
        return ids


def table(*, mine: Sequence[str], theirs: Sequence[str] = ("P13",), left: Sequence[str] = (),
          right: Sequence[str] = (), my_melds: Sequence[Sequence[str]] = (),
          their_melds: Sequence[Sequence[str]] = (), their_penalties: Sequence[str] = (),
          deck_top: Sequence[str] = (), **fields: Any) -> Session:
    """A session at a set table: Ada (seat 0, to move) against the easy bot."""
    info = get_game("nebular_colors")
    state = info.rules.setup(2, 1, {"match": "4", "first": "0"})
    assert isinstance(state, NCState)
    cards = Cards()
    state.hands = [cards.take(*mine), cards.take(*theirs)]
    state.piles = [cards.take(*left), cards.take(*right)]
    state.melds = [[cards.take(*meld) for meld in my_melds],
                   [cards.take(*meld) for meld in their_melds]]
    state.penalties = [[], cards.take(*their_penalties)]
    top = cards.take(*deck_top)
    state.deck = cards.free + top[::-1]  # the top of the deck is the end of the list
    state.log = []
    for name, value in fields.items():
        setattr(state, name, value)
    return Session(info.rules, [Seat("Ada"), Seat("Bot", "easy")], 1,
                   {"match": "4", "first": "0"}, state=state)


def status(app: GamesApp) -> str:
    return app.screen.query_one(StatusLine).text


def nc(app: GamesApp) -> NebularColorsScreen:
    screen = app.screen
    assert isinstance(screen, NebularColorsScreen)
    return screen


async def select(pilot: Pilot[None], *names: str) -> None:
    """Select the named cards of the hand with the keyboard (home, right..., space)."""
    hand = nc(pilot.app).hand
    for name in names:
        await pilot.press("home")
        labels = [f.label for f in hand.faces]
        index = next(i for i, label in enumerate(labels)
                     if label == name and hand.faces[i].key not in hand.selection)
        for _ in range(index):
            await pilot.press("right")
        await pilot.press("space")


async def test_the_status_says_whose_turn_and_which_pile_makes_a_set(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["P9", "G9", "Y3"], left=["B9", "Y1"], right=["P2"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert status(app) == ("Your turn: draw 2 (d) or take the left pile (t) - it lets "
                               "you make a set of 9s.")
        assert nc(app).pile(0).border_subtitle == "t: set of 9s"
        assert nc(app).pile(1).border_subtitle == ""
        # the footer offers what can be done now, and the game's keys lead it
        footer = [k.key for k in app.screen.query_one(GameFooter).keys]
        assert footer[:5] == ["left", "space", "s", "d", "t"]
        assert "m" not in footer and "e" not in footer


async def test_take_a_pile_then_meld_the_set_and_keep_the_rest_as_penalty(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["P9", "G9", "Y3"], left=["B9", "Y1"], right=["P2"]))
    async with app.run_test(size=SIZE) as pilot:
        screen = nc(app)
        await pilot.press("t")  # the only pile that can be taken: no question asked
        state = screen.session.state
        assert state.phase == "take_set" and screen.focused is screen.hand
        captions = {f.label: f.caption for f in screen.hand.faces}
        assert captions == {"P9": "", "G9": "", "Y3": "", "B9": "pile", "Y1": "pile"}
        assert "make a set with the pile you took" in status(app)
        await select(pilot, "P9", "G9", "B9")
        await pilot.press("m")
        assert [sorted(card_name(c) for c in m) for m in state.melds[0]] == [["B9", "G9", "P9"]]
        assert state.phase == "meld"
        assert status(app).endswith("1 possible; 1 pile card left becomes a penalty card.") \
            or "1 pile card left becomes a penalty card" in status(app)
        await pilot.press("e")  # warned first: the taken Y1 would become a penalty card
        assert state.phase == "meld"
        assert status(app) == "✗ Y1 would become a penalty card: press e again to end your turn."
        await pilot.press("e")
        await pilot.pause()
        assert [card_name(c) for c in screen.session.state.penalties[0]] == ["Y1"]


async def test_an_illegal_meld_is_explained_in_one_line(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["P9", "G9", "Y3", "B4", "B9"], phase="meld"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        assert status(app) == ("✗ Select the cards of a meld first: move (←→) and press "
                               "space.")
        await select(pilot, "P9", "G9")
        await pilot.press("m")
        assert status(app) == "✗ Not a meld: a meld needs at least 3 cards."
        await select(pilot, "Y3")
        await pilot.press("m")
        assert status(app) == "✗ Not a meld: a set needs cards of one number."
        assert nc(app).session.actions == []


async def test_a_key_pressed_out_of_its_phase_gets_the_rules_reason(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["P9"], phase="meld"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        assert status(app) == "✗ You have already drawn this turn: meld or end your turn."
        await pilot.press("S")
        assert status(app) == "✗ You can call Stop only when you first reach 5 points."


async def test_an_empty_pile_must_take_the_discard_and_enter_puts_it_there(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["P9"], right=["B2"], deck_top=["G3", "Y7"]))
    async with app.run_test(size=SIZE) as pilot:
        screen = nc(app)
        await pilot.press("d")
        assert status(app).startswith("Your turn: discard one of the 2 new cards onto the "
                                      "empty left pile (1)")
        assert screen.pile(0).border_subtitle == "empty: fill it first"
        assert screen.hand.cursor_face is not None and screen.hand.cursor_face.label == "G3"
        assert {f.label: f.caption for f in screen.hand.faces} == {
            "P9": "", "G3": "new", "Y7": "new"}
        assert [f.label for f in screen.hand.faces if f.dimmed] == ["P9"]
        await pilot.press("2")
        assert status(app) == "✗ Discard onto the empty pile first."
        await pilot.press("enter")
        assert [card_name(c) for c in screen.session.state.piles[0]] == ["G3"]
        assert sorted(f.label for f in screen.hand.faces) == ["P9", "Y7"]


async def test_both_piles_open_enter_asks_which_and_escape_backs_out(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["P9"], left=["P1"], right=["B2"], deck_top=["G3", "Y7"]))
    async with app.run_test(size=SIZE) as pilot:
        screen = nc(app)
        await pilot.press("d", "enter")
        assert screen.focused is screen.pile(0)
        assert status(app) == "Discard G3 on which pile? ←→ then Enter, or 1 / 2; Esc to go back."
        await pilot.press("escape")
        assert screen.focused is screen.hand and screen.session.state.phase == "discard"
        await pilot.press("enter", "right", "enter")
        assert [card_name(c) for c in screen.session.state.piles[1]] == ["B2", "G3"]


async def test_reaching_5_first_prompts_stop_or_nova_and_nova_plays_on(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["Y9", "Y10", "Y11", "Y12", "P1"],
                                my_melds=[["G3", "G4", "G5"]], phase="meld"))
    async with app.run_test(size=SIZE) as pilot:
        screen = nc(app)
        prompt = screen.query_one("#nc-prompt")
        assert not prompt.display
        await select(pilot, "Y9", "Y10", "Y11", "Y12")
        await pilot.press("m")
        assert screen.session.state.phase == "stop_or_nova"
        assert prompt.display
        assert str(prompt.render()).startswith("★ You reached 7 points first!")
        assert status(app).startswith("Your choice: Stop (S)")
        footer = [k.key for k in app.screen.query_one(GameFooter).keys]
        assert "S" in footer and "N" in footer and "d" not in footer
        await pilot.press("N")
        await pilot.pause()
        assert not prompt.display
        # the bet shows beside both scores it is about
        assert str(screen.query_one("#nc-you-score").render()).endswith(
            "· score 7  · NOVA: 10 wins")
        assert str(screen.query_one("#nc-them-score").render()).endswith(
            "· score 0  · 5 beats the Nova")
        assert screen.session.state.phase == "meld"


async def test_stop_ends_the_hand_with_a_summary_before_the_next_hand(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["Y9", "Y10", "Y11", "Y12", "P1"],
                                my_melds=[["G3", "G4", "G5"]], phase="meld"))
    async with app.run_test(size=SIZE) as pilot:
        screen = nc(app)
        await select(pilot, "Y9", "Y10", "Y11", "Y12")
        await pilot.press("m", "S")
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, HandSummary)
        text = "\n".join(str(s.render()) for s in summary.query("Static"))
        assert "Hand 1 is over" in text
        assert "Hand 1 is over: Stop" in text
        assert ("Hand 1: You reached 7 points first and called Stop; you earn 1 star "
                "fragment (scores 7 to 0).") in text
        # what each scored, and why
        assert "Ada  7 points: Green 3 of 3 +4, Yellow 4 of 4 +3; no penalty cards" in text
        assert "Bot  0 points: nothing melded; no penalty cards" in text
        assert "Star fragments: Ada ●○○○ 1/4   Bot ○○○○ 0/4" in text
        assert "Bot starts hand 2." in text
        # the table waits under the summary: no bot move until it is dismissed
        actions = len(screen.session.actions)
        await pilot.pause(0.05)
        assert len(screen.session.actions) == actions
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert str(screen.query_one("#nc-frag-0").render()) == "Ada ●○○○"
        assert str(screen.query_one("#nc-title").render()) == "Nebular Colors · hand 2"


async def test_sorting_the_hand_shows_the_order_in_use(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["P9", "G3", "Y12", "P1"], phase="meld"))
    async with app.run_test(size=SIZE) as pilot:
        screen = nc(app)
        assert [f.label for f in screen.hand.faces] == ["P1", "G3", "P9", "Y12"]
        assert str(screen.query_one("#nc-sort").render()) == "by number (s)"
        await pilot.press("s")
        assert [f.label for f in screen.hand.faces] == ["G3", "Y12", "P1", "P9"]
        assert str(screen.query_one("#nc-sort").render()) == "by suit (s)"


# ---- what a key press repaints ----------------------------------------------------------

class Renders:
    """While ``on``: the widgets that render their content again, and the screen regions
    sent to the terminal."""

    def __init__(self) -> None:
        self.on = False
        self.widgets: list[Widget] = []
        self.regions: list[Region] = []

    def clear(self) -> None:
        self.widgets.clear()
        self.regions.clear()


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> Iterator[Renders]:
    """Spy on Textual: a widget's ``_render`` (``render_line`` for a LineWidget one) runs
    when its content must be drawn anew (its lines are cached otherwise); the compositor's
    dirty regions are what gets repainted."""
    record = Renders()
    render = Widget._render
    render_line = LineWidget.render_line  # widgets drawn line by line
    hand_line = Hand.render_line  # the hand keeps whole rows of cards
    update = Compositor.render_update

    def spy_render(self: Widget) -> Any:
        if record.on:
            record.widgets.append(self)
        return render(self)

    def spy_update(self: Compositor, *args: Any, **kwargs: Any) -> Any:
        if record.on:
            record.regions.extend(self._dirty_regions)
        return update(self, *args, **kwargs)

    def spy_lines(self: LineWidget, y: int) -> Any:
        if record.on:
            record.widgets.append(self)
        return render_line(self, y)

    def spy_hand(self: Hand, y: int) -> Any:
        if record.on:
            record.widgets.append(self)
        return hand_line(self, y)

    monkeypatch.setattr(Widget, "_render", spy_render)
    monkeypatch.setattr(LineWidget, "render_line", spy_lines)
    monkeypatch.setattr(Hand, "render_line", spy_hand)
    monkeypatch.setattr(Compositor, "render_update", spy_update)
    yield record


async def test_moving_the_cursor_or_selecting_repaints_only_the_hand(
        store: SaveStore, make_app: MakeApp, rendered: Renders) -> None:
    app = make_app(store, table(mine=["P9", "G9", "Y3", "B4", "B8", "P1"], phase="meld"))
    async with app.run_test(size=SIZE) as pilot:
        hand, row = nc(app).hand, nc(app).query_one("#nc-hand-row")
        await pilot.press("right", "left")  # the first key also gives the app focus
        await pilot.pause(0.1)
        for key in ("right", "space", "l", "h", "space", "s"):
            rendered.clear()
            rendered.on = True
            await pilot.press(key)
            await pilot.pause(0.05)
            rendered.on = False
            drawn = {w.id for w in rendered.widgets}
            # the hand alone (one widget draws every card); sorting also its "by suit" note
            assert drawn == ({"nc-sort", "nc-hand"} if key == "s" else {"nc-hand"}), key
            area = row.region if key == "s" else hand.region
            assert rendered.regions
            assert all(area.contains_region(region) for region in rendered.regions), key


async def test_1_or_2_takes_a_pile_at_once_and_a_pile_that_makes_no_set_is_refused(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["P9", "G9", "Y3"], left=["B9", "Y1"], right=["P2"]))
    async with app.run_test(size=SIZE) as pilot:
        screen = nc(app)
        await pilot.press("2")
        assert status(app) == "✗ You cannot make a set with that pile."
        await pilot.press("1")
        assert screen.session.state.phase == "take_set"
        assert screen.session.state.taken and not screen.session.state.piles[0]


async def test_no_pile_to_take_says_why_for_each(store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["P9"], left=["B2"], right=[]))
    async with app.run_test(size=SIZE) as pilot:
        assert status(app) == ("Your turn: draw 2 (d) - neither pile makes a set with your "
                               "hand yet.")
        assert "t" not in [k.key for k in app.screen.query_one(GameFooter).keys]
        await pilot.press("t")
        assert status(app) == ("✗ You cannot take a pile now (left: you cannot make a set "
                               "with that pile; right: that pile is empty).")
        assert nc(app).focused is nc(app).hand


# ---- a real match (replayable, so it can be saved and looked back at) --------------------

def match_at_stop_or_nova() -> Session:
    """A new match played at random until Ada (seat 0) must choose Stop or Nova."""
    info = get_game("nebular_colors")
    options = {"match": "4", "first": "0"}
    for seed in range(200):
        rng = random.Random(seed)
        session = Session.new(info.rules, [Seat("Ada"), Seat("Bot", "easy")], seed, options)
        while session.state.hand_no == 1 and session.state.phase != "stop_or_nova":
            session.apply(rng.choice(info.rules.legal_actions(session.state)))
        if session.state.phase == "stop_or_nova" and session.state.decider == 0:
            return Session(info.rules, session.seats, seed, options, session.actions)
    raise AssertionError("no match reached Stop or Nova for seat 0")


async def test_the_hand_sort_and_cursor_survive_a_save_and_continue(
        store: SaveStore, make_app: MakeApp) -> None:
    session = match_at_stop_or_nova()
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "right", "right")
        assert nc(app).hand.sort_mode == "suit"
        assert session.ui_prefs["hand_sort"] == "suit"
        card = nc(app).hand.cursor_key
        assert card is not None and card != nc(app).hand.faces[0].key
        await leave_table(pilot)  # to the menu: the game is saved on the way
        await pilot.pause()
        assert not isinstance(app.screen, NebularColorsScreen)
        await pilot.press("c")  # Continue: the game comes back from its save file
        await pilot.pause()
        again = nc(app)
        assert again.session is not session and again.session.actions == session.actions
        assert again.hand.sort_mode == "suit" and again.hand.cursor_key == card
        assert str(again.query_one("#nc-sort").render()) == "by suit (s)"
    loaded = store.load(store.latest().path)  # type: ignore[union-attr]
    assert loaded.ui_prefs == {"hand_sort": "suit", "hand_cursor": str(card)}


async def test_r_on_the_summary_looks_at_the_final_table_then_comes_back(
        store: SaveStore, make_app: MakeApp) -> None:
    session = match_at_stop_or_nova()
    melds = [list(area) for area in session.state.melds]
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = nc(app)
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, HandSummary)
        assert session.state.hand_no == 2  # the next hand is dealt under the summary
        await pilot.press("r")
        await pilot.pause()
        look = app.screen
        assert isinstance(look, NebularColorsScreen) and look is not screen
        assert look.reviewing
        # the table as the hand ended: its melds, the hand's number, the log's last word
        assert look.session.state.melds == melds
        assert str(look.query_one("#nc-title").render()) == "Nebular Colors · hand 1"
        assert status(app).startswith("Looking back at the end of hand 1")
        assert "called Stop" in look.query_one("#log", GameLog).shown[-1]
        await pilot.press("d")  # nothing can be played in a look back
        assert look.session.state.melds == melds and status(app).startswith("✗")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandSummary)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert str(screen.query_one("#nc-title").render()) == "Nebular Colors · hand 2"
        # the look back's Enter stayed with it: the table's own keys are back
        await settle(app, pilot)
        footer = [k.description for k in screen.query_one(GameFooter).keys]
        assert "Go on" not in footer and "Draw" in footer


async def test_no_meld_possible_hides_m_and_says_to_end_the_turn(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["P9", "G3"], phase="meld"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert status(app) == "Your turn: no meld can be made now - end your turn (e)."
        footer = [k.key for k in app.screen.query_one(GameFooter).keys]
        assert "e" in footer and "m" not in footer
        await pilot.press("m")
        assert status(app) == "✗ No meld can be made now: end your turn (e)."


async def test_the_status_line_shows_every_word_in_two_lines_at_80x24(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, table(mine=["P9", "G9", "Y12", "B12"], left=["B9", "Y1"],
                                right=["P12"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = app.screen.query_one(StatusLine)
        shown = str(line.render())
        assert line.size.height == 2 and len(shown.split("\n")) == 2
        assert " ".join(shown.split()) == status(app)  # wrapped, nothing cut


async def test_a_phase_key_repaints_what_changed_not_the_table(
        store: SaveStore, make_app: MakeApp, rendered: Renders) -> None:
    app = make_app(store, table(mine=["P9", "G9", "Y3"], left=["B9", "Y1"], right=["P2"],
                                deck_top=["G3", "Y7"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "left")
        await pilot.pause(0.1)
        rendered.clear()
        rendered.on = True
        await pilot.press("d")  # choose -> discard: the hand, the deck, the words change
        await pilot.pause(0.05)
        rendered.on = False
        drawn = {w.id for w in rendered.widgets if w.id}
        assert "nc-hand" in drawn
        unchanged = {"nc-them-score", "nc-you-score", "nc-them-melds", "nc-you-melds",
                     "nc-title", "nc-frag-0", "nc-frag-1", "nc-them-name", "nc-you-name"}
        assert not drawn & unchanged
        assert not [w for w in rendered.widgets if w.parent is nc(app).hand]  # no per-card widgets


async def test_hot_seat_player_2_never_reads_you_about_player_1(
        store: SaveStore, make_app: MakeApp) -> None:
    """Issue 19: in hot-seat, Player 2 read "Hand 1: You start" about Player 1 (named
    You). The log calls the other seat by its seat, "you" is only the one viewing."""
    rules = get_game("nebular_colors").rules
    session = Session.new(rules, [Seat("You"), Seat("Player 2")], 2, {"first": "0"})
    async with make_app(store, session).run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Player 1 takes the seat
        await pilot.pause()
        screen = nc(pilot.app)
        assert screen.viewer == 0
        assert screen.query_one(GameLog).shown[0].startswith("Hand 1: You start")
        while session.to_move == 0:  # Player 1's turn, played out
            screen.play(rules.legal_actions(session.state)[0])
            await pilot.pause()
        await pilot.press("enter")  # Player 2 takes the seat
        await pilot.pause()
        assert screen.viewer == 1
        log = screen.query_one(GameLog).shown
        assert log[0].startswith("Hand 1: Player 1 starts")
