"""A real host process on a temporary socket, killed after each test."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
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

