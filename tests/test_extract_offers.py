"""Offers refused and jobs or places applied for (tem.extract.offers)."""

from __future__ import annotations

from typing import Any

import pytest

from tem.extract.nlp import load_pipeline
from tem.extract.offers import offered_or_applied


def _sentence(text: str) -> Any:
    return next(iter(load_pipeline()(text).sents))


@pytest.mark.parametrize(
    "text",
    [
        "I applied to Stripe last week.",
        "Got an offer from Careem in Dubai and I said no.",
        "The shelter offered me a sweet old cat but I had to say no.",
        "Did a trial shift as a line cook at Nobu yesterday.",
        "I turned down an offer from Figma to work as a designer.",
    ],
)
def test_an_offer_refused_or_a_try_out_is_no_holding(text: str) -> None:
    assert offered_or_applied(_sentence(text))


@pytest.mark.parametrize(
    "text",
    [
        "I work at Stripe.",
        "gave up crossfit, my knees said nope",  # no one's refusal of an offer
        "I work shifts at Nobu as a line cook.",
    ],
)
def test_a_plain_statement_is_no_offer(text: str) -> None:
    assert not offered_or_applied(_sentence(text))


def test_an_application_in_a_clause_of_its_own_blocks_no_other_clause() -> None:
    text = (
        "Kenyatta University enrolled me in their evening MBA this term, so I'm juggling"
        " lectures with job applications."
    )
    sentence = _sentence(text)
    enrolled = next(t for t in sentence if t.lower_ == "enrolled")
    assert offered_or_applied(sentence)  # the sentence as a whole tells of applications
    assert not offered_or_applied(sentence, enrolled)  # but not the clause of enrolling


def test_an_application_in_the_verbs_own_clause_or_above_it_blocks_it() -> None:
    sentence = _sentence("I applied to be a nurse at St Thomas' last week.")
    be = next(t for t in sentence if t.lower_ == "be")
    assert offered_or_applied(sentence, be)


@pytest.mark.parametrize(
    ("text", "applied"),
    [
        ("I've put in for the health visitor training with NHS Fife.", True),
        ("Had a superday at Lazard and I'm fairly sure I fumbled it.", True),
        ("I put in my notice at Tesco.", False),
        ("I've put down roots in Nelson for good.", False),
    ],
)
def test_putting_in_for_a_post_or_a_superday_is_applying(text: str, applied: bool) -> None:
    sentence = next(iter(load_pipeline()(text).sents))
    assert offered_or_applied(sentence) == applied


def test_a_title_offered_and_refused_is_no_title() -> None:
    from tests.test_extract_rules import triples

    text = "Got an offer from McKinsey as an analyst but said no, the hours looked insane."
    assert not {t for t in triples(text) if t[1] == "job title"}
    assert ("Maria", "job title", "analyst", "assert") in triples("Got a job as an analyst.")
