"""Reading the Neptune table at 80x24: score legends, unplayable cards without colour, the
round summary and its look back at the last table, the status line's width."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from ui_harness import SIZE, leave_table

from tui_games.engine.core import Action
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.neptune.card_words import card_face
from tui_games.games.neptune.score_tracker import ScoreTracker
from tui_games.games.neptune.screen import NeptuneScreen, RoundSummary, name_cell
from tui_games.games.neptune.state import CP, IS_ASTEROID, NeptuneState
from tui_games.games.neptune.trick import TrickArea
from tui_games.games.neptune.tricks import winning_position
from tui_games.tui.app import GamesApp
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def position(players: int, wanted: Callable[[NeptuneState], bool]) -> Session:
    """A session (Ann human, the rest bots) replayed to the first position where ``wanted``."""
    rules = get_game("neptune").rules
    seats = [Seat("Ann")] + [Seat(name, "easy") for name in NAMES[1:players]]
    for seed in range(300):
        s = rules.setup(players, seed, {})
        pick = random.Random(seed)
        actions: list[Action] = []
        while rules.to_move(s) is not None:
            if wanted(s):
                return Session(rules, seats, seed, {}, actions=actions)
            action = pick.choice(rules.legal_actions(s))
            rules.apply(s, action)
            actions.append(action)
    raise AssertionError("no such position")


def ann_cannot_play_everything(s: NeptuneState) -> bool:
    """Ann to follow a trick with some cards she may not play."""
    if s.phase != "play" or s.current != 0 or not s.trick:
        return False
    return len(get_game("neptune").rules.legal_actions(s)) < len(s.hands[0])


def ann_ends_round_one(s: NeptuneState) -> bool:
    """Ann plays the last card of round 1."""
    return (s.round == 1 and s.phase == "play" and s.current == 0
            and s.tricks_done == s.hand_size - 1 and len(s.trick) == s.players - 1)


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_each_score_tracker_labels_its_tens_and_ones_rows_at_80x24(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, position(4, lambda s: s.current == 0 and s.phase == "play"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for seat in range(4):
            tracker = app.screen.query_one(f"#nep-score-{seat}", ScoreTracker)
            tens, ones = tracker.render().plain.split("\n")
            assert tens.startswith("tens ") and ones.startswith("ones ")
            assert tracker.size.width >= max(len(tens), len(ones))  # nothing cut off
            assert tracker.region.right <= SIZE[0]


async def test_under_no_color_unplayable_cards_carry_a_mark_that_is_not_colour(
        store: SaveStore, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(store, position(3, ann_cannot_play_everything))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.no_color
        screen = app.screen
        assert isinstance(screen, NeptuneScreen)
        hand = screen.hand
        lines = hand.render_lines(Region(0, 0, hand.size.width, hand.size.height))
        text = "\n".join(strip.text for strip in lines)
        dimmed = [f for f in hand.faces if f.dimmed and f.key != hand.cursor_key]
        legal = [f for f in hand.faces if not f.dimmed and f.key != hand.cursor_key]
        assert dimmed and legal
        for face in dimmed:
            assert f"·{face.label} " in text + " ", (face.label, text)
        for face in legal:
            assert f"·{face.label} " not in text + " " and f" {face.label}" in text


async def test_the_round_summary_explains_the_round_and_looks_back_on_r(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, position(3, ann_ends_round_one))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, NeptuneScreen)
        status = table.query_one(StatusLine)
        assert status.content_size.width == 78  # the width the status texts are fitted to
        await pilot.press("enter")  # the round's last card
        await settle(pilot)
        summary = app.screen
        assert isinstance(summary, RoundSummary)
        assert summary.title_text == "Round 1 of 5 is over"
        text = "\n".join(summary.lines)
        assert "You took " in text and "Bob took " in text and "Cy took " in text
        assert text.count(", total ") == 3
        assert "3 rounds" not in text and "4 rounds to go" in text
        await pilot.press("r")
        await settle(pilot)
        look = app.screen
        assert isinstance(look, NeptuneScreen) and look.reviewing
        trick = look.query_one(TrickArea)
        assert trick.border_title == "Trick 12 of 12" and "won it" in trick.text
        assert "★ won" in trick.text and "winning" not in trick.text
        assert not look.hand.faces  # the round's end: every card played
        assert "Looking back" in look.query_one(StatusLine).text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, RoundSummary)  # back to the summary
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is table
        state = table.session.state
        assert isinstance(state, NeptuneState) and state.round == 2
        # Enter plays again on the table: the look back's "Go on" stayed with the look back
        assert table.session.to_move == 0
        before = len(table.session.actions)
        await pilot.press("enter")
        assert len(table.session.actions) > before


async def test_a_cursor_key_repaints_the_hand_and_the_status_line_only(
        store: SaveStore, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """Speed without timing: moving the cursor asks for no layout pass of the screen and
    repaints no other widget (a play repaints only what changed, never by a layout pass
    of the table's own widgets)."""
    app = make_app(store, position(3, ann_cannot_play_everything))
    refreshed: list[tuple[str, bool]] = []
    original = Widget.refresh

    def recording(self: Widget, *regions: Any, **kwargs: Any) -> Widget:
        refreshed.append((type(self).__name__, bool(kwargs.get("layout"))))
        return original(self, *regions, **kwargs)

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        monkeypatch.setattr(Widget, "refresh", recording)
        for key in ("right", "right", "left", "l", "h"):
            await pilot.press(key)
        assert refreshed and {name for name, _ in refreshed} <= {"Hand", "StatusLine"}
        assert not any(layout for _, layout in refreshed)
        refreshed.clear()
        hand = app.screen.hand
        await pilot.press("home")
        while hand.cursor_face is not None and hand.cursor_face.dimmed:
            await pilot.press("right")  # to a card that can be played
        refreshed.clear()
        played = len(app.screen.session.actions)
        await pilot.press("enter")
        assert len(app.screen.session.actions) > played
        table = {"Static", "ScoreTracker", "TrickPiles", "TrickArea", "StatusLine"}
        assert not [name for name, layout in refreshed if layout and name in table]


def ann_answers_a_question(s: NeptuneState) -> bool:
    """Ann won a trick with a special card and must now choose what it does."""
    return s.phase not in ("play", "over") and s.winner == 0


async def test_a_question_asked_while_the_terminal_is_too_small_waits_for_room(
        store: SaveStore, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its answers are placed under the status line once there is one: no busy wait while
    the too-small panel hides it (this spun forever, found by the fuzz)."""
    calls: list[int] = []
    place = NeptuneScreen._place_choices

    def counted(self: NeptuneScreen, *args: Any) -> None:
        calls.append(1)
        place(self, *args)

    monkeypatch.setattr(NeptuneScreen, "_place_choices", counted)
    app = make_app(store, position(3, ann_answers_a_question))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, NeptuneScreen) and table._asking
        await pilot.resize_terminal(60, 20)
        for _ in range(5):
            await pilot.pause()
        calls.clear()
        for _ in range(5):
            await pilot.pause()
        assert len(calls) <= 1
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        status = table.query_one(StatusLine).region
        choices = table.query_one("#nep-choices")
        assert choices.display and choices.region.y == status.bottom


def ann_leads(s: NeptuneState) -> bool:
    """Ann to lead a trick, every card of her hand playable."""
    return s.phase == "play" and s.current == 0 and not s.trick and len(s.hands[0]) > 5


async def test_the_hand_sort_and_cursor_survive_a_save_and_continue(
        store: SaveStore, make_app: MakeApp) -> None:
    """A save resumes the hand as it was: sorted by number, the cursor on the same card
    (both kept with the game, never replayed)."""
    session = position(2, ann_leads)
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, NeptuneScreen)
        await pilot.press("s", "right", "right")
        hand = table.hand
        assert hand.sort_mode == "number"
        card = hand.cursor_key
        assert card is not None and card != hand.faces[0].key
        await leave_table(pilot)  # to the menu: the game is saved on the way
        await pilot.pause()
        assert session.ui_prefs == {"hand_sort": "number", "hand_cursor": str(card)}
        await pilot.press("c")  # Continue: the game comes back from its save file
        await settle(pilot)
        again = app.screen
        assert isinstance(again, NeptuneScreen) and again.session is not session
        assert again.hand.sort_mode == "number" and again.hand.cursor_key == card


async def test_name_cells_keep_a_gap_and_never_cut_you_at_80x24(
        store: SaveStore, make_app: MakeApp) -> None:
    """Issue 18: "▸bo (you)tens" ran together; "ada (yo…" and "Bot 3 (nor" were cut."""
    from tui_games.tui.widgets.text_lines import TextLines

    rules = get_game("neptune").rules
    seats = [Seat("ada"), Seat("Bot 3 (north)", "easy"), Seat("tga42229c", "easy")]
    app = make_app(store, Session(rules, seats, 1, {}))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        cells = [app.screen.query_one(f"#nep-name-{seat}", TextLines) for seat in range(3)]
        first = [cell.text.split("\n")[0] for cell in cells]
        assert first[0].endswith("ada (you)")
        assert first[1].endswith("Bot 3 (no…")
        for cell, line in zip(cells, first, strict=True):
            assert len(line) < cell.size.width, f"{line!r} fills its cell: no gap"
            tracker = app.screen.query_one(ScoreTracker)
            assert cell.region.right <= tracker.region.x


async def test_a_new_hand_starts_on_its_strongest_playable_card_and_faces_read_points(
        store: SaveStore, make_app: MakeApp) -> None:
    """A newcomer's cursor sat on "G1 (10)", the weakest card, and they took the bracket
    for strength. The cursor now starts each card to play on the strongest playable one,
    the faces say "pt", and the status line reads the face out in words."""
    app = make_app(store, position(2, lambda s: s.current == 0 and s.phase == "play"
                                   and s.tricks_done == 0 and not s.trick))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NeptuneScreen)
        state = screen.session.state
        assert isinstance(state, NeptuneState)
        system = [c for c in state.hands[0] if c < 30]
        strongest = max(system, key=lambda c: CP[c])
        assert screen.hand.cursor_key == strongest
        for f in screen.hand.faces:
            if f.key < 30:
                assert f.label == card_face(f.key) and f.label.endswith("pt")
        status = screen.query_one(StatusLine).text
        assert f"{card_face(strongest)} is " in status and "strength" in status
        await leave_table(pilot)


def ann_follows_with_two_winners(s: NeptuneState) -> bool:
    """Ann to play the last card of an undamaged trick, with two system cards that win it."""
    if s.phase != "play" or s.current != 0 or len(s.trick) != s.players - 1:
        return False
    if any(IS_ASTEROID[c] for c in s.trick):
        return False
    last = s.tricks_done == s.hand_size - 1
    legal = {a.card for a in get_game("neptune").rules.legal_actions(s)}  # type: ignore[attr-defined]
    return len([c for c in legal if c < 30
                and winning_position([*s.trick, c], last) == len(s.trick)]) >= 2


async def test_following_the_cursor_starts_on_the_weakest_card_that_wins_the_trick(
        store: SaveStore, make_app: MakeApp) -> None:
    """Issue 31, played: the cursor sat on B9 when B3, which scores 8, also won the trick."""
    app = make_app(store, position(2, ann_follows_with_two_winners))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NeptuneScreen)
        state = screen.session.state
        assert isinstance(state, NeptuneState)
        last = state.tricks_done == state.hand_size - 1
        legal = {a.card for a in screen.legal()}  # type: ignore[attr-defined]
        winners = [c for c in legal if c < 30
                   and winning_position([*state.trick, c], last) == len(state.trick)]
        assert screen.hand.cursor_key == min(winners, key=lambda c: CP[c])
        await leave_table(pilot)


def test_a_seat_named_you_is_not_told_it_is_you_twice() -> None:
    # Issue 31, played: the seats panel read "▸You (you)".
    assert name_cell("▸", "You", True, 9) == "▸You\n 9 cards"
    assert name_cell("▸", "Ann", True, 9) == "▸Ann (you)\n 9 cards"


async def test_a_seat_viewed_as_you_keeps_its_whole_name_at_80x24(
        store: SaveStore, make_app: MakeApp) -> None:
    """Viewing as Bot 2 (a replay's viewpoint) read "▸Bot… (you)": a name of up to ten
    letters is never cut; "(you)" goes under it when both do not fit on one line."""
    from tui_games.tui.widgets.text_lines import TextLines

    assert name_cell("▸", "Bot 2", True, 15) == "▸Bot 2\n (you)"
    assert name_cell(" ", "Ann", True, 9) == " Ann (you)\n 9 cards"
    assert name_cell(" ", "Bot 2", False, 1) == " Bot 2\n 1 card"
    assert name_cell(" ", "Bartholomew", True, 1) == " Bartholom…\n (you)"
    rules = get_game("neptune").rules
    seats = [Seat("Bot 2"), Seat("Ann", "easy"), Seat("Cassiopeia", "easy")]
    app = make_app(store, Session(rules, seats, 1, {}))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        cells = [app.screen.query_one(f"#nep-name-{seat}", TextLines) for seat in range(3)]
        assert cells[0].text.split("\n")[0].strip(" ▸") == "Bot 2"
        assert cells[0].text.split("\n")[1] == " (you)"
        assert cells[2].text.split("\n")[0].strip(" ▸") == "Cassiopeia"
        for cell in cells:
            assert "…" not in cell.text
            assert max(len(line) for line in cell.text.split("\n")) < cell.size.width


def near_the_end(players: int, seed: int) -> Session:
    """A seeded random game of Neptune cut back to Ann's last card to play."""
    rules = get_game("neptune").rules
    seats = [Seat("Ann")] + [Seat(name, "easy") for name in NAMES[1:players]]
    s, pick, actions = rules.setup(players, seed, {}), random.Random(seed), []
    while rules.to_move(s) is not None:
        action = pick.choice(rules.legal_actions(s))
        rules.apply(s, action)
        actions.append(action)
    for cut in range(len(actions) - 1, 0, -1):
        session = Session(rules, seats, seed, {}, actions=actions[:cut])
        if session.to_move == 0:
            return session
    raise AssertionError("Ann never plays")


async def test_the_game_over_summary_fits_80x24_title_fixed_important_lines_first(
        store: SaveStore, make_app: MakeApp) -> None:
    """Five rounds of breakdown at 80x24: the title scrolled away and "Hints used" showed
    only at the bottom. The title, the winner, the hints line, the names, the score and
    the place show at once; the rounds scroll under them, the title and names staying."""
    from tui_games.tui.screens.game_over import Breakdown, GameOverScreen

    app = make_app(store, near_the_end(3, 5))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        for _ in range(10):
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        await pilot.pause()
        body = app.screen.query_one("#breakdown", Breakdown)

        def drawn() -> list[str]:
            return [body.render_line(y).text.strip() for y in range(body.size.height)]

        first = drawn()
        assert first[0] == "Game over - Neptune"
        assert any(row.startswith("Hints used:") for row in first)
        names = next(row for row in first if row.startswith("Ann"))
        labels = [row.split()[0] for row in first if row]
        assert labels.index("Score") == labels.index("Place") - 1
        assert body.virtual_size.height > body.size.height  # five rounds do not fit
        for _ in range(body.virtual_size.height):
            await pilot.press("down")
        await pilot.pause()
        last = drawn()
        assert last != first and last[0] == "Game over - Neptune" and names in last
        assert body.region.bottom <= SIZE[1]
