"""A pet the speaker parted with ends (tem.extract.farewells), whoever read it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor

EXTRACTOR = OfflineExtractor()


def facts(text: str, relation: str) -> set[tuple[str | None, str]]:
    """The (value, kind) pairs of ``relation`` extracted from ``text``."""
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    return {(f.value, f.kind) for f in EXTRACTOR.extract(session) if f.relation == relation}


def kinds_of(text: str, relation: str) -> set[str]:
    return {kind for _, kind in facts(text, relation)}


@pytest.mark.parametrize(
    "text",
    [
        "my cat mimi died yestrday im so sad",
        "Our old beagle Pepper crossed the rainbow bridge last week.",
        "Sadly we had our old tortoise Horace put down last week, he was 68.",
        "had to rehome my ferret Bandit bc the new landlord said no pets",
        "We lost our dog Max in May.",
        "My beagle Pepper passed away on Tuesday.",  # "on" a day: no "passed on"
        "RIP to my hamster nugget, he lived a good 2 yrs",
        # "passed" with nothing passed, only a when: a death
        "Our greyhound Bonnie passed last autumn, and honestly I've not been right since.",
        "Our old moggy Biscuit passed last week, the house feels ever so empty.",
        "Since my dog Rex passed, the house is quiet.",  # "since" marks the clause only
        "sold my horse before i took the fifo job",  # the "I" left out
        "gave my budgie to my nan when i started fifo",  # given to someone
        "Lost my old spaniel Barney over the winter.",  # "Lost": the tagger's lemma "lost"
        "my cat passed this morning",  # unnamed, and no name to hold it by
        "My dog died last week.",
    ],
)
def test_a_pet_that_is_gone_is_an_ending(text: str) -> None:
    assert kinds_of(text, "has pet") == {"end"}


def test_a_pet_that_died_unnamed_ends_its_kind() -> None:
    assert facts("My dog died last week.", "has pet") == {("dog", "end")}


def test_a_pet_mourned_is_the_one_beside_the_rip() -> None:
    assert facts("my hamster Nugget, RIP", "has pet") == {("Nugget", "end")}
    listed = "Pets, past and present: a pig called Moana (RIP), two chooks, and a staffy."
    assert ("staffy", "assert") in facts(listed, "has pet")
    assert ("pig", "end") in facts(listed, "has pet")
    assert facts("rip Kiwi, our parrot, he could talk", "has pet") == {("parrot", "end")}
    text = "bro my husky Luna shredded my drawing tablet AGAIN, rip to that sketch"
    assert "end" not in kinds_of(text, "has pet")


@pytest.mark.parametrize(
    "text",
    [
        "My dog Rex loves the beach.",
        "I would never rehome my ferret Bandit.",
        "Our dog Max got lost in the park but came home at dawn.",
        "My hamster Nugget is a rip-off artist.",
        "My dog Rex passed the vet check last week.",  # something passed: no death
        "My labrador Tama was given to me by my aunt, he's three.",  # given to the speaker
    ],
)
def test_a_pet_still_had_is_no_ending(text: str) -> None:
    assert "end" not in kinds_of(text, "has pet")


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Left my flat in Hackney last month and moved back up north.", "Hackney"),
        ("Finally moved out of my parents' place in Enugu.", "Enugu"),
        # the parser hangs the place on the verb, not on the home moved out of
        ("I moved out of my flat in Hackney.", "Hackney"),
        ("Just moved out of my flat in Bradford, kipping at my cousin's.", "Bradford"),
        ("Handed back the keys to my place in Istanbul last week.", "Istanbul"),
        ("Gave up my flat in Glasgow and moved back to Oban.", "Glasgow"),
        ("Our house in Bergen was sold in the spring.", "Bergen"),
        ("finally left the cabin in kiruna lol, city life is weird", "Kiruna"),
        ("finaly moved out of my moms place in el paso", "el paso"),  # the place's root
        ("Sold my bakery and my house in Calgary, moved up to Whitehorse.", "Calgary"),
    ],
)
def test_a_home_the_speaker_left_is_an_ending(text: str, place: str) -> None:
    found = facts(text, "lives in")
    assert (place, "end") in found
    assert (place, "assert") not in found


def test_a_home_left_to_the_speaker_is_inherited_not_left() -> None:
    text = "Our house in Kamakura was left to us by my aunt, so that's where we live now."
    assert ("Kamakura", "end") not in facts(text, "lives in")


@pytest.mark.parametrize(
    ("text", "now", "before"),
    [
        (
            "I'm a maths teacher and I live in Kumasi now, after years in Tamale.",
            "Kumasi",
            "Tamale",
        ),
        ("I'm back in Haifa after two years in Berlin.", "Haifa", "Berlin"),
    ],
)
def test_years_elsewhere_before_a_home_held_now_are_over(text: str, now: str, before: str) -> None:
    assert facts(text, "lives in") == {(now, "assert"), (before, "end")}


@pytest.mark.parametrize(
    "text",
    [
        "After ten years in Madrid, Spanish is my second skin.",  # no other home: Madrid
        "I'm back in Haifa after two weeks in Berlin.",  # weeks are a trip
    ],
)
def test_time_in_a_place_is_no_home_ended_without_years_and_another_home(text: str) -> None:
    assert "end" not in kinds_of(text, "lives in")


@pytest.mark.parametrize(
    ("text", "now", "before"),
    [
        ("I have lived in Amman and Doha, and since 2022 I am in Muscat.", "Muscat", "Doha"),
        ("I was living in Dublin five years but I came back to Kraków.", "Kraków", "Dublin"),
        ("I grew up in Pune but I moved to Toronto in 2019.", "Toronto", "Pune"),
        ("I am living in Ibadan since two years, before I was living in Lagos.", "Ibadan", "Lagos"),
    ],
)
def test_a_home_told_in_the_past_beside_one_held_now_is_over(
    text: str, now: str, before: str
) -> None:
    found = facts(text, "lives in")
    assert (now, "assert") in found and (before, "end") in found
    assert (before, "assert") not in found


@pytest.mark.parametrize(
    "text",
    [
        "I've lived in Lyon for a decade.",  # one home told alone
        "Bosch moved me to Stuttgart, so I've been living in Feuerbach since May.",
    ],
)
def test_a_home_held_since_is_no_home_left(text: str) -> None:
    assert "end" not in kinds_of(text, "lives in")


def test_a_home_moved_into_is_held() -> None:
    found = facts("Moved out of Melbourne to a little place in Castlemaine.", "lives in")
    assert ("Castlemaine", "assert") in found


@pytest.mark.parametrize(
    ("text", "relation", "kind"),
    [
        ("I lived in Paris for three years.", "lives in", "end"),
        ("I was married to Henrik for twenty years until he died.", "partner", "end"),
        ("I've lived in Paris for three years.", "lives in", "assert"),
        ("I moved to Lisbon last month.", "lives in", "assert"),
        ("I've worked at Google for the past five years.", "works at", "assert"),
        # a habit of the past is over; being used to something is not
        ("I used to live in Leeds.", "lives in", "end"),
        ("i used to play netball but i quit after my knee injury", "hobby", "end"),
        ("I'm used to living in Leeds.", "lives in", "assert"),
        # a span still ahead: "another", "next"
        ("Wipro renewed my contract at Wipro for another two years.", "works at", "assert"),
        # the speaker's passive past; a thing's passive says nothing of the speaker
        ("I was employed by the Co-operative Bank for 27 years.", "works at", "end"),
        ("My master's at SOAS was paused for a year, I'm enrolled.", "studies at", "assert"),
        # a span that lasted until a past event
        ("I lived in Leeds until we moved.", "lives in", "end"),
        ("I was employed by Croatia Airlines until I was let go.", "works at", "end"),
        # a state held before something happened
        ("I was a dentist in Kharkiv before the war.", "job title", "end"),
        ("I was a teacher before I retrained.", "job title", "end"),
        ("I moved to Leeds before the pandemic.", "lives in", "assert"),  # a change
    ],
)
def test_a_span_of_time_told_in_the_past_is_over(text: str, relation: str, kind: str) -> None:
    assert kinds_of(text, relation) == {kind}


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        ("I hung up my boxing gloves last winter after a concussion scare.", "hobby"),
        ("Packed in the hurling last season, my knees were banjaxed.", "hobby"),
        ("I threw in the towel on law school at PUC-Rio after two semesters.", "studies at"),
        ("Kicked my boyfriend Jay to the curb last week.", "partner"),
        ("I've finally knocked my flat white habit on the head.", "favorite drink"),
        ("Pulled the plug on my PhD at Imperial last month.", "studies at"),
        ("Chucked in my job at Tesco over the summer, no regrets.", "works at"),
        ("I closed the book on med school at Aga Khan University last year.", "studies at"),
    ],
)
def test_an_idiom_of_quitting_ends_what_it_quits(text: str, relation: str) -> None:
    assert kinds_of(text, relation) == {"end"}


def test_the_habit_of_a_drink_is_the_drink() -> None:
    assert facts("I've finally knocked my flat white habit on the head.", "favorite drink") == {
        ("flat white", "end")
    }
    assert facts("My flat white addiction is getting expensive.", "favorite drink") == {
        ("flat white", "assert")
    }


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Former accountant, now a full-time potter living in Fez.", "accountant"),
        ("I'm a former nurse.", "nurse"),
        ("I'm a retired chef and I live in Oslo.", "chef"),
        ("Details: living in Brighton, formerly a translator at the EU.", "translator"),
        ("I was previously a nurse at Guy's.", "nurse"),
        (
            "im a retired civil enginer from accra now living in croydon",
            "civil engineer",
        ),
    ],
)
def test_a_value_its_own_word_puts_in_the_past_is_an_ending(text: str, value: str) -> None:
    found = facts(text, "job title")  # with what holds now, where said ("now a potter")
    assert (value, "end") in found and (value, "assert") not in found


def test_retired_alone_is_what_the_speaker_is_now() -> None:
    assert ("retired", "end") not in facts(
        "I'm retired now, so plenty of time for the garden.", "job title"
    )


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("I retired as a police sergeant in 2020.", "police sergeant"),
        ("I retired from the NHS after thirty-one years as a radiographer.", "radiographer"),
        ("El Al retired me after twenty-two years as a pilot.", "pilot"),
        # the trade retired from is its doer
        ("I retired from teaching last year.", "teacher"),
        ("I retired from nursing last June after thirty years on the wards.", "nurse"),
    ],
)
def test_retiring_from_a_named_job_ends_that_job(text: str, job: str) -> None:
    """The job retired from ends; "retired" is no second job beside it."""
    assert facts(text, "job title") == {(job, "end")}


@pytest.mark.parametrize(
    "text",
    [
        "I've lost all my Spanish.",
        "I was brought up speaking Icelandic, but my Danish has been completely forgotten.",
        "I speak Polish; the German I learned at school is totally gone.",
    ],
)
def test_a_language_lost_or_forgotten_is_ended(text: str) -> None:
    assert "end" in kinds_of(text, "speaks")
    assert not any(v in text for v, _ in facts(text, "works at"))  # a language is no employer


@pytest.mark.parametrize(
    "text",
    [
        "I speak Punjabi and I never forget my Urdu.",
        "I'm fluent in Tigrinya but my spelling has gone downhill since school.",
    ],
)
def test_a_language_kept_is_no_ending(text: str) -> None:
    assert "end" not in kinds_of(text, "speaks")


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("quit my job at targt finally lol manager was a nightmare", "Targt"),
        ("Quit my job at Tesco today.", "Tesco"),
        ("finaly quit my job at the amazon warehose lol best decision ever", "Amazon"),
    ],
)
def test_the_place_of_a_post_left_is_left_however_the_verb_is_parsed(text: str, place: str) -> None:
    assert facts(text, "works at") == {(place, "end")}


@pytest.mark.parametrize(
    "text", ["I didn't quit my job at Tesco.", "Should I quit my job at Tesco?"]
)
def test_a_post_left_in_a_blocked_clause_ends_nothing(text: str) -> None:
    assert (("Tesco", "end")) not in facts(text, "works at")


@pytest.mark.parametrize(
    ("text", "school"),
    [
        ("Did my PGCE at Bangor in 2001 and I've taught Welsh ever since.", "Bangor"),
        ("Finished my master's at UCL in 2019, stayed in London.", "UCL"),
        ("Did my engineering at IIT Madras and have lectured since 2015.", "IIT Madras"),
    ],
)
def test_a_degree_done_in_the_past_ends_the_school(text: str, school: str) -> None:
    assert (school, "end") in facts(text, "studies at")


@pytest.mark.parametrize(
    "text",
    [
        "I'm doing my MBA at INSEAD.",
        "Just finished my first term at Durham and I'm shattered.",
        "Completed my second year at the LSE, loving it.",
    ],
)
def test_a_degree_being_done_or_a_part_of_it_ends_nothing(text: str) -> None:
    assert "end" not in kinds_of(text, "studies at")


@pytest.mark.parametrize(
    ("text", "held", "left"),
    [
        ("Two years since I swapped Munich for Vienna.", "Vienna", "Munich"),
        ("I've swapped Croydon for Hampstead.", "Hampstead", "Croydon"),
    ],
)
def test_a_swap_counted_from_keeps_the_new_home(text: str, held: str, left: str) -> None:
    assert facts(text, "lives in") == {(held, "assert"), (left, "end")}


@pytest.mark.parametrize(
    "text", ["I quit my apprenticeship at Rolls-Royce.", "Packed in my internship at Arup."]
)
def test_an_apprenticeship_or_internship_left_ends_the_employer(text: str) -> None:
    assert kinds_of(text, "works at") == {"end"}


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("just got fired from chipotle lmao was a shift lead there like 2 yrs", "shift lead"),
        (
            "got laid off frm target yestrday and idk wat to do now, been a cashier there 4 yrs",
            "cashier",
        ),
        ("I was let go by Lufthansa as a flight attendant in the spring.", "flight attendant"),
        ("Banfield hired me as a receptionist and fired me three months later.", "receptionist"),
        (
            "The Stadtwerke München laid me off in the spring, after a decade there as an"
            " electrician.",
            "electrician",
        ),
    ],
)
def test_a_title_held_where_the_job_was_lost_has_ended(text: str, title: str) -> None:
    assert facts(text, "job title") == {(title, "end")}


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I got fired from Tesco, now I'm a barista at Costa.", "barista"),
        ("I got fired from Tesco and started as a barista at Costa.", "barista"),
        ("They fired my manager, I'm still a cashier at Aldi.", "cashier"),
        (
            "I was laid off by Farfetch in the spring and have been freelancing as a stylist.",
            "stylist",
        ),
        (
            "Hawaiian Airlines laid me off in 2023 and the Honolulu Zoo picked me up as a keeper.",
            "keeper",
        ),
    ],
)
def test_a_title_taken_up_or_held_now_beside_a_lost_job_holds(text: str, title: str) -> None:
    assert facts(text, "job title") == {(title, "assert")}


def test_a_title_in_a_clause_of_its_own_after_a_loss_is_the_next_job() -> None:
    text = (
        "I was let go by Meta in the last round of layoffs, so these days I'm freelancing as"
        " a copywriter."
    )
    assert facts(text, "job title") == {("copywriter", "assert")}


@pytest.mark.parametrize(
    ("text", "relation", "value"),
    [
        (
            "no swell all summer so i finally sold my longboard lol, surfing era officially over",
            "hobby",
            "surfing",
        ),
        ("my crossfit days are over", "hobby", "crossfit"),
        (
            "welp, my hamster didn't make it through the winter, first pet i had here too",
            "has pet",
            "hamster",
        ),
    ],
)
def test_an_era_over_or_a_pet_that_did_not_make_it_has_ended(
    text: str, relation: str, value: str
) -> None:
    assert (value, "end") in facts(text, relation)


@pytest.mark.parametrize(
    ("text", "relation", "value"),
    [
        ("My crossfit days are the best days.", "hobby", "crossfit"),
        ("My dog didn't make it to the vet in time but he's fine now.", "has pet", "dog"),
    ],
)
def test_days_not_over_or_a_pet_that_made_it_hold(text: str, relation: str, value: str) -> None:
    assert (value, "end") not in facts(text, relation)


def test_a_time_into_something_is_a_moment_not_a_span_that_ended() -> None:
    text = "I was dumped by my boyfriend Luis two weeks into my volunteering placement."
    assert facts(text, "relationship status") == {("single", "assert")}
    assert facts("I was married to Akua ten years.", "relationship status") == {("married", "end")}


def test_a_pet_that_passed_with_an_aside_after_a_comma_died() -> None:
    text = "Our old spaniel Dougal passed last week, right in the middle of my marking."
    assert facts(text, "has pet") == {("spaniel", "end")}
