"""What the speaker left, named by an idiom of leaving (tem.extract.leavings)."""

from __future__ import annotations

import pytest

from tem.extract.leavings import left_by_idiom
from tem.extract.nlp import load_pipeline


def _facts(text: str) -> set[tuple[str, str | None, str]]:
    found: set[tuple[str, str | None, str]] = set()
    for sentence in load_pipeline()(text).sents:
        found |= {(c.relation, c.value, c.kind) for c in left_by_idiom(sentence, "Ana")}
    return found


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("I threw in the towel on Cathay after the pandemic.", {("works at", "Cathay", "end")}),
        ("I closed the book on Lagos last year and opened a new chapter in Abuja.",
         {("lives in", "Lagos", "end")}),
        ("Flew the nest from Prague and landed in Dublin.",
         {("lives in", "Prague", "end"), ("lives in", "Dublin", "assert")}),
        ("Karachi is in my rear-view mirror now.", {("lives in", "Karachi", "end")}),
        # a nest flown is a home, whatever the tagger took the name for
        ("I've flown the nest from Galway and made a home for myself in Limerick.",
         {("lives in", "Galway", "end")}),
        # the gear of a trade hung up ends the trade
        ("Hung up my auditor hat after five years.", {("job title", "auditor", "end")}),
        ("I hung up my chef's whites last year.", {("job title", "chef", "end")}),
        # a school named as a town is the school where the sentence speaks of study
        ("I cut the cord with Columbia after sophomore year; the tuition was bleeding me dry.",
         {("studies at", "Columbia", "end")}),
        ("Nakuru is in the rear-view mirror now and Mombasa is home sweet home.",
         {("lives in", "Nakuru", "end")}),
    ],
)  # fmt: skip
def test_an_idiom_of_leaving_ends_what_it_names(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    assert _facts(text) == facts


@pytest.mark.parametrize(
    "text",
    [
        "I'd never throw in the towel on Wharton.",
        "My sister threw in the towel on Deloitte.",
        "I closed the book on chapter three.",
        "My ex is in the rear-view mirror.",
        "Did you fly the nest from Leeds?",
        "Check the rear-view mirror before you pull out.",
        "Call time on the meeting, we're done.",
        "I hung up my coat.",
        "My dad hung up his chef's whites.",
    ],
)
def test_no_ending_from_anothers_a_supposed_or_an_unnamed_leaving(text: str) -> None:
    assert _facts(text) == set()
