"""What a later "now" supersedes (tem.extract.supersession)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples

from tem.extract.nlp import load_pipeline
from tem.extract.supersession import is_now


@pytest.mark.parametrize(
    ("text", "ended", "held"),
    [
        ("I've lived in Naples, Rome and Turin, and now Bologna.", "Turin", "Bologna"),
        ("I worked at Aldi, then Lidl, now Tesco.", "Aldi", "Tesco"),
    ],
)
def test_an_item_before_the_one_that_holds_now_has_ended(text: str, ended: str, held: str) -> None:
    found = {(v, k) for _, r, v, k in triples(text) if r in ("lives in", "works at")}
    assert (ended, "end") in found and (held, "assert") in found


def test_a_list_in_the_present_tense_adds_and_ends_nothing() -> None:
    found = triples("I speak English, Hindi and now German.")
    assert ("Maria", "speaks", "Hindi", "assert") in found


def test_a_now_that_adds_is_no_now_that_replaces() -> None:
    doc = load_pipeline()("and now also English, and now Bologna")
    nows = [t for t in doc if t.lower_ == "now"]
    assert [is_now(t) for t in nows] == [False, True]
