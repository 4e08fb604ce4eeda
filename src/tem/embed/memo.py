"""An embedder that embeds each distinct text once.

Turn indexes are rebuilt whenever the store changes (:class:`tem.turn_index.TurnIndexes`);
with this wrapper a rebuild embeds only the turns and windows it has not seen, so a
write followed by a question costs the new text, not the whole scope again. The
benchmarks use it too: the baselines and TEM-Hybrid index the same turns.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from tem.embed import Embedder

KEEP = 200_000
"""Vectors kept (least recently used dropped first): about 300 MB at 384 dimensions."""


class MemoEmbedder:
    """Wraps ``inner``; ``seconds`` is the time spent in the model."""

    def __init__(self, inner: Embedder, keep: int = KEEP) -> None:
        self.inner = inner
        self.name = inner.name
        self.dim = inner.dim
        self.keep = keep
        self.seconds = 0.0
        self.embedded = 0
        """Texts sent to the model (each distinct one once while it is kept)."""
        self._known: OrderedDict[str, Any] = OrderedDict()

    def embed(self, texts: Sequence[str]) -> Any:
        import numpy

        new = list(dict.fromkeys(t for t in texts if t not in self._known))
        fresh: dict[str, Any] = {}
        if new:
            started = time.perf_counter()
            fresh = dict(zip(new, self.inner.embed(new), strict=True))
            self.seconds += time.perf_counter() - started
            self.embedded += len(new)
        found = numpy.zeros((len(texts), self.dim), dtype=numpy.float32)
        for row, text in enumerate(texts):
            vector = fresh.get(text)
            if vector is None:
                vector = self._known[text]
                self._known.move_to_end(text)
            found[row] = vector
        self._known.update(fresh)
        while len(self._known) > self.keep:
            self._known.popitem(last=False)
        return found


def memoized(embedder: Embedder) -> MemoEmbedder:
    """``embedder`` itself if it already memoizes, else wrapped."""
    return embedder if isinstance(embedder, MemoEmbedder) else MemoEmbedder(embedder)
