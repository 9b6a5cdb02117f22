"""A real host process on a temporary socket, killed after each test."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from online_helpers import HostProcess


@pytest.fixture
def host(tmp_path: Path) -> Iterator[HostProcess]:
    """A started host with its save folder in tmp_path (the socket path kept short)."""
    short = Path(tempfile.mkdtemp(prefix="tgh-"))
    process = HostProcess(tmp_path / "saves", short / "host.sock")
    try:
        yield process.start()
    finally:
        process.kill()
        if process.proc is not None and process.proc.stderr is not None:
            process.proc.stderr.close()
        shutil.rmtree(short, ignore_errors=True)



@pytest.fixture
def make_host(tmp_path: Path) -> Iterator[Callable[..., HostProcess]]:
    """Start hosts with options of their own: ``make_host("--hello-timeout", "0.2")``."""
    started: list[HostProcess] = []
    short = Path(tempfile.mkdtemp(prefix="tgh-"))

    def make(*options: str, max_fds: int | None = None) -> HostProcess:
        process = HostProcess(tmp_path / "saves", short / f"host{len(started)}.sock",
                              *options, max_fds=max_fds)
        started.append(process)
        return process.start()

    try:
        yield make
    finally:
        for process in started:
            process.kill()
            if process.proc is not None and process.proc.stderr is not None:
                process.proc.stderr.close()
        shutil.rmtree(short, ignore_errors=True)
