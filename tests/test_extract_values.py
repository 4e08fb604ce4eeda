"""Values read from the parse: an entity's own part (tem.extract.values)."""

from __future__ import annotations

import pytest
from spacy.tokens import Span
from tests.test_extract_rules import triples

from tem.extract.nlp import load_pipeline
from tem.extract.values import entity_text, is_place, nested_place, own_part


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


def _verb(text: str, lemma: str = "live") -> object:
    return next(t for t in load_pipeline()(text) if t.lemma_ == lemma)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I live just up the road in Hove.", "Hove"),
        ("I live near the beach in Coogee.", "Coogee"),
        ("Chef at Quinta da Pacheca, I live down the road in Peso da Régua.", "Peso da Régua"),
        ("I live right by the river in Hoi An.", "Hoi An"),
    ],
)
def test_a_home_named_through_the_spot_it_gives_first(text: str, place: str) -> None:
    assert nested_place(_verb(text)) == place


@pytest.mark.parametrize(
    ("text", "lemma"),
    [
        ("I live with the parents of my friend Ana in Leeds.", "live"),  # through people
        ("I moved next to the beach in Coogee.", "move"),  # a move says its own place
    ],
)
def test_no_nested_home_through_a_person_or_without_a_verb_of_living(text: str, lemma: str) -> None:
    assert nested_place(_verb(text, lemma)) is None


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I'm a Year 6 teacher at Oakwood Primary.", "Year 6 teacher"),
        ("I'm a grade 4 teacher at Harare Primary.", "grade 4 teacher"),
    ],
)
def test_the_number_of_a_noun_in_a_title_is_part_of_it(text: str, title: str) -> None:
    assert ("Maria", "job title", title, "assert") in triples(text)
