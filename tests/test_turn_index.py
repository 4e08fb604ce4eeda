from datetime import UTC, datetime

from tem import Memory
from tem.core.session import Session, Turn, TurnRecord
from tem.embed.testing import HashEmbedder
from tem.turn_index import (
    SESSION_BOOST,
    SPEAKER_BOOST,
    Bm25,
    Ranking,
    TurnIndex,
    TurnIndexes,
    fuse,
)

DAY = datetime(2023, 5, 8, 13, tzinfo=UTC)


def turns(session_id: str, day: datetime, *lines: tuple[str, str]) -> list[TurnRecord]:
    return [
        TurnRecord(session_id, "conv", day, i, who, text, f"{session_id}:{i}")
        for i, (who, text) in enumerate(lines)
    ]


CHAT = turns(
    "s1", DAY,
    ("Ana", "How was the charity race?"),
    ("Bo", "Great, I finished in under an hour!"),
    ("Ana", "I adopted a kitten named Miso."),
    ("Bo", "Cute! My dog would chase it."),
) + turns(
    "s2", datetime(2023, 7, 7, tzinfo=UTC),
    ("Ana", "I painted a lake at sunrise yesterday."),
    ("Bo", "I went camping with the kids."),
)  # fmt: skip


def ids(ranked: list) -> list[str]:  # type: ignore[type-arg]
    return [r.turn.turn_id for r in ranked]


def test_bm25_scores_only_matching_documents() -> None:
    index = Bm25(["a kitten named Miso", "a dog", "kitten kitten"])
    scores = index.scores("Miso the kitten")
    assert set(scores) == {0, 2} and scores[0] > scores[2] > 0


def test_fusion_adds_reciprocal_ranks() -> None:
    fused = fuse([[1, 2], [2, 3]])
    assert fused[2] > fused[1] > fused[3]


def test_a_reply_is_found_through_its_window() -> None:
    index = TurnIndex(CHAT)
    alone = index.rank("charity race result", Ranking(windows=False, wide=False))
    assert ids(alone) == ["s1:0"]  # the reply shares no word with the question
    ranked = index.rank("charity race result", Ranking(turns=False))
    assert "s1:1" in ids(ranked)[:2]


def test_an_answer_two_turns_away_is_found_through_the_wide_window() -> None:
    index = TurnIndex(CHAT)
    narrow = index.rank("charity race", Ranking(turns=False, wide=False))
    assert "s1:2" not in ids(narrow)  # two turns after the question: outside its window
    wide = index.rank("charity race", Ranking(turns=False, windows=False))
    assert "s1:2" in ids(wide) and "s2:0" not in ids(wide)  # and never past the session


def test_windows_stay_inside_their_session() -> None:
    index = TurnIndex(CHAT)
    assert "kids" not in index.windows[3] and "dog" not in index.windows[4]


def test_a_session_dated_in_the_asked_period_is_boosted() -> None:
    index = TurnIndex(CHAT)
    plain = index.rank("What did Bo do?", Ranking(dates=False))
    dated = index.rank("What did Bo do on 7 July, 2023?")
    assert ids(dated)[0] in ("s2:0", "s2:1") and ids(plain)[0].startswith("s1")
    assert dated[0].score >= SESSION_BOOST


def test_a_turn_whose_event_falls_in_the_period_is_boosted_most() -> None:
    [top, *_] = TurnIndex(CHAT).rank("What did Ana do on 6 July, 2023?")
    assert top.turn.turn_id == "s2:0"
    assert [m.describe() for m in top.mentions] == ["6 July 2023"]


def test_semantic_rankings_need_an_embedder() -> None:
    synonyms = {"pet": "kitten"}
    index = TurnIndex(CHAT, HashEmbedder(synonyms=synonyms))
    assert len(index.rankings("new pet", Ranking())) == 6  # turns, windows, wide windows
    assert len(TurnIndex(CHAT).rankings("new pet", Ranking())) == 3
    ranked = index.rank("new pet", Ranking(lexical=False, wide=False))
    assert ids(ranked)[0] == "s1:2"


def test_a_memory_rebuilds_its_turn_index_after_a_write() -> None:
    memory = Memory()
    indexes = TurnIndexes(memory.store)
    turn = (Turn("Ana", "I adopted a kitten.", 0),)
    memory.ingest([Session("s1", DAY, turn, ("Ana",), "conv")])
    first = indexes("conv")
    assert indexes("conv") is first and len(first) == 1
    memory.ingest([Session("s2", DAY, (Turn("Ana", "I sold the car.", 0),), ("Ana",), "conv")])
    assert len(indexes("conv")) == 2


def test_a_question_naming_a_speaker_favours_their_turns() -> None:
    index = TurnIndex(CHAT)
    question = "When did Ana's kitten arrive?"
    plain = {
        r.turn.turn_id: (r.turn.speaker, r.score)
        for r in index.rank(question, Ranking(speakers=False))
    }
    named = {r.turn.turn_id: r.score for r in index.rank(question)}
    assert set(named) == set(plain)  # only turns ranked anyway: none is lifted from nothing
    lists = len(index.rankings(question, Ranking()))
    for turn_id, (speaker, score) in plain.items():
        gain = SPEAKER_BOOST * lists if speaker == "Ana" else 0.0
        assert abs(named[turn_id] - score - gain) < 1e-9
    assert any(speaker == "Bo" for speaker, _ in plain.values())  # and Bo's did not move


def test_a_question_naming_nobody_ranks_as_without_the_boost() -> None:
    index = TurnIndex(CHAT)
    assert index.rank("kitten named Miso") == index.rank(
        "kitten named Miso", Ranking(speakers=False)
    )
