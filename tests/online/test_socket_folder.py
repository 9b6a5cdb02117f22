"""The socket's folder: the host refuses one another user could take over, and the client
refuses a server that is not who should serve there (SO_PEERCRED both ways)."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from online_helpers import ROOT, wait_for

from tui_games.online.client import Connection, HostError

as_root = pytest.mark.skipif(os.getuid() != 0, reason="needs root to act as another user")


@pytest.fixture
def short() -> Iterator[Path]:
    """A folder of ours with a short path (a socket path must be short)."""
    folder = Path(tempfile.mkdtemp(prefix="tgf-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def host_in(folder: Path, saves: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tui_games", "host", "--dir", str(saves),
         "--socket", str(folder / "host.sock")],
        cwd=ROOT, capture_output=True, text=True, timeout=60)


def assert_one_clear_line(result: subprocess.CompletedProcess[str], folder: Path,
                          why: str) -> None:
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"tui-games host: will not listen in {folder}: {why}")
    assert "--socket PATH" in lines[0]


@pytest.mark.parametrize("mode", [0o777, 0o1777, 0o775])
def test_the_host_refuses_a_folder_others_can_write(short: Path, tmp_path: Path,
                                                    mode: int) -> None:
    folder = short / "tui-games"
    folder.mkdir()
    folder.chmod(mode)
    assert_one_clear_line(host_in(folder, tmp_path), folder, "others can write to it")
    assert not (folder / "host.sock").exists()


@as_root
def test_the_host_refuses_a_folder_of_another_user(short: Path, tmp_path: Path) -> None:
    folder = short / "tui-games"
    folder.mkdir(mode=0o755)
    os.chown(folder, pwd.getpwnam("nobody").pw_uid, -1)
    assert_one_clear_line(host_in(folder, tmp_path), folder,
                          "it belongs to nobody, not to you")


def test_the_host_refuses_a_symlink_even_a_dangling_one(short: Path, tmp_path: Path) -> None:
    folder = short / "tui-games"
    folder.symlink_to(short / "nowhere")
    assert_one_clear_line(host_in(folder, tmp_path), folder, "it is a symbolic link")
    (short / "mine").mkdir(mode=0o755)
    folder.unlink()
    folder.symlink_to(short / "mine")
    assert_one_clear_line(host_in(folder, tmp_path), folder, "it is a symbolic link")


# A server that binds as root, then listens as ``nobody``: SO_PEERCRED names whoever
# called listen(). It writes what it received to OUT and closes each connection.
FAKE_HOST = """
import os, socket, sys
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.bind(sys.argv[1])
os.chmod(sys.argv[1], 0o666)
out = open(sys.argv[4], "ab", buffering=0)
os.setgid(int(sys.argv[3])); os.setuid(int(sys.argv[2]))
sock.listen(4)
print("ready", flush=True)
with out:
    while True:
        conn, _ = sock.accept()
        conn.settimeout(1)
        try:
            out.write(conn.recv(65536) or b"")
        except OSError:
            pass
        conn.close()
"""


@as_root
def test_the_client_refuses_a_server_that_is_not_the_folders_owner(short: Path) -> None:
    nobody = pwd.getpwnam("nobody")
    path = short / "host.sock"
    received = short / "received"
    fake = subprocess.Popen([sys.executable, "-c", FAKE_HOST, str(path), str(nobody.pw_uid),
                             str(nobody.pw_gid), str(received)],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert fake.stdout is not None and fake.stdout.readline() == "ready\n"
        with pytest.raises(HostError) as refused:
            Connection(path, timeout=2)
        assert (str(refused.value) == f"the server on {path} runs as nobody, but {short} "
                "belongs to root: it may be a fake host, so nothing was sent to it (if you "
                "trust it: join --host-user nobody)")
        with pytest.raises(HostError, match="runs as nobody, not root: refused"):
            Connection(path, timeout=2, host_user="root")
        assert received.read_bytes() == b""  # not even the hello reached it
        # named as the host's user, it is trusted: the hello goes out
        with pytest.raises(HostError, match=r"closed the connection|connection broke"):
            Connection(path, timeout=2, host_user="nobody")
        wait_for(lambda: b'"hello"' in received.read_bytes(), what="the hello")
    finally:
        fake.kill()
        fake.wait()


def test_join_host_user_reaches_the_check(short: Path) -> None:
    """`join --host-user` names the login the host must be (through the environment, so
    every connection the app makes checks it)."""
    result = subprocess.run(
        [sys.executable, "-m", "tui_games", "join", "--socket", str(short / "none.sock"),
         "--host-user", "no-such-login-here"],
        cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "no host is running here" in result.stderr
