"""A role the speaker was given by a verb of employment (tem.extract.roles)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples

from tem.extract.nlp import load_pipeline
from tem.extract.roles import role_candidates, said_to_be


def roles(text: str) -> set[str | None]:
    return {c.value for s in load_pipeline()(text).sents for c in role_candidates(s, "Ana")}


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("PwC just brought me on as a tax consultant!", "tax consultant"),
        (
            "The Sharjah Art Foundation has taken me on as resident ceramicist.",
            "resident ceramicist",
        ),
        ("I started as an intern at Deloitte.", "intern"),
        ("Deloitte hired me as an auditor in May.", "auditor"),
        # the parser hangs "me" on the role as its subject
        ("Patagonia has treated me well since they made me store manager.", "store manager"),
    ],
)
def test_a_verb_of_employment_gives_the_speaker_a_role(text: str, role: str) -> None:
    assert role in roles(text)


@pytest.mark.parametrize(
    "text",
    [
        "I dressed up as a pirate for Halloween.",
        "I see him as a brother.",
        "My sister was hired as a nurse.",
        "They didn't take me on as a consultant.",
        "ETH Zurich took me on as a doctoral student.",
        "They made me cry.",
        "Careem made me an offer but I said no.",
    ],
)
def test_no_role_without_employment_of_the_speaker(text: str) -> None:
    assert roles(text) == set()


@pytest.mark.parametrize(
    ("text", "role"),
    [
        (
            "I'm burning the candle at both ends as a night-shift midwife while chipping away"
            " at my degree.",
            "night-shift midwife",
        ),
        ("I'm paid by the hour as a teacher aide at Manurewa Intermediate.", "teacher aide"),
        ("Now in Tbilisi, freelancing as a translator.", None),  # no subject said
        ("I've been freelancing as a translator since May.", "translator"),
        ("I'm cutting my teeth as a paralegal at Baker McKenzie.", "paralegal"),
    ],
)
def test_a_speakers_doing_as_an_occupation_gives_the_role(text: str, role: str | None) -> None:
    found = roles(text)
    assert (role in found) if role else found == set()


@pytest.mark.parametrize(
    "text",
    [
        "As a mother I worry about the fees.",
        "I moved here as a refugee in 2015.",
        "I want to retrain as a plumber.",
        "I picture myself as a barista in Lisbon.",
        "I'd love to work weekends as a lifeguard.",
        "I went to the party as a nurse.",
        "I spent ten years as a welder.",
        "My brother is freelancing as a translator.",
        "I've been eyeing kombucha as a replacement.",
        "I burned out as a corporate lawyer and became a potter.",
        "I cut my teeth as a junior reporter at The Hindu in 2004.",
        "I help out at the circle as a native speaker.",
        "I was enrolled at Makerere last year as a 40-year-old fresher.",
    ],
)
def test_no_role_from_who_the_speaker_is_or_would_be(text: str) -> None:
    assert roles(text) == set()


def said(text: str) -> set[str]:
    """The nouns ``text``'s speaker says they are "a" of (:func:`roles.said_to_be`)."""
    return {t.text for t in load_pipeline()(text) if said_to_be(t)}


@pytest.mark.parametrize(
    ("text", "noun"),
    [
        ("I'm a choreographer, I live in Soweto.", "choreographer"),
        ("I'm a mime in Montréal.", "mime"),
        ("I'm an octopus fisher working out of Joal.", "fisher"),
        ("I've been a demonstrator in the practicals since Michaelmas.", "demonstrator"),
    ],
)
def test_the_speaker_says_they_are_a_noun(text: str, noun: str) -> None:
    assert noun in said(text)


@pytest.mark.parametrize(
    "text",
    [
        "My wife is a choreographer.",  # someone else
        "I'm the choreographer.",  # no article of one among many
        "I'm a fiend for masala chai.",  # what one loves
        "I'm a Rapid Wien ultra, make it make sense.",
        "I'm a jack of all trades.",
        "I'm a postgraduate at the University of Delhi.",  # enrolled
        "I'm a mother of three.",
        "I'm a sparky living in Geelong.",  # "living" taken for the noun
    ],
)
def test_who_the_speaker_is_is_no_noun_said_to_be(text: str) -> None:
    assert said(text) == set()


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I'm a referee in the Northern Counties East League.", "referee"),
        ("Been a cricket umpire for years now.", "cricket umpire"),
        ("yo i'm a roofer, dm me a pic of the flashing", "roofer"),
        ("I'm literally a sysadmin and I still couldn't fix my mom's iPad", "sysadmin"),
    ],
)
def test_an_occupation_of_the_lexicon_is_a_title_by_the_rules_alone(text: str, title: str) -> None:
    assert ("Maria", "job title", title, "assert") in triples(text)
