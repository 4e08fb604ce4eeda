from datetime import UTC, datetime

from tem.core.session import Session, Turn
from tem.embed.memo import MemoEmbedder
from tem.embed.testing import HashEmbedder
from tem.eval.retrievers import (
    BASELINES,
    ConversationIndexes,
    baselines,
    render_turns,
    session_turns,
)
from tem.tokens import count_tokens

DAY = datetime(2023, 5, 8, 13, tzinfo=UTC)
LINES = [
    ("Ana", "How was the charity race?"),
    ("Bo", "Great, I finished in under an hour!"),
    ("Ana", "I adopted a kitten named Miso."),
    ("Bo", "Cute! My dog would chase it."),
]
SESSION = Session(
    "s1", DAY, tuple(Turn(w, t, i, turn_id=f"D1:{i + 1}") for i, (w, t) in enumerate(LINES))
)


def indexes() -> ConversationIndexes:
    return ConversationIndexes({"conv": [SESSION]}, MemoEmbedder(HashEmbedder()))


def test_every_baseline_stays_in_its_budget_and_quotes_turn_ids() -> None:
    shared = indexes()
    for budget in (15, 40, 200):
        for config in baselines(list(BASELINES), shared, budget):
            evidence = config.evidence("charity race", scope="conv")
            assert evidence.tokens == count_tokens(evidence.text) <= budget
            assert set(evidence.turn_ids) <= {"D1:1", "D1:2", "D1:3", "D1:4"}


def test_windows_find_the_reply_single_turns_miss() -> None:
    by_name = {c.name: c for c in baselines(["bm25-turns", "bm25-windows"], indexes(), 200)}
    assert by_name["bm25-turns"].evidence("charity race", scope="conv").turn_ids == ("D1:1",)
    assert "D1:2" in by_name["bm25-windows"].evidence("charity race", scope="conv").turn_ids


def test_dates_on_each_line_or_once_per_session() -> None:
    turns = session_turns(SESSION, "conv")[:2]
    assert render_turns(turns, headers=False).splitlines()[0] == (
        "[2023-05-08] Ana: How was the charity race?"
    )
    assert render_turns(turns, headers=True).splitlines()[:2] == [
        "2023-05-08:",
        "- Ana: How was the charity race?",
    ]
