"""An organisation acting on the speaker: hiring states a workplace, letting go ends one."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from tests.test_extract_rules import triples

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from tem.extract.employers import employer_candidates
from tem.extract.nlp import load_pipeline


def _facts(text: str) -> set[tuple[str, str | None, str]]:
    sentence = next(iter(load_pipeline()(text).sents))
    return {(c.relation, c.value, c.kind) for c in employer_candidates(sentence, "Ana")}


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("Great Ormond Street hired me as a paediatric nurse last year.",
         {("works at", "Great Ormond Street", "assert")}),
        # A common noun named beside it; the name's own words, not "in Karachi".
        ("My old school, Galatasaray Lisesi, now employs me as a chemistry teacher.",
         {("works at", "Galatasaray Lisesi", "assert")}),
        ("The Aga Khan Hospital in Karachi took me on as a junior doctor.",
         {("works at", "Aga Khan Hospital", "assert")}),
        # the tagger's whole name, joined by "&"
        ("Ernst & Young took me on as a tax associate in January.",
         {("works at", "Ernst & Young", "assert")}),
        # A university that has the speaker lecturing employs them.
        ("The University of Zimbabwe has me lecturing in agricultural economics.",
         {("works at", "University of Zimbabwe", "assert"), ("job title", "lecturer", "assert")}),
        # Letting go, or a taking-on bounded in the past, ends it.
        ("Lufthansa laid me off in the spring after 14 years.", {("works at", "Lufthansa", "end")}),
        ("The Ministry of Health employed me until last summer.",
         {("works at", "Ministry of Health", "end")}),
        ("Sciences Po kicked me out after one year, long story.",
         {("studies at", "Sciences Po", "end")}),
        ("Stanford accepted me!", {("studies at", "Stanford", "assert")}),
        # An employer sends the speaker somewhere (the time given is the trip's).
        ("Siemens keeps sending me to Munich for audits.", {("works at", "Siemens", "assert")}),
        # a school that has the speaker doing coursework is a school, no employer
        ("Sciences Po has me writing three essays this week.",
         {("studies at", "Sciences Po", "assert")}),
        # the passive, with the organisation after "by"
        # an organisation that pays the speaker's living employs them
        ("Google pays my rent.", {("works at", "Google", "assert")}),
        # only an employer makes someone redundant, whatever the tagger took it for
        ("Ocado made me redundant on Friday.", {("works at", "Ocado", "end")}),
        ("I was made redundant by Air New Zealand in March.",
         {("works at", "Air New Zealand", "end")}),
        ("I was let go by Unilever.", {("works at", "Unilever", "end")}),
        ("Icelandair retired me last month after thirty-one years.",
         {("works at", "Icelandair", "end")}),
        ("Harley-Davidson pensioned me off with a gold watch.",
         {("works at", "Harley-Davidson", "end")}),
        # a platform that deactivated its courier; a discharge from the forces
        ("Uber Eats deactivated my account last month.", {("works at", "Uber Eats", "end")}),
        ("I was medically discharged by the US Air Force last month.",
         {("works at", "US Air Force", "end")}),
        # an organisation that made the speaker an occupation took them on
        ("DeepMind made me a research engineer in January.",
         {("works at", "DeepMind", "assert")}),
        # an occupation the published list knows ("auctioneer")
        ("Brightwells made me an auctioneer for their bloodstock sales.",
         {("works at", "Brightwells", "assert")}),
        ("I've been made a foreman by Balfour Beatty, so the first round is on me.",
         {("works at", "Balfour Beatty", "assert"), ("job title", "foreman", "assert")}),
        ("I was laid off by Shopify last week.", {("works at", "Shopify", "end")}),
        ("I was hired by Deloitte in 2021.", {("works at", "Deloitte", "assert")}),
        ("Access Bank sent me to Abuja for two weeks of training.",
         {("works at", "Access Bank", "assert")}),
        ("L'Oréal has me flying to Milan every other week.", {("works at", "L'Oréal", "assert")}),
        ("Embraer's had me flight-testing their new jets.", {("works at", "Embraer", "assert")}),
        # "refuse" is a noun here, no refusal
        ("Cork City Council took me on as a refuse collector.",
         {("works at", "Cork City Council", "assert")}),
        # releasing or pushing out the speaker ends the job; a verb joined to the one
        # that names the organisation shares its subject
        ("Tata Consultancy Services released me in June.",
         {("works at", "Tata Consultancy Services", "end")}),
        ("Gazprom pushed me out after 15 years.", {("works at", "Gazprom", "end")}),
        ("Samsung shut down my team and let me go.", {("works at", "Samsung", "end")}),
    ],
)  # fmt: skip
def test_an_organisation_acting_on_the_speaker(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == facts


@pytest.mark.parametrize(
    "text",
    [
        "Google didn't hire me.",  # negated
        "Maybe Shopify will hire me next year.",  # future
        "Maria hired me last week.",  # a person
        "They hired me last week.",  # no name
        "Acme hired my brother as a welder.",  # not the speaker
        "Did Deloitte take you on?",
        "Amazon sent me a refund.",  # a thing sent, not the speaker
        "My boss sent me to Leeds for a conference.",  # no organisation
        "I was fired by my boss Tom.",  # a person
        "I pay my bills with Monzo.",
        "I wasn't hired by Google.",
        "My brother was laid off by Shopify.",
        "Nando's made me a wrap.",  # a thing made, not an occupation
        "IKEA made me late for my train.",
        "Careem made me an offer but I said no.",  # an offer is no occupation
        "My bank deactivated my card.",
    ],
)
def test_no_organisation_or_no_speaker_gives_nothing(text: str) -> None:
    assert _facts(text) == set()


def test_made_redundant_ends_the_job() -> None:
    assert _facts("Norwegian Air made me redundant in the spring.") == {
        ("works at", "Norwegian Air", "end")
    }


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I'm employed as head baker at a tiny bakery called Mugi.", "Mugi"),
        ("I work at a small bakery called Forno Rosa, mostly on the early shift.", "Forno Rosa"),
    ],
)
def test_an_employer_is_the_name_it_is_given(text: str, name: str) -> None:
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    employers = {f.value for f in OfflineExtractor().extract(session) if f.relation == "works at"}
    assert employers == {name}


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("Spotify let me go in January, so yes, I'm job hunting.", "Spotify"),
        ("Allegro let me go on Friday after six years.", "Allegro"),
    ],
)
def test_a_name_the_parser_misread_before_the_verb_is_its_subject(text: str, employer: str) -> None:
    assert ("works at", employer, "end") in _facts(text)


def test_a_person_letting_the_speaker_go_somewhere_is_no_employer() -> None:
    assert not {f for f in _facts("Mum let me go to the party.") if f[0] == "works at"}


@pytest.mark.parametrize(
    ("text", "school"),
    [
        ("Waseda University dropped me from the roll after I missed too many classes.",
         "Waseda University"),
        ("The Technion dropped me from the programme after I failed calculus twice.", "Technion"),
        ("Ahmadu Bello University withdrew me over unpaid fees.", "Ahmadu Bello University"),
    ],
)  # fmt: skip
def test_a_school_that_drops_the_speaker_ends_the_study(text: str, school: str) -> None:
    assert ("studies at", school, "end") in _facts(text)


def test_a_lift_dropped_off_is_no_ending() -> None:
    assert not {
        f for f in _facts("My mum dropped me off at Leeds Uni this morning.") if f[2] == "end"
    }


def test_leave_given_by_an_employer_says_where_the_speaker_works() -> None:
    found = triples("Deloitte gave me two extra days of leave for my wedding.")
    assert ("Maria", "works at", "Deloitte", "assert") in found


@pytest.mark.parametrize("text", ["Tom gave me a lift.", "Google gave me an offer but I declined."])
def test_a_lift_or_an_offer_given_says_no_employer(text: str) -> None:
    assert not {v for _, r, v, k in triples(text) if r == "works at" and k == "assert"}


def test_days_at_a_firm_put_behind_the_speaker_are_over() -> None:
    found = triples("My days at Shell are behind me — handed in my badge last Friday.")
    assert ("Maria", "works at", "Shell", "end") in found
    assert ("Maria", "works at", "Shell", "assert") not in found


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        (
            "Emirates has had me flying as cabin crew for a decade, and rosters around school"
            " terms are a nightmare.",
            "Emirates",
        ),
        (
            "I've been pounding the beat for the Met Police for twelve years, but the school run"
            " is the real front line.",
            "Met Police",
        ),
    ],
)
def test_words_of_study_in_a_clause_about_something_else_make_no_school(
    text: str, employer: str
) -> None:
    facts = triples(text)
    assert ("Maria", "works at", employer, "assert") in facts
    assert not {f for f in facts if f[1] == "studies at"}


def test_a_place_a_verb_of_work_names_stays_an_employer_whatever_else_is_said() -> None:
    """ "on my own terms" has a word of study ("term"); an organisation that let the
    speaker go is an employer all the same, whatever the span model reads."""
    found = triples("Tata Consultancy Services let me go at 54, so now I'm living on my own terms.")
    assert ("Maria", "works at", "Tata Consultancy Services", "end") in found
    assert not {f for f in found if f[1] == "studies at"}


def test_a_names_own_s_before_a_past_verb_stays_with_the_name() -> None:
    assert ("works at", "Nando's", "assert") in _facts("Nando's promoted me to manager last week.")
    assert ("works at", "McDonald's", "assert") in _facts("McDonald's hired me last week.")


def test_being_given_a_role_is_no_ending() -> None:
    said = triples("REI laid me off, then Patagonia gave me a fully remote role.")
    assert ("Maria", "works at", "Patagonia", "end") not in said
    assert ("Maria", "works at", "REI", "end") in said
