"""A deterministic embedder for tests: semantic recall without a model.

``HashEmbedder`` hashes each lowercase word stem of a text to a signed coordinate
and normalizes the sum, so texts sharing stems are close and others nearly
orthogonal. It knows no meaning: ``synonyms`` maps words onto one another
(``{"home": "resides"}``) to fake it where a test needs two wordings to meet.

    >>> from tem.embed.testing import HashEmbedder
    >>> e = HashEmbedder(synonyms={"home": "resides"})
    >>> float((e.embed(["Ana's home"]) @ e.embed(["Ana resides"]).T)[0, 0]) > 0.99
    True
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

import numpy

from tem.errors import UserError
from tem.retrieve import STOPWORDS, stem, words


class HashEmbedder:
    """Hashed bag of word stems -> unit vector of ``dim`` float32 (no dependencies but numpy).

    Stopwords are dropped; a text with no content word gets a zero vector, which
    matches nothing. ``name`` includes ``dim``, so vectors of two sizes never mix.
    """

    def __init__(self, dim: int = 64, synonyms: Mapping[str, str] | None = None) -> None:
        if dim < 1:
            raise UserError(f"dim: must be at least 1, got {dim}")
        self.dim = dim
        self.name = f"hash-{dim}"
        self.synonyms = {k.casefold(): v.casefold() for k, v in (synonyms or {}).items()}
        self.calls = 0
        """How many times :meth:`embed` ran (tests check when embedding happens)."""

    def embed(self, texts: Sequence[str]) -> numpy.ndarray:
        """Return one unit vector per text, shape ``(len(texts), dim)``."""
        self.calls += 1
        found = numpy.zeros((len(texts), self.dim), dtype=numpy.float32)
        for row, text in enumerate(texts):
            for word in words(text):
                word = self.synonyms.get(word, word)
                if word in STOPWORDS:
                    continue
                index, sign = self._slot(stem(word))
                found[row, index] += sign
        norms = numpy.linalg.norm(found, axis=1, keepdims=True)
        return found / numpy.where(norms == 0, 1, norms)

    def _slot(self, token: str) -> tuple[int, float]:
        digest = hashlib.blake2b(token.encode(), digest_size=8).digest()
        number = int.from_bytes(digest, "little")
        return number % self.dim, 1.0 if number >> 63 else -1.0
