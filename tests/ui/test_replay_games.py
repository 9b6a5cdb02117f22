"""Every game's own table in the replay viewer: a record of each opens, steps, jumps,
changes viewpoint and reveals, and the table always shows the position it claims."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from ui_harness import SIZE, open_replay, play_out

from tui_games.engine.codec import to_json
from tui_games.engine.core import default_options
from tui_games.engine.records import History
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session, replay
from tui_games.games import all_games, get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.replay import ReplayView
from tui_games.tui.widgets.footer import GameFooter
from tui_games.tui.widgets.log import GameLog

MakeApp = Callable[..., GamesApp]


def finished_game(game_id: str, seed: int = 11) -> Session:
    """You against an easy bot, played to the end by random choices."""
    rules = get_game(game_id).rules
    session = Session.new(rules, [Seat("You"), Seat("Bot", "easy")], seed,
                          default_options(rules))
    play_out(session, seed)
    return session


@pytest.mark.parametrize("game_id", list(all_games()))
async def test_each_games_record_replays_on_its_own_table(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    session = finished_game(game_id)
    path = History(store).keep(session)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.replay_file(str(path))
        await pilot.pause()
        view = app.screen
        assert isinstance(view, ReplayView) and view.seat == 0
        for keys, at in ((["right"], 1), (["right", "right", "left"], 2),
                         (["end"], len(session.actions)), (["home"], 0),
                         (["right_square_bracket"], None)):
            await pilot.press(*keys)
            if at is not None:
                assert view.at == at
            expected = replay(session.rules, 2, session.seed, session.options,
                              session.actions[:view.at])
            assert to_json(view.session.state) == to_json(expected)
        assert view.at > 0 and view.timeline.turns[view.at] == 1
        await pilot.press("end", "v")  # a spectator
        assert view.seat is None
        await pilot.press("a", "v", "v", "v")  # revealed: you, the bot, a spectator
        assert view.revealed and view.seat is None
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReplayView)


@pytest.mark.parametrize("game_id", list(all_games()))
async def test_a_spectator_is_nobodys_you_on_the_replayed_table(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    """Watching as a spectator, no seat reads "(you)" (Nebular Colors' name row did)."""
    rules = get_game(game_id).rules
    session = Session.new(rules, [Seat("Ada"), Seat("Bot", "easy")], 11,
                          default_options(rules))
    play_out(session, 11)
    path = History(store).keep(session)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        view = await open_replay(app, pilot, path)
        await pilot.press("home", "right")
        await pilot.pause()
        assert "(you)" in app.export_screenshot() or game_id != "nebular_colors"
        await pilot.press("v")  # as a spectator
        await pilot.pause()
        assert view.seat is None
        assert "(you)" not in app.export_screenshot()


@pytest.mark.parametrize("game_id", list(all_games()))
async def test_the_replays_keys_fit_its_footer_and_no_table_key_claims_its_arrows(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    path = History(store).keep(finished_game(game_id))
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.replay_file(str(path))
        await pilot.pause()
        await pilot.pause()
        footer = app.screen.query_one(GameFooter)
        shown = [f"{key.display} {key.description}" for key in footer.drawn]
        assert len(footer.drawn) == len(footer.keys), shown  # every key on the line
        assert shown[:2] == ["←→ Step", "[] Turn"], shown  # the replay's keys come first
        assert {"v View as", "a Reveal all", "⏎ Go on"} <= set(shown), shown
        # the hand's or the board's cursor keys would say that ← and → move it
        assert not [entry for entry in shown[2:] if "Move" in entry or "Diagonals" in entry]


@pytest.mark.parametrize("game_id", list(all_games()))
async def test_a_replay_offers_no_select_and_reveal_only_for_a_finished_game(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    # "space Select" did nothing in a replay; "a Reveal all" was offered for a save.
    rules = get_game(game_id).rules
    unfinished = Session.new(rules, [Seat("You"), Seat("Bot", "easy")], 11,
                             default_options(rules))
    rng = random.Random(11)
    for _ in range(6):
        unfinished.apply(rng.choice(rules.legal_actions(unfinished.state)))
    for session, finished in ((finished_game(game_id), True), (unfinished, False)):
        path = (History(store).keep(session) if finished
                else store.save_as(session, f"{game_id}-part"))
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.replay_file(str(path))
            for _ in range(3):
                await pilot.pause()
            await pilot.press("right", "right")
            await pilot.pause()
            shown = [key.description for key in app.screen.query_one(GameFooter).keys]
            assert "Select" not in shown, shown
            assert ("Reveal all" in shown) is finished, shown


async def test_leaving_the_replay_of_tui_games_replay_file_ends_the_app(
        store: SaveStore) -> None:
    path = History(store).keep(finished_game("neptune"))
    app = GamesApp(store, bot_delay=0, replay=str(path))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, ReplayView)
        await pilot.press("escape")
        for _ in range(3):
            await pilot.pause()
        assert app.return_code is not None or not app.is_running


@pytest.mark.parametrize("game_id", list(all_games()))
async def test_a_spectators_log_names_a_seat_called_you_as_the_table_does(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    # Watching as a spectator, the log called the seat named "You" "Player 1".
    path = History(store).keep(finished_game(game_id))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        view = await open_replay(app, pilot, path)
        await pilot.press("end", "v")
        await pilot.pause()
        assert view.seat is None
        lines = view.query_one("#log", GameLog).shown
        assert lines and not [line for line in lines if "Player 1" in line], lines[-5:]


async def test_a_neptune_replay_marks_only_the_cards_the_seat_could_not_play(
        store: SaveStore, make_app: MakeApp) -> None:
    # Looking back at a lead or a follow, every card but the cursor's read "·" (unplayable)
    # and the cursor sat on a card that could not be played.
    session = finished_game("neptune")
    rules = session.rules
    path = History(store).keep(session)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.replay_file(str(path))
        await pilot.pause()
        view = app.screen
        assert isinstance(view, ReplayView) and view.seat == 0
        checked = 0
        for _ in range(12):
            await pilot.press("right")
            await pilot.pause()
            state = view.view()
            if rules.to_move(state) != 0 or state.phase != "play":
                continue
            legal = {a.card for a in rules.legal_actions(state) if hasattr(a, "card")}
            hand = view.query_one("#nep-hand")
            dimmed = {f.key for f in hand.faces if f.dimmed}
            assert dimmed == set(state.hands[0]) - legal
            assert hand.cursor_key in legal
            checked += 1
        assert checked
