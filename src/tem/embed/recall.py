"""Semantic recall: vectors written with the facts, cosine candidates merged into ranking.

With an embedder, :class:`tem.Memory` wraps its store in :class:`EmbeddingStore`,
which embeds the new assert observations of every write (``add``, ``add_many``,
ingestion) *before* the write transaction and hands the vectors to the store,
which keeps them in the same transaction. Recall then embeds the question, takes
the groups whose best version has cosine >= :data:`SEMANTIC_THRESHOLD` (at most
``2 * k`` of them) and adds ``SEMANTIC_WEIGHT * cosine`` to their lexical score, so
"which city is she in these days" finds "lives in" facts that share no word with it.

The scope's live vectors are held in an in-process index per (scope, model)
(:mod:`tem.embed.index`): a write by this or any other connection appends its
vectors and masks the ones it removed; the scope is never reloaded, on SQLite or
PostgreSQL. A store that searches vectors itself (PostgreSQL with pgvector:
:meth:`~tem.store.base.Store.nearest`) is asked instead, and no index is kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy

from tem.core.model import GroupKey, Observation
from tem.core.session import Session
from tem.embed import Embedder, fact_text
from tem.embed.index import ScopeIndex
from tem.errors import UserError
from tem.store.base import Derive, Store, Vectors, WriteReport

SEMANTIC_THRESHOLD = 0.35
"""Least cosine for a semantic candidate. all-MiniLM-L6-v2 puts unrelated facts below
~0.3 and paraphrases of a fact about the same person above ~0.4."""

SEMANTIC_WEIGHT = 2.0
"""Score added per unit of cosine: a near-paraphrase (~0.75) weighs about as much as
a named subject (2.0 per matching name), so lexical matches still lead."""

CACHED_SCOPES = 16
"""Scopes whose vector index is kept between recalls (least recently used goes)."""

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
    """Cosine search over the live vectors of a scope, kept up to date without reloading.

    Each (scope, model) has a :class:`~tem.embed.index.ScopeIndex`. When the store's
    :meth:`~tem.store.base.Store.data_version` moves, the index asks the store what
    changed since its mark and applies that: a write appends its vectors and masks
    those it deleted or retired, whichever connection made it. A version's group
    scores by its best live vector.
    """

    def __init__(self, store: Store, embedder: Embedder) -> None:
        self.store = store
        self.embedder = embedder
        self._scopes: dict[tuple[str, str], ScopeIndex] = {}
        self._queries: dict[str, numpy.ndarray] = {}
        self._searches_itself: bool | None = None
        """Whether the store answers ``nearest`` (None: not asked yet)."""

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
        """Return up to ``limit`` groups with cosine >= the threshold, best first.

        A store that searches vectors itself (PostgreSQL with pgvector) is asked
        directly; otherwise the scope's in-process index answers.
        """
        # A group can have several live vectors: look at a few times ``limit`` rows.
        wanted = 4 * limit
        if self._searches_itself is None:  # limit 0 only asks (no model loaded for it)
            self._searches_itself = (
                self.store.nearest(scope, self.embedder.name, b"", 0) is not None
            )
        if self._searches_itself:
            vector = self._query_vector(query).tobytes()
            near = self.store.nearest(scope, self.embedder.name, vector, wanted) or []
            return _best(((g, c) for g, c in near if c >= SEMANTIC_THRESHOLD), limit)
        index = self.index(scope)
        if not index.live:
            return {}  # nothing to compare with: do not load a model for it
        rows = index.search(self._query_vector(query), wanted, SEMANTIC_THRESHOLD)
        return _best(((index.groups[row], cosine) for row, cosine in rows), limit)

    def _query_vector(self, query: str) -> numpy.ndarray:
        """Embed ``query``, remembering recent ones (agents re-ask; a model call is slow)."""
        found = self._queries.pop(query, None)
        if found is None:
            found = _checked(self.embedder, self.embedder.embed([query]), 1)[0]
            if len(self._queries) >= CACHED_QUERIES:
                self._queries.pop(next(iter(self._queries)))
        self._queries[query] = found
        return found

    def index(self, scope: str) -> ScopeIndex:
        """The scope's index, brought up to date with the store (a delta, not a reload)."""
        version = self.store.data_version()
        key = (scope, self.embedder.name)
        index = self._scopes.pop(key, None)
        if index is None:
            index = ScopeIndex(self.embedder.dim)
            if len(self._scopes) >= CACHED_SCOPES:
                self._scopes.pop(next(iter(self._scopes)))
        self._scopes[key] = index  # most recently used last
        if index.version != version:
            delta = self.store.vectors_since(scope, self.embedder.name, index.mark)
            dim = self.embedder.dim
            if any(len(b) != 4 * dim for b in delta.blobs):
                raise UserError(
                    f"stored {self.embedder.name!r} vectors do not have {dim} dimensions; "
                    "give the embedder another name"
                )
            index.apply(delta)
            index.version = version
        return index


def _best(hits: Iterable[tuple[GroupKey, float]], limit: int) -> dict[GroupKey, float]:
    """The first ``limit`` groups of ``hits`` (best first), each with its best cosine."""
    found: dict[GroupKey, float] = {}
    for group, cosine in hits:
        found.setdefault(group, cosine)
        if len(found) >= limit:
            break
    return found
