"""MemoEmbedder: each distinct text reaches the model once while it is kept."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy

from tem.embed.memo import MemoEmbedder, memoized
from tem.embed.testing import HashEmbedder


class Counting(HashEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def embed(self, texts: Sequence[str]) -> Any:
        self.seen.extend(texts)
        return super().embed(texts)


def test_each_distinct_text_is_embedded_once_and_vectors_match() -> None:
    inner = Counting()
    memo = MemoEmbedder(inner)
    first = memo.embed(["a kitten", "a dog", "a kitten"])
    again = memo.embed(["a dog", "a parrot"])
    assert inner.seen == ["a kitten", "a dog", "a parrot"] and memo.embedded == 3
    assert numpy.allclose(first[1], again[0]) and numpy.allclose(first[0], first[2])
    assert numpy.allclose(again, HashEmbedder().embed(["a dog", "a parrot"]))


def test_the_least_recently_used_vector_goes_first() -> None:
    inner = Counting()
    memo = MemoEmbedder(inner, keep=2)
    memo.embed(["a", "b"])
    memo.embed(["a"])  # "a" used last: "b" is the oldest
    memo.embed(["c"])
    memo.embed(["a", "b"])
    assert inner.seen == ["a", "b", "c", "b"]


def test_memoized_wraps_once() -> None:
    memo = memoized(HashEmbedder())
    assert memoized(memo) is memo and isinstance(memo, MemoEmbedder)
