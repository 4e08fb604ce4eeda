"""A learner's "like" before a role read as "as" (tem.extract.learners)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from tem.extract.learners import as_for_like


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I work part time in Lidl like cashier.", "I work part time in Lidl as cashier."),
        (
            "Aga Khan Hospital hired me like a lab technician.",
            "Aga Khan Hospital hired me as a lab technician.",
        ),
        ("i work in vietcombank like teller its ok", "i work in vietcombank as teller its ok"),
        ("I work in Emirates airline like cabin crew", "I work in Emirates airline as cabin crew"),
    ],
)
def test_like_before_a_role_after_work_is_as(text: str, said: str) -> None:
    assert as_for_like(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "I work like a dog",
        "I like my job as a nurse",
        "I work like crazy, I like a beer after",
        "I worked there like forever",
        "I'm a teacher like my mum",
        "Work is fine. Like a manager would say, busy",
    ],
)
def test_other_likes_stay(text: str) -> None:
    assert as_for_like(text) == text


def test_the_role_a_learner_names_with_like_is_read() -> None:
    text = "Lahore Grammar School employs me like Urdu teacher since 2018."
    session = Session("s1", datetime(2025, 3, 1, tzinfo=UTC), (Turn("Sana", text, 0),))
    facts = {(f.relation, f.value) for f in OfflineExtractor().extract(session)}
    assert ("job title", "Urdu teacher") in facts
