"""Shared fixtures: an explicit clock and a fresh memory per backend."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tem import ManualClock, Memory
from tem.store.sqlite import SQLiteStore

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
LOCOMO = SHARED / "data" / "locomo" / "locomo10.json"
SNAPSHOTS = Path(__file__).parent / "snapshots"

Snapshot = Callable[[str, str], None]


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never reach the network by accident; loopback stays allowed."""
    real = socket.socket.connect

    def guarded(self: socket.socket, address: object) -> object:
        host = address[0] if isinstance(address, tuple) else str(address)
        if (
            isinstance(host, str)
            and host not in ("127.0.0.1", "::1", "localhost")
            and (self.family in (socket.AF_INET, socket.AF_INET6))
        ):
            raise RuntimeError(f"test tried to reach the network: {address!r}")
        return real(self, address)  # type: ignore[arg-type]

    monkeypatch.setattr(socket.socket, "connect", guarded)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture(params=["sqlite-memory", "sqlite-file"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SQLiteStore]:
    """Every backend the suite must pass on."""
    path = None if request.param == "sqlite-memory" else tmp_path / "tem.db"
    backend = SQLiteStore(path)
    yield backend
    backend.close()


@pytest.fixture
def memory(store: SQLiteStore, clock: ManualClock) -> Memory:
    return Memory(store=store, clock=clock)


@pytest.fixture
def check_snapshot() -> Snapshot:
    """Compare text with tests/snapshots/NAME; TEM_UPDATE_SNAPSHOTS=1 rewrites the file."""

    def check(name: str, text: str) -> None:
        path = SNAPSHOTS / name
        if os.environ.get("TEM_UPDATE_SNAPSHOTS") == "1":
            path.write_text(text, encoding="utf-8")
        assert text == path.read_text(encoding="utf-8")

    return check
