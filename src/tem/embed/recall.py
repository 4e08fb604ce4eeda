"""Semantic recall: vectors written with the facts, cosine candidates merged into ranking.

With an embedder, :class:`tem.Memory` wraps its store in :class:`EmbeddingStore`,
which embeds the new assert observations of every write (``add``, ``add_many``,
ingestion) *before* the write transaction and hands the vectors to the store,
which keeps them in the same transaction. Recall then embeds the question, takes
the groups whose best version has cosine >= :data:`SEMANTIC_THRESHOLD` (at most
``2 * k`` of them) and adds ``SEMANTIC_WEIGHT * cosine`` to their lexical score, so
"which city is she in these days" finds "lives in" facts that share no word with it.

The scope's vectors are held as one matrix per (scope, model), rebuilt when the
store's :meth:`~tem.store.base.Store.data_version` changes (a write by this or any
other connection).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy

from tem.core.episode import Session
from tem.core.model import GroupKey, Observation
from tem.embed import Embedder, fact_text
from tem.errors import UserError
from tem.store.base import Derive, Store, Vectors, WriteReport

SEMANTIC_THRESHOLD = 0.35
"""Least cosine for a semantic candidate. all-MiniLM-L6-v2 puts unrelated facts below
~0.3 and paraphrases of a fact about the same person above ~0.4."""

SEMANTIC_WEIGHT = 2.0
"""Score added per unit of cosine: a near-paraphrase (~0.75) weighs about as much as
a named subject (2.0 per matching name), so lexical matches still lead."""

CACHED_SCOPES = 16
"""Scopes whose vector matrix is kept between recalls."""

CACHED_QUERIES = 256
"""Question vectors kept, most recently used last."""


def vectors_for(embedder: Embedder, observations: Sequence[Observation]) -> Vectors | None:
    """Embed the assert observations (each distinct text once); None when there are none."""
    ids_by_text: dict[str, list[str]] = {}
    for o in observations:
        if o.kind == "assert" and o.value is not None:
            text = fact_text(o.subject, o.relation, o.value)
            ids_by_text.setdefault(text, []).append(o.id)
    if not ids_by_text:
        return None
    matrix = _checked(embedder, embedder.embed(list(ids_by_text)), len(ids_by_text))
    by_id = {
        oid: row.tobytes()
        for row, ids in zip(matrix, ids_by_text.values(), strict=True)
        for oid in ids
    }
    return Vectors(embedder.name, by_id)


def _checked(embedder: Embedder, matrix: Any, rows: int) -> numpy.ndarray:
    found = numpy.ascontiguousarray(matrix, dtype=numpy.float32)
    if found.shape != (rows, embedder.dim):
        raise UserError(
            f"embedder {embedder.name!r} returned shape {found.shape}, "
            f"expected ({rows}, {embedder.dim})"
        )
    return found


class EmbeddingStore:
    """A store whose writes carry the vectors of their facts; every other call passes through.

    Embedding happens before the inner store's transaction opens, so the write lock
    is never held while the model runs.
    """

    def __init__(self, inner: Store, embedder: Embedder) -> None:
        self.inner = inner
        self.embedder = embedder

    def write(
        self, observations: Sequence[Observation], derive: Derive, vectors: Vectors | None = None
    ) -> WriteReport:
        vectors = vectors or vectors_for(self.embedder, observations)
        return self.inner.write(observations, derive, vectors)

    def write_session(
        self,
        session: Session,
        scope: str,
        summary: str,
        observations: Sequence[Observation],
        derive: Derive,
        vectors: Vectors | None = None,
    ) -> WriteReport:
        vectors = vectors or vectors_for(self.embedder, observations)
        return self.inner.write_session(session, scope, summary, observations, derive, vectors)

    def __getattr__(self, name: str) -> Any:
        if name == "inner":  # not set yet (copy, pickle): do not recurse
            raise AttributeError(name)
        return getattr(self.inner, name)


class SemanticIndex:
    """Cosine search over a scope's version vectors, cached until the store changes."""

    def __init__(self, store: Store, embedder: Embedder) -> None:
        self.store = store
        self.embedder = embedder
        self._cache: dict[tuple[str, str], tuple[int, list[GroupKey], numpy.ndarray]] = {}
        self._queries: dict[str, numpy.ndarray] = {}

    def merge(
        self, ranked: dict[GroupKey, float], query: str, scope: str, k: int
    ) -> dict[GroupKey, float]:
        """Return ``ranked`` with the semantic candidates of ``query`` added (see module doc)."""
        found = self.search(query, scope, 2 * k)
        if not found:
            return ranked
        merged = dict(ranked)
        for group, cosine in found.items():
            merged[group] = merged.get(group, 0.0) + SEMANTIC_WEIGHT * cosine
        return merged

    def search(self, query: str, scope: str, limit: int) -> dict[GroupKey, float]:
        """Return up to ``limit`` groups with cosine >= the threshold, best first."""
        groups, matrix = self._matrix(scope)
        if not groups:
            return {}  # nothing to compare with: do not load a model for it
        # einsum is one single-threaded pass; BLAS (``@``) wakes a thread pool per call,
        # which on a busy machine cost 10x more at 10k x 384 (7 ms against 0.7 ms).
        cosines = numpy.einsum("ij,j->i", matrix, self._query_vector(query))
        keep = numpy.flatnonzero(cosines >= SEMANTIC_THRESHOLD)
        # A group can have several versions: look at a few times ``limit`` rows.
        wanted = 4 * limit
        if keep.size > wanted:
            keep = keep[numpy.argpartition(-cosines[keep], wanted)[:wanted]]
        found: dict[GroupKey, float] = {}
        for row in keep[numpy.argsort(-cosines[keep], kind="stable")]:
            found.setdefault(groups[row], float(cosines[row]))
            if len(found) >= limit:
                break
        return found

    def _query_vector(self, query: str) -> numpy.ndarray:
        """Embed ``query``, remembering recent ones (agents re-ask; a model call is slow)."""
        found = self._queries.pop(query, None)
        if found is None:
            found = _checked(self.embedder, self.embedder.embed([query]), 1)[0]
            if len(self._queries) >= CACHED_QUERIES:
                self._queries.pop(next(iter(self._queries)))
        self._queries[query] = found
        return found

    def _matrix(self, scope: str) -> tuple[list[GroupKey], numpy.ndarray]:
        version = self.store.data_version()
        key = (scope, self.embedder.name)
        cached = self._cache.get(key)
        if cached is not None and cached[0] == version:
            return cached[1], cached[2]
        groups, blobs = self.store.vectors(scope, self.embedder.name)
        dim = self.embedder.dim
        if any(len(b) != 4 * dim for b in blobs):
            raise UserError(
                f"stored {self.embedder.name!r} vectors do not have {dim} dimensions; "
                "give the embedder another name"
            )
        matrix = numpy.frombuffer(b"".join(blobs), dtype=numpy.float32).reshape(len(blobs), dim)
        self._cache.pop(key, None)
        if len(self._cache) >= CACHED_SCOPES:
            self._cache.pop(next(iter(self._cache)))
        self._cache[key] = (version, groups, matrix)
        return groups, matrix
