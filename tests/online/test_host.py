"""The host: identity from the socket, refusals with reasons, leaving, crashes, versions."""

from __future__ import annotations

import signal
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest
from online_helpers import HostProcess, me

from tui_games import cli
from tui_games.engine.session import Seat
from tui_games.games import get_game
from tui_games.games.neptune.rules import Play
from tui_games.online import available
from tui_games.online.client import Connection, HostError
from tui_games.online.protocol import (
    PROTOCOL_VERSION,
    Created,
    CreateGame,
    GameList,
    Join,
    Joined,
    ListGames,
    Refused,
    View,
)


def create(conn: Connection, game: str, seats: list[Seat], **options: str) -> str:
    """A new game on the host; its id."""
    return conn.request(CreateGame(game=game, seats=seats, options=options), Created).game_id


def next_view(conn: Connection) -> View:
    """The next view, skipping nothing else silently (a refusal fails the test)."""
    message = conn.recv(timeout=10)
    assert isinstance(message, View), message
    return message


def view_at(conn: Connection, actions: int) -> View:
    """Read views until one shows ``actions`` actions."""
    while True:
        view = next_view(conn)
        if view.actions >= actions:
            assert view.actions == actions
            return view


def refusal(conn: Connection) -> str:
    """The reason of the next message, which must be a refusal (views are skipped)."""
    while True:
        message = conn.recv(timeout=10)
        if isinstance(message, Refused):
            return message.reason
        assert isinstance(message, View), message


def neptune_state(view: View) -> Any:
    return msgspec.json.decode(view.state, type=get_game("neptune").rules.state_type)


def test_the_host_knows_the_client_by_its_login(host: HostProcess) -> None:
    with Connection(host.socket) as conn:
        assert conn.user == me()
        assert conn.request(ListGames(), GameList).games == []


def test_a_client_claiming_another_user_is_refused(host: HostProcess) -> None:
    with pytest.raises(HostError, match=f"you are {me()} on this host, not nobody"):
        Connection(host.socket, claim="nobody")


def test_a_client_claiming_another_seat_is_refused(host: HostProcess) -> None:
    with Connection(host.socket) as conn:
        game_id = create(conn, "neptune", [Seat("nobody"), Seat(me()), Seat("B", "easy")])
        conn.send(Join(game_id=game_id, seat=0))
        assert refusal(conn) == (f"Seat 1 is nobody's, and you are {me()} (the host knows "
                                 "you by your login): join your own seat or watch")
        conn.send(Join(game_id=game_id, seat=2))
        assert "Seat 3 is a bot's (easy)" in refusal(conn)
        joined = conn.request(Join(game_id=game_id), Joined)
        assert joined.seat == 1  # the one seat bound to this login


def test_a_seat_must_be_a_login_of_the_host(host: HostProcess) -> None:
    with Connection(host.socket) as conn:
        conn.send(CreateGame(game="neptune", seats=[Seat("no-such-user-x"), Seat(me())]))
        assert refusal(conn) == ("no user 'no-such-user-x' on this host: a seat is a login "
                                 "name or a bot")


def test_a_picked_option_value_sets_up_the_game_and_a_bad_pick_is_refused(
        host: HostProcess) -> None:
    """An option set up with "Pick your own" (as the New game dialog sends it) is as good
    as a preset; a pick of the wrong size or of unknown items is refused in one line."""
    spec = next(s for s in get_game("neptune").rules.option_specs if s.pick > 0)
    items = [item for item, _ in spec.items]
    presets = {choice for choice, _ in spec.choices}
    picked = next("+".join(items[i:i + spec.pick]) for i in range(len(items) - spec.pick + 1)
                  if "+".join(items[i:i + spec.pick]) not in presets)
    with Connection(host.socket) as conn:
        game_id = create(conn, "neptune", [Seat(me()), Seat("b", "easy")],
                         **{spec.key: picked})
        assert game_id
        for bad in ("+".join(items[:spec.pick - 1]), "+".join([items[0]] * spec.pick),
                    "nonsense"):
            conn.send(CreateGame(game="neptune", seats=[Seat(me()), Seat("b", "easy")],
                                 options={spec.key: bad}))
            assert refusal(conn) == f"option {spec.label!r} cannot be {bad!r}"


def test_another_protocol_version_is_refused_clearly(host: HostProcess) -> None:
    with pytest.raises(HostError) as refused:
        Connection(host.socket, version=PROTOCOL_VERSION + 1)
    assert (f"this host speaks tui-games protocol version {PROTOCOL_VERSION}"
            in str(refused.value))
    assert f"your client sent protocol version {PROTOCOL_VERSION + 1}" in str(refused.value)


def test_out_of_turn_and_illegal_actions_are_refused_with_the_reason(
        host: HostProcess) -> None:
    with Connection(host.socket) as one, Connection(host.socket) as two:
        game_id = create(one, "neptune", [Seat(me()), Seat(me())])
        one.request(Join(game_id=game_id, seat=0), Joined)
        two.request(Join(game_id=game_id, seat=1), Joined)
        view = next_view(one)
        mover = view.to_move
        assert mover is not None
        idle = two if mover == 0 else one
        state = neptune_state(view_at(idle, 0))
        idle.act(Play(state.hands[1 - mover][0]))
        assert refusal(idle) == f"Wait: it is {me()}'s turn."
        mine = one if mover == 0 else two
        own = neptune_state(view_at(mine, 0))
        not_held = next(c for c in range(30) if c not in own.hands[mover])
        mine.act(Play(not_held))
        reason = refusal(mine)
        rules = get_game("neptune").rules
        try:
            rules.apply(own, Play(not_held))
        except Exception as exc:  # the rules' own words, passed on unchanged
            assert reason == exc.reason  # type: ignore[attr-defined]
        mine.act(Play(own.hands[mover][0]), seen=99)
        assert refusal(mine) == "The game moved on meanwhile: look at the table again."


def test_garbage_is_refused_and_the_connection_lives_on(host: HostProcess) -> None:
    with Connection(host.socket) as conn:
        game_id = create(conn, "neptune", [Seat(me()), Seat("B", "easy")])
        conn.request(Join(game_id=game_id), Joined)
        conn._sock.sendall(b'{"type": "act", "action": {"type": "Nope"}}\n')
        assert refusal(conn).startswith("not an action of Neptune")
        conn._sock.sendall(b"not json\n")
        assert refusal(conn).startswith("not a request of protocol 1")
        assert conn.request(ListGames(), GameList).games[0].id == game_id


def test_a_spectator_cannot_play(host: HostProcess) -> None:
    with Connection(host.socket) as conn:
        game_id = create(conn, "neptune", [Seat("nobody"), Seat("B", "easy")])
        joined = conn.request(Join(game_id=game_id, spectate=True), Joined)
        assert joined.seat is None
        view = next_view(conn)
        assert all(card == -1 for hand in neptune_state(view).hands for card in hand)
        conn.act(Play(0))
        assert refusal(conn) == "Spectators watch: they cannot play."


def play_first_legal(conn: Connection, seat: int, at: int) -> View:
    """Wait for ``seat``'s turn after ``at`` actions, play its first legal card, and
    return the view that shows it played."""
    rules = get_game("neptune").rules
    while True:
        view = next_view(conn)
        if view.actions >= at and view.to_move == seat:
            break
    state = neptune_state(view)
    conn.act(rules.legal_actions(state)[0], seen=view.actions)
    return view_at(conn, view.actions + 1)


def test_leaving_mid_turn_and_rejoining_shows_the_same_position(host: HostProcess) -> None:
    with Connection(host.socket) as conn:
        game_id = create(conn, "neptune", [Seat(me()), Seat("B", "easy")], specials="default")
        conn.request(Join(game_id=game_id), Joined)
        view = play_first_legal(conn, 0, 0)
        while view.to_move != 0:  # the bot plays on the host
            view = next_view(conn)
    assert available(host.socket)
    with Connection(host.socket) as again:
        rows = again.request(ListGames(), GameList).games
        assert rows[0].present == [False, True] and rows[0].to_move == 0
        again.request(Join(game_id=game_id), Joined)
        back = next_view(again)
    assert back.actions == view.actions and back.to_move == 0
    assert bytes(back.state) == bytes(view.state)


def test_a_killed_host_loses_no_completed_action(host: HostProcess) -> None:
    with Connection(host.socket) as one, Connection(host.socket) as two:
        game_id = create(one, "neptune", [Seat(me()), Seat(me())])
        one.request(Join(game_id=game_id, seat=0), Joined)
        two.request(Join(game_id=game_id, seat=1), Joined)
        rules = get_game("neptune").rules
        conns, done = (one, two), 0
        views = [view_at(one, 0), view_at(two, 0)]
        for _ in range(5):
            mover = views[0].to_move
            assert mover is not None
            conns[mover].act(rules.legal_actions(neptune_state(views[mover]))[0], seen=done)
            done += 1
            views = [view_at(one, done), view_at(two, done)]  # both saw it played
        last = views[0]
    host.kill(signal.SIGKILL)  # no chance to flush or tidy up
    host.start()
    with Connection(host.socket) as again:
        row = again.request(ListGames(), GameList).games[0]
        assert row.id == game_id
        again.request(Join(game_id=game_id, seat=last.seat), Joined)
        back = next_view(again)
    assert back.actions == done == 5
    assert bytes(back.state) == bytes(last.state)


def test_the_socket_is_mode_0660(host: HostProcess) -> None:
    assert stat.S_IMODE(host.socket.stat().st_mode) == 0o660


def test_a_second_host_on_the_same_socket_is_refused(host: HostProcess) -> None:
    second = subprocess.run(
        [sys.executable, "-m", "tui_games", "host", "--dir", str(host.folder),
         "--socket", str(host.socket)], capture_output=True, text=True, timeout=60)
    assert second.returncode == 1
    assert f"a host already answers on {host.socket}" in second.stderr
    assert available(host.socket)  # the first one is untouched


def test_join_without_a_host_says_so_in_one_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.sock"
    assert cli.main(["join", "--socket", str(missing)]) == 2
    assert capsys.readouterr().err == (f"tui-games: no host is running here (no socket "
                                       f"{missing}); start one with: tui-games host\n")


def test_a_stopped_host_takes_its_socket_away(host: HostProcess) -> None:
    host.kill(signal.SIGTERM)
    assert host.proc is not None and host.proc.returncode == 0
    assert not host.socket.exists()
