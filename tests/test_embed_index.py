"""The in-process vector index: writes append and mask, the scope is never reloaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy
import pytest

from tem import ManualClock, Memory
from tem.core.model import GroupKey
from tem.embed.index import ScopeIndex, hnsw_available
from tem.embed.testing import HashEmbedder
from tem.store.base import Store, VectorDelta
from tem.store.sqlite import SQLiteStore


class Spy:
    """A store that records the marks semantic recall asks vectors for."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.deltas: list[VectorDelta] = []

    def vectors_since(self, scope: str, model: str, mark: tuple[int, int] | None) -> VectorDelta:
        delta = self.inner.vectors_since(scope, model, mark)
        self.deltas.append(delta)
        return delta

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _memory(store: Any) -> Memory:
    return Memory(
        store=store, clock=ManualClock(), embedder=HashEmbedder(synonyms={"abode": "resides"})
    )


def _groups(memory: Memory, question: str) -> set[str]:
    return {v.subject for v in memory.recall(question)}


def test_writes_append_and_mask_without_reloading(store: Store) -> None:
    spy = Spy(store)
    memory = _memory(spy)
    memory.add("Ana", "resides", "Oslo", source="a", observed_at="2024-01-01")
    assert _groups(memory, "Which abode is hers?") == {"Ana"}
    memory.add("Bo", "resides", "Rome", source="b", observed_at="2024-01-01")
    assert _groups(memory, "Which abode is his?") == {"Ana", "Bo"}
    memory.undo("b")  # retired: its vector stops being live
    assert _groups(memory, "Which abode is his?") == {"Ana"}
    memory.add("Cy", "resides", "Kyiv", source="c", observed_at="2024-01-01")
    memory.forget(subject="Ana")  # deleted
    assert _groups(memory, "Which abode is his?") == {"Cy"}
    if store.nearest("default", "hash", b"", 0) is not None:
        assert spy.deltas == []  # pgvector: searched in SQL, nothing loaded at all
        return
    assert [d.reset for d in spy.deltas] == [True, False, False, False]
    assert [len(d.keys) for d in spy.deltas] == [1, 1, 0, 1]
    assert all(len(d.gone) <= 2 for d in spy.deltas[1:])


def test_another_connections_writes_arrive_as_deltas(tmp_path: Path) -> None:
    spy = Spy(SQLiteStore(tmp_path / "m.db"))
    reader = _memory(spy)
    writer = _memory(SQLiteStore(tmp_path / "m.db"))
    writer.add("Ana", "resides", "Oslo", source="a", observed_at="2024-01-01")
    assert _groups(reader, "Which abode is hers?") == {"Ana"}
    writer.add("Bo", "resides", "Rome", source="b", observed_at="2024-01-01")
    writer.forget(subject="Ana")
    assert _groups(reader, "Which abode is hers?") == {"Bo"}
    assert [d.reset for d in spy.deltas] == [True, False]


def test_a_reset_delta_replaces_the_index() -> None:
    index = ScopeIndex(2)
    group = GroupKey("s", "a", "r")
    blob = numpy.array([1.0, 0.0], dtype=numpy.float32).tobytes()
    index.apply(VectorDelta([1, 2], [group, group], [blob, blob], [], (2, 0), reset=True))
    index.apply(VectorDelta([7], [group], [blob], [1], (7, 1), reset=False))
    assert index.live == 2 and index.count == 3
    index.apply(VectorDelta([9], [group], [blob], [], (9, 1), reset=True))
    assert index.live == 1 and index.count == 1


@pytest.mark.skipif(not hnsw_available(), reason="hnswlib (the ann extra) is not installed")
def test_the_hnsw_graph_answers_like_the_exact_scan_and_follows_deltas() -> None:
    rng = numpy.random.default_rng(7)
    rows = rng.standard_normal((600, 16)).astype(numpy.float32)
    rows /= numpy.linalg.norm(rows, axis=1, keepdims=True)
    groups = [GroupKey("s", str(i), "r") for i in range(600)]
    exact, approximate = ScopeIndex(16, ann_min=10**9), ScopeIndex(16, ann_min=100)
    for index in (exact, approximate):
        index.apply(
            VectorDelta(
                list(range(500)),
                groups[:500],
                [r.tobytes() for r in rows[:500]],
                [],
                (500, 0),
                True,
            )
        )
    assert approximate.graph is not None and approximate.graph.ready.wait(60)
    for index in (exact, approximate):
        index.apply(
            VectorDelta(
                list(range(500, 600)),
                groups[500:],
                [r.tobytes() for r in rows[500:]],
                [3, 550],
                (600, 2),
                False,
            )
        )
    for query in rows[:20]:
        want = exact.search(query, 5, -1.0)
        got = approximate.search(query, 5, -1.0)
        assert [r for r, _ in got] == [r for r, _ in want]
        assert numpy.allclose([c for _, c in got], [c for _, c in want], atol=1e-5)
    assert all(r not in (3, 550) for r, _ in approximate.search(rows[3], 10, -1.0))


def test_rows_spread_over_blocks_search_like_one_matrix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tem.embed.index.BLOCK", 4)
    rng = numpy.random.default_rng(3)
    rows = rng.standard_normal((23, 8)).astype(numpy.float32)
    rows /= numpy.linalg.norm(rows, axis=1, keepdims=True)
    index = ScopeIndex(8)
    groups = [GroupKey("s", str(i), "r") for i in range(23)]
    for start, stop in ((0, 3), (3, 9), (9, 10), (10, 23)):  # appends across block edges
        blobs = [r.tobytes() for r in rows[start:stop]]
        keys = list(range(start, stop))
        gone = [5] if start == 10 else []
        index.apply(VectorDelta(keys, groups[start:stop], blobs, gone, (stop, 0), start == 0))
    assert len(index.blocks) == 6 and numpy.array_equal(numpy.vstack(index.rows()), rows)
    for query in rows[:5]:
        cosines = rows @ query
        cosines[5] = -2.0  # masked
        want = [int(r) for r in numpy.argsort(-cosines, kind="stable")[:6]]
        assert [r for r, _ in index.search(query, 6, -1.0)] == want
