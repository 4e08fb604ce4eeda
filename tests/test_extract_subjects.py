"""Who a clause is about, where the parser hung its subject in the wrong place."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples

from tem.extract.nlp import load_pipeline
from tem.extract.subjects import resolve_subject


def _subject_of(text: str, verb: str) -> str | None:
    doc = load_pipeline()(text)
    return resolve_subject(next(t for t in doc if t.lower_ == verb), "Maria")


@pytest.mark.parametrize(
    ("text", "verb", "subject"),
    [
        # the subject hung on the auxiliary ("cousin" the subject of "got")
        ("My cousin Marisa got engaged to a guy called Pedro last night.", "engaged",
         "Maria's cousin"),
        # the subject left before the verb as a noun of time ("brother" an npadvmod)
        ("My brother just got engaged to his girlfriend Tara.", "engaged", "Maria's brother"),
        # a name opening the sentence, left as a noun of time
        ("Tom from accounts just got engaged to a girl called Priya.", "engaged", "Tom"),
        ("Got engaged to Pedro last night!", "engaged", "Maria"),  # "I" dropped
        ("I just got engaged to Pedro.", "engaged", "Maria"),
        # a child said as "my youngest", hung on the verb as an adverb
        ("My youngest moved to Denver.", "moved", "Maria's youngest"),
    ],
)  # fmt: skip
def test_a_misplaced_subject_is_found(text: str, verb: str, subject: str) -> None:
    assert _subject_of(text, verb) == subject


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("Carpenter by trade, live in Aarhus, divorced.", "Maria"),
        ("software dev at Shopify, live in Ottawa, cat person", "Maria"),
        ("The carpenter, they say, live in Aarhus.", None),  # a determiner: someone
        ("Tom, my neighbour, lives in Aarhus.", "Tom"),  # "lives" agrees with him
    ],
)
def test_a_bare_noun_before_a_first_person_verb_describes_the_speaker(
    text: str, subject: str | None
) -> None:
    assert _subject_of(text, "live" if " live " in text else "lives") == subject


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("My boyfriend Luca moved in with me in Bologna.", "Maria"),
        ("Tom moved in with his sister in Leeds.", "Tom"),
    ],
)
def test_someone_moving_in_with_the_speaker_says_the_speakers_home(text: str, subject: str) -> None:
    assert _subject_of(text, "moved") == subject


@pytest.mark.parametrize(
    "text",
    [
        "My cousin Marisa got engaged to a guy called Pedro last night.",
        "My brother just got engaged to his girlfriend Tara, so the whole family's buzzing.",
        "My best friend Sienna is engaged to a guy called Felipe and I'm her maid of honour!",
        "Emma from the NCT group just got engaged to her boyfriend Tom, so cute!",
    ],
)
def test_another_persons_engagement_is_not_the_speakers(text: str) -> None:
    assert not {t for t in triples(text) if t[0] == "Maria"}


def test_the_speaker_among_two_subjects_is_the_subject() -> None:
    """ "me and my husband carlos just moved": the parser gives "moved" two subjects,
    "me" and "husband"; the clause is the speaker's (and their husband's)."""
    found = triples("me and my husband carlos just moved to albuquerque")
    assert ("Maria", "lives in", "Albuquerque", "assert") in found
    assert ("Maria", "partner", "Carlos", "assert") in found


@pytest.mark.parametrize(
    "text",
    [
        "Good morning. Maria Adeyemi here, living in Peckham, married to Funmi.",
        "Short bio for the panel: Maria Lopez is a structural engineer married to Funmi.",
    ],
)
def test_the_speakers_name_said_in_full_is_the_speaker(text: str) -> None:
    """Speakers introduce themselves by their full name: the facts are theirs."""
    found = triples(text)
    assert ("Maria", "partner", "Funmi", "assert") in found
    assert not {t for t in found if t[0] != "Maria"}


def test_a_name_said_to_the_listener_leaves_the_clause_to_the_speaker() -> None:
    found = triples("Ike my guy, been living in peckham almost two years now")
    assert ("Maria", "lives in", "Peckham", "assert") in found


@pytest.mark.parametrize(
    "text",
    [
        "After moving to Ipoh I found a new mahjong table.",
        "The first thing I did after moving to Ipoh was find a new table.",
    ],
)
def test_a_gerund_after_a_preposition_of_time_is_done_by_the_clauses_subject(text: str) -> None:
    assert ("Maria", "lives in", "Ipoh", "assert") in triples(text)


def test_only_a_move_or_a_couples_event_after_since_borrows_the_subject() -> None:
    found = triples("Since retiring I've filled my week with birdwatching and bridge.")
    assert not {(r, v) for _, r, v, _ in found if r in ("job title", "works at")}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "quit amazon lol. best decision ever. ceo of sleeping in now",
            ("works at", "amazon", "end"),
        ),
        ("quit uber eats lol, back to delivering for doordash", ("works at", "uber eats", "end")),
    ],
)
def test_quit_opening_a_chat_message_is_told_of_the_speaker(
    text: str, fact: tuple[str, str, str]
) -> None:
    found = {(t[1], (t[2] or "").casefold(), t[3]) for t in triples(text) if t[0] == "Maria"}
    assert fact in found


def test_quit_said_to_someone_is_advice() -> None:
    assert not {t for t in triples("Quit smoking, you'll thank me.") if t[0] == "Maria"}


@pytest.mark.parametrize(
    "text",
    [
        "broke up with my gf Shira right before the season, tbh it was for the best",
        "Broke up with Shira last month, honestly it's been a relief",
        "broke up w Shira before leaving for my gap year honestly feels so freeing",
        "broke up w my gf Shira after the olympiad, she cheated (not at chess lol)",
    ],
)
def test_a_past_verb_opening_a_message_is_the_speakers_not_a_later_clauses(text: str) -> None:
    found = triples(text)
    assert ("Maria", "relationship status", "single", "assert") in found
    assert ("Maria", "partner", "Shira", "end") in found


def test_chats_just_typed_in_haste_is_no_subject() -> None:
    found = triples("jsut moved to boise from spokane and the taco trucks here r better")
    assert ("Maria", "lives in", "Boise", "assert") in found


def test_a_childs_move_in_a_clause_of_the_speakers_is_not_the_speakers() -> None:
    found = triples("I've kept bees in the back garden since my youngest moved to Denver.")
    assert not {f for f in found if f[1] == "lives in"}


def test_a_dropped_i_before_a_clause_of_its_own_is_the_speakers() -> None:
    """ "Got" tagged as a bare form and hung on the clause after the comma is still the
    speaker's past: no imperative ("Get a whippet, they're great")."""
    assert ("Maria", "has pet", "whippet", "assert") in triples(
        "Got a whippet called Dotty, she's an absolute menace on the towpath."
    )
    assert not {t for t in triples("Get a whippet, they're great.") if t[1] == "has pet"}


def test_a_chat_opener_with_its_comma_is_no_subject() -> None:
    assert ("Maria", "works at", "Accenture", "end") in triples(
        "welp, officially left Accenture today. bye bye utilization targets 👋"
    )


def test_quit_opening_a_message_before_a_name_is_no_part_of_the_name() -> None:
    """ "Quit Orkney Ferries" is no firm of that name, nor the subject of what follows."""
    found = triples("Quit Orkney Ferries, broke up with Erlend, and moved in with my mum.")
    assert ("Maria", "works at", "Orkney Ferries", "end") in found
    assert ("Maria", "partner", "Erlend", "end") in found
    assert all(subject == "Maria" for subject, *_ in found)


def test_irelands_after_with_a_gerund_is_the_speakers_perfect() -> None:
    """ "I'm after leaving X" is "I have just left X"."""
    found = triples("I'm after leaving the Killybegs Fishermen's Organisation.")
    assert ("Maria", "works at", "Killybegs Fishermen's Organisation", "end") in found


def test_one_paid_or_hired_to_do_something_does_it() -> None:
    found = triples("Mum pays me a pittance to be the receptionist at Haddad Dental.")
    assert ("Maria", "job title", "receptionist", "assert") in found
    assert ("Maria", "works at", "Haddad Dental", "assert") in found
    asked = triples("She told me to quit Google.")  # what one is told to do is a wish
    assert not {t for t in asked if t[0] == "Maria" and t[1] == "works at"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("My fiancé Declan and I are settling in Cork.", ("Maria", "lives in", "Cork", "assert")),
        ("My wife Amira and me both speak Arabic.", ("Maria", "speaks", "Arabic", "assert")),
    ],
)
def test_the_speaker_joined_to_a_named_partner_is_a_subject(
    text: str, fact: tuple[str, str, str, str]
) -> None:
    assert fact in triples(text)


def test_clauses_under_another_persons_heading_are_theirs() -> None:
    text = "My best friend's year in review: engaged to Marcus, moved to Dunedin."
    assert {f for f in triples(text) if f[0] == "Maria"} == set()


@pytest.mark.parametrize(
    "text",
    [
        "My year in review: moved to Dunedin.",
        "Answering your earlier q: yes, moved to Dunedin in May.",  # the one asked
    ],
)
def test_clauses_under_the_speakers_heading_are_the_speakers(text: str) -> None:
    assert ("Maria", "lives in", "Dunedin", "assert") in triples(text)


def test_a_heading_for_other_people_is_still_the_speakers() -> None:
    text = "Update for the parents' group: Patagonia hired me as assistant store manager."
    assert ("Maria", "works at", "Patagonia", "assert") in triples(text)
