"""Evaluation metrics: key-entity hit, evidence checks, statistics, LoCoMo F1 and recall."""

from __future__ import annotations

import pytest

from tem import Memory
from tem.eval import metrics as M


def test_normalize_entity_drops_case_punctuation_articles_and_spaces() -> None:
    assert M.normalize_entity("  The  Iced-Americanos! ") == "iced americanos"


@pytest.mark.parametrize(
    ("answer", "gold", "hit"),
    [
        ("I think it's The Hague.", "the Hague", True),
        ("Portland, Oregon", "Portland", True),
        ("Portlandia", "Portland", False),
        ("She works at Wayne   Logistics now", "Wayne Logistics", True),
        ("", "Lyon", False),
    ],
)
def test_key_entity_hit_is_normalized_containment(answer: str, gold: str, hit: bool) -> None:
    assert M.key_entity_hit(answer, gold) is hit


def test_official_normalize_drops_commas_and_the_word_and() -> None:
    assert M.normalize_answer("7 May, 2023") == "7 may 2023"
    assert M.normalize_answer("The cat and a dog!") == "cat dog"


def test_f1_hand_computed() -> None:
    # "cat sat" vs "cat sat down": P = 2/2, R = 2/3, F1 = 0.8
    assert M.f1_score("The cat sat", "a cat sat down") == pytest.approx(0.8)
    # "and" is removed: pred {pari, rome}, gold {rome}: P = 1/2, R = 1, F1 = 2/3
    assert M.f1_score("Paris and Rome", "Rome") == pytest.approx(2 / 3)
    assert M.f1_score("running", "runs") == 1.0  # Porter stems
    assert M.f1_score("", "Rome") == 0.0


def test_category_1_splits_on_commas_and_averages_best_matches() -> None:
    # gold parts Rome (best 1.0) and Berlin (best 0.0)
    assert M.locomo_f1("Paris, Rome", "Rome, Berlin", 1) == pytest.approx(0.5)
    # one prediction part "rome berlin" against each gold part: 2/3 each
    assert M.locomo_f1("Rome and Berlin", "Rome, Berlin", 1) == pytest.approx(2 / 3)


def test_category_3_cuts_gold_at_semicolon_and_2_4_are_plain() -> None:
    assert M.locomo_f1("Likely yes", "Likely yes; because she loves it", 3) == 1.0
    assert M.f1_score("Likely yes", "Likely yes; because she loves it") < 1.0
    assert M.locomo_f1("7 May 2023", "7 May, 2023", 2) == 1.0
    assert M.locomo_f1("Paris, Rome", "Rome, Berlin", 4) == pytest.approx(
        M.f1_score("Paris Rome", "Rome Berlin")
    )
    with pytest.raises(ValueError):
        M.locomo_f1("x", "y", 5)


def test_stemmer_is_named() -> None:
    assert M.stemmer_name() in ("nltk", "snowballstemmer-porter")


BLOCK = """<Memory>
Facts about Ana, in order of appearance (oldest to newest).
Tag [historical] = value was replaced by a later one.
No tag = current value.

- lives in | Lisbon | source: s1 [historical]
- lives in | Oslo | source: s2 [replaced by Rome as of 2024-01-01]
- lives in | Rome | source: s3
</Memory>"""


def test_fact_lines_and_status() -> None:
    lines = M.fact_lines(BLOCK)
    assert [(x.value, x.tag) for x in lines] == [
        ("Lisbon", "historical"),
        ("Oslo", "replaced by Rome as of 2024-01-01"),
        ("Rome", None),
    ]
    assert M.right_status(BLOCK, "Rome", now=True)
    assert not M.right_status(BLOCK, "Rome", now=False)  # the tag naming Rome is not Rome's line
    assert M.right_status(BLOCK, "Oslo", now=False)
    assert M.gold_present(BLOCK, "Lisbon", facts=True)
    assert not M.gold_present(BLOCK, "Ana", facts=True)
    assert M.gold_present("Ana: I moved to Oslo", "oslo", facts=False)


def test_describe_and_rate() -> None:
    s = M.describe([1, 2, 3, 4, 5])
    assert (s.n, s.mean, s.median, s.q1, s.q3, s.min, s.max) == (5, 3.0, 3.0, 2.0, 4.0, 1.0, 5.0)
    assert M.describe([]).n == 0
    assert M.rate([True, False, None]) == 50.0
    assert M.rate([None]) is None


def test_evidence_recall_counts_turns_and_facts_from_turns() -> None:
    assert M.evidence_recall(["D1:3", "D2:1"], ["D1:3"]) == 0.5
    mem = Memory()
    fact = mem.add(
        "Ana",
        "lives in",
        "Oslo",
        source="s",
        observed_at="2024-01-01",
        metadata={"turn_id": "D2:1"},
    )
    assert M.evidence_recall(["D1:3", "D2:1"], ["D1:3"], [fact]) == 1.0
    assert M.evidence_recall([], ["D1:3"]) is None
