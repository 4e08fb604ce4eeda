"""The shared pipeline: a colon ends a sentence for the parser."""

from __future__ import annotations

from tem.extract.nlp import load_pipeline


def test_a_colon_ends_a_sentence() -> None:
    doc = load_pipeline()("Quick intro since you asked: software tester at Ocado.")
    assert next(iter(doc.sents)).text == "Quick intro since you asked:"


def test_a_colon_inside_a_time_or_at_the_end_splits_nothing() -> None:
    assert len(list(load_pipeline()("We meet at 10:30 every day.").sents)) == 1
    assert len(list(load_pipeline()("Things I love:").sents)) == 1
