"""An in-process vector index of one scope: appended on writes, masked on deletes.

:class:`ScopeIndex` holds a scope's live vectors as rows of float32 blocks of
fixed size. A write never makes it reload, nor copy the rows it holds: it applies the store's
:class:`~tem.store.base.VectorDelta` (new vectors appended, vectors that stopped
being live masked). Search is an exact cosine scan, a single-threaded pass that
stays in a few milliseconds up to a few hundred thousand vectors of 64 dimensions.

From :data:`ANN_MIN` live vectors, when ``hnswlib`` is installed (the ``ann``
extra), an HNSW graph is built in a background thread (minutes at a million
vectors); the exact scan answers until it is ready, then the graph does, kept up to
date the same way (items added, deleted ones marked).
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Sequence
from typing import Any

import numpy

from tem.core.model import GroupKey
from tem.store.base import VectorDelta

ANN_MIN = 200_000
"""Live vectors from which an HNSW graph is built (when hnswlib is installed)."""

HNSW_M = 16
HNSW_EF_CONSTRUCTION = 100
HNSW_EF = 128
"""hnswlib's graph degree, build effort and search effort (recall ~0.99 at 1M x 64)."""

BLOCK = 65_536
"""Rows per block of a :class:`ScopeIndex` (16 MiB at 64 dimensions)."""


def hnsw_available() -> bool:
    return importlib.util.find_spec("hnswlib") is not None


class ScopeIndex:
    """The live vectors of one (scope, model); see the module docstring.

    Rows live in fixed-size blocks of :data:`BLOCK` rows: an append writes into the
    last block or starts a new one, so a write never copies the rows already held
    (a single doubling matrix copied all of them, 256 MB at 1M x 64, inside the
    first question after the write that crossed its size).
    """

    def __init__(self, dim: int, ann_min: int = ANN_MIN) -> None:
        self.dim = dim
        self.ann_min = ann_min
        self._reset()

    def _reset(self) -> None:
        self.blocks: list[numpy.ndarray] = []
        self.alive = numpy.zeros(0, dtype=bool)
        self.count = 0
        self.groups: list[GroupKey] = []
        self.position: dict[int, int] = {}
        self.mark: tuple[int, int] | None = None
        self.version: int | None = None
        """The store's data_version this index reflects."""
        self.graph: Graph | None = None

    @property
    def live(self) -> int:
        return len(self.position)

    def apply(self, delta: VectorDelta) -> None:
        """Append the delta's vectors and mask its gone ones (or start over on ``reset``)."""
        if delta.reset:
            self._reset()
        start = self.count
        rows = numpy.zeros((0, self.dim), dtype=numpy.float32)
        # A store may send a key again (PostgreSQL: written by a transaction that was
        # still open at the mark): the row held already stands.
        fresh = [i for i, key in enumerate(delta.keys) if key not in self.position]
        if fresh:
            rows = numpy.frombuffer(b"".join(delta.blobs[i] for i in fresh), dtype=numpy.float32)
            rows = rows.reshape(len(fresh), self.dim)
            keys = [delta.keys[i] for i in fresh]
            self._append(rows, keys, [delta.groups[i] for i in fresh])
        gone = [p for key in delta.gone if (p := self.position.pop(key, None)) is not None]
        self.alive[gone] = False
        self.mark = delta.mark
        if self.graph is not None:
            self.graph.update(rows, range(start, self.count), gone)
        elif self.live >= self.ann_min and hnsw_available():
            # Rows below ``count`` never change (appends go after them), so the build
            # reads the blocks themselves; only the mask is copied.
            self.graph = Graph(self.dim, self.rows(), self.alive[: self.count].copy())

    def _append(self, rows: numpy.ndarray, keys: Sequence[int], groups: Sequence[GroupKey]) -> None:
        needed = self.count + len(keys)
        if needed > len(self.alive):  # the mask is 1 byte a row: doubling it stays cheap
            alive = numpy.zeros(max(needed, 2 * len(self.alive), BLOCK), dtype=bool)
            alive[: self.count] = self.alive[: self.count]
            self.alive = alive
        done = 0
        while done < len(rows):
            at = self.count % BLOCK
            if not at:
                self.blocks.append(numpy.empty((BLOCK, self.dim), dtype=numpy.float32))
            size = min(BLOCK - at, len(rows) - done)
            self.blocks[-1][at : at + size] = rows[done : done + size]
            self.count += size
            done += size
        self.alive[needed - len(keys) : needed] = True
        self.position.update(zip(keys, range(needed - len(keys), needed), strict=True))
        self.groups.extend(groups)

    def rows(self) -> list[numpy.ndarray]:
        """The held rows (live or masked), as views of the blocks, in row order."""
        full, rest = divmod(self.count, BLOCK)
        return self.blocks[:full] + ([self.blocks[full][:rest]] if rest else [])

    def search(self, query: numpy.ndarray, wanted: int, least: float) -> list[tuple[int, float]]:
        """Up to ``wanted`` (row, cosine) with cosine >= ``least``, best first."""
        if not self.live:
            return []
        if self.graph is not None and self.graph.ready.is_set():
            return [
                (r, c) for r, c in self.graph.search(query, min(wanted, self.live)) if c >= least
            ]
        # einsum is one single-threaded pass; BLAS (``@``) wakes a thread pool per call,
        # which on a busy machine cost 10x more at 10k x 384 (7 ms against 0.7 ms).
        cosines = numpy.empty(self.count, dtype=numpy.float32)
        for number, block in enumerate(self.rows()):
            numpy.einsum("ij,j->i", block, query, out=cosines[number * BLOCK :][: len(block)])
        keep = numpy.flatnonzero((cosines >= least) & self.alive[: self.count])
        if keep.size > wanted:
            keep = keep[numpy.argpartition(-cosines[keep], wanted)[:wanted]]
        order = keep[numpy.argsort(-cosines[keep], kind="stable")]
        return [(int(r), float(cosines[r])) for r in order]


class Graph:
    """An hnswlib graph over an index's rows (labels are row numbers), built in the background."""

    def __init__(self, dim: int, rows: list[numpy.ndarray], alive: numpy.ndarray) -> None:
        self.dim = dim
        self.ready = threading.Event()
        self.lock = threading.Lock()
        self.index: Any = None
        self.pending: list[tuple[numpy.ndarray, range, list[int]]] = []
        threading.Thread(target=self._build, args=(rows, alive), daemon=True).start()

    def _build(self, rows: list[numpy.ndarray], alive: numpy.ndarray) -> None:
        import hnswlib  # type: ignore[import-untyped]

        index = hnswlib.Index(space="ip", dim=self.dim)
        index.init_index(
            max_elements=max(2 * len(alive), 1024), ef_construction=HNSW_EF_CONSTRUCTION, M=HNSW_M
        )
        index.set_num_threads(1)  # a background build must not starve the requests
        start = 0
        for block in rows:
            index.add_items(block, numpy.arange(start, start + len(block)))
            start += len(block)
        for row in numpy.flatnonzero(~alive):
            index.mark_deleted(int(row))
        index.set_ef(HNSW_EF)
        with self.lock:
            self.index = index
            for added, labels, gone in self.pending:
                self._apply(added, labels, gone)
            self.pending.clear()
            self.ready.set()

    def update(self, added: numpy.ndarray, labels: range, gone: list[int]) -> None:
        with self.lock:
            if self.index is None:
                self.pending.append((added.copy(), labels, gone))
            else:
                self._apply(added, labels, gone)

    def _apply(self, added: numpy.ndarray, labels: range, gone: list[int]) -> None:
        if len(labels):
            needed = labels[-1] + 1
            if needed > self.index.get_max_elements():
                self.index.resize_index(2 * needed)
            self.index.add_items(added, numpy.asarray(labels))
        for row in gone:
            self.index.mark_deleted(row)

    def search(self, query: numpy.ndarray, wanted: int) -> list[tuple[int, float]]:
        with self.lock:
            labels, distances = self.index.knn_query(query, k=wanted)
        # Inner-product space: distance = 1 - cosine for unit vectors.
        return [(int(r), 1.0 - float(d)) for r, d in zip(labels[0], distances[0], strict=True)]
