"""A couple that ended: the named partner ends when the speaker is one of the two."""

from __future__ import annotations

import pytest

from tem.extract.breakups import breakup_candidates
from tem.extract.nlp import load_pipeline
from tem.extract.tidy import tidy


def _ended(text: str) -> set[str | None]:
    sentence = next(iter(load_pipeline()(text).sents))
    found = breakup_candidates(sentence, "Ana")
    return {tidy(c.relation, c.value) for c in found if c.kind == "end"}


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("Me and Aziz called it quits after four years.", "Aziz"),
        ("Salim and I called it quits in the spring, so I'm flying solo.", "Salim"),
        ("I was dumped by Lara last weekend, so that's over.", "Lara"),
        ("This month I broke up with my boyfriend Omid.", "Omid"),
        ("Lara dumped me last week.", "Lara"),
        ("Bas and I went our separate ways in the summer.", "Bas"),
        ("Since breaking up with Hanna I've moved back to Aarhus.", "Hanna"),  # the doer is "I"
    ],
)
def test_an_ended_couple_ends_the_named_partner(text: str, partner: str) -> None:
    assert _ended(text) == {partner}


@pytest.mark.parametrize(
    "text",
    [
        "My sister and Tom split up.",  # another couple
        "I might break up with Sam.",  # not done
        "Nokia and I parted ways in April after twelve years.",  # a job
        "Did you and Sam break up?",
    ],
)
def test_no_couple_of_the_speaker_ended(text: str) -> None:
    assert _ended(text) == set()


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("I was dumped by Lara last weekend.", "single"),
        ("Me and Aziz called it quits after four years.", "single"),
        ("Tom and I divorced in 2019.", "divorced"),
    ],
)
def test_the_speaker_is_left_single_or_divorced(text: str, status: str) -> None:
    sentence = next(iter(load_pipeline()(text).sents))
    found = breakup_candidates(sentence, "Ana")
    assert [c.value for c in found if c.relation == "relationship status"] == [status]


def test_a_gerund_of_someone_else_ends_no_couple_of_the_speaker() -> None:
    assert _ended("Since breaking up with Hanna, Tom has moved back to Aarhus.") == set()
