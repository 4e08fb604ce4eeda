"""Values read from the parse: an entity's own part (tem.extract.values)."""

from __future__ import annotations

from spacy.tokens import Span

from tem.extract.nlp import load_pipeline
from tem.extract.values import entity_text, is_place, own_part


def test_an_entity_hung_across_a_preposition_is_two_names() -> None:
    doc = load_pipeline()("I moved from Pune to Nagpur in May.")
    doc.ents = [Span(doc, 3, 6, label="ORG")]  # the tagger's one name "Pune to Nagpur"
    entity = doc.ents[0]
    assert own_part(entity, doc[3]).text == "Pune"
    assert own_part(entity, doc[5]).text == "Nagpur"
    assert entity_text(doc[5]) == "Nagpur"


def test_a_name_with_its_own_preposition_stays_whole() -> None:
    doc = load_pipeline()("I work at the Bank of America in Charlotte.")
    bank = next(t for t in doc if t.text == "Bank")
    entity = next(e for e in doc.ents if e.start <= bank.i < e.end)
    assert own_part(entity, bank).text == entity.text


def test_a_known_place_the_tagger_took_for_a_date_is_a_place() -> None:
    doc = load_pipeline()("We live in Montevideo.")
    montevideo = doc[3]
    montevideo.ent_type_ = "DATE"  # as the tagger reads it
    assert is_place(montevideo)
    assert not is_place(load_pipeline()("We live in March.")[3])
