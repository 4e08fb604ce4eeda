"""Lists under a heading: the heading's noun types every item; "now" marks the present."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from tem.extract.headings import heading_candidates
from tem.extract.nlp import load_pipeline
from tem.extract.triggers import may_state_fact


def _facts(text: str) -> set[tuple[str, str | None, str]]:
    found: set[tuple[str, str | None, str]] = set()
    before: Any = None
    for sentence in load_pipeline()(text).sents:
        listed = heading_candidates(sentence, before, "Ana")
        found |= {(c.relation, c.value, c.kind) for c in listed}
        before = sentence
    return found


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("Languages I speak: Urdu, English, Arabic and a bit of Pashto.",
         {("speaks", v, "assert") for v in ("Urdu", "English", "Arabic", "Pashto")}),
        # a clause the heading adds by the way says nothing of whose the items are
        ("My hobbies, ranked by how much money they eat: scuba diving, photography, and chess.",
         {("hobby", v, "assert") for v in ("scuba diving", "photography", "chess")}),
        ("Hobbies, since the form asks: trail running, birdwatching, and restoring old Volvos.",
         {("hobby", v, "assert")
          for v in ("trail running", "birdwatching", "restoring old Volvos")}),
        ("Hobbies? Climbing, sourdough, birdwatching and the occasional jigsaw.",
         {("hobby", v, "assert") for v in ("Climbing", "sourdough", "birdwatching", "jigsaw")}),
        ("Instruments I play: guitar, charango, and a very bad harmonica.",
         {("hobby", f"playing {v}", "assert") for v in ("guitar", "charango", "harmonica")}),
        ("My daily drinks: bissap, attaya after lunch, and bouye when I can find it.",
         {("favorite drink", v, "assert") for v in ("bissap", "attaya", "bouye")}),
        ("My pets: Pixel the cat, Byte the gecko and Cache the ferret.",
         {("has pet", v, "assert") for v in ("cat", "gecko", "ferret")}),
        # One home, job or school at a time: "now" is current, the others ended.
        ("Places I've lived: Kochi, Bangalore, and now Toronto.",
         {("lives in", "Kochi", "end"), ("lives in", "Bangalore", "end"),
          ("lives in", "Toronto", "assert")}),
        # a home called home; the present marked by how long it has lasted
        ("Places I've called home: Jaipur, Dubai, and for the last two years, Calgary.",
         {("lives in", "Jaipur", "end"), ("lives in", "Dubai", "end"),
          ("lives in", "Calgary", "assert")}),
        ("Jobs so far: waitress at Denny's, and now paralegal at Morgan & Finch.",
         {("job title", "waitress", "end"), ("works at", "Denny's", "end"),
          ("job title", "paralegal", "assert"), ("works at", "Morgan & Finch", "assert")}),
        ("Degrees: BSc from Manipal, MBA from ISB, and now a PhD at Stanford.",
         {("studies at", "Manipal", "end"), ("studies at", "ISB", "end"),
          ("studies at", "Stanford", "assert")}),
        # A heading that says its items are gone: every one ended.
        ("Past jobs: lifeguard, line cook and bank teller.",
         {("job title", v, "end") for v in ("lifeguard", "line cook", "bank teller")}),
        ("My former pets: a hamster, two goldfish and a rabbit.",
         {("has pet", v, "end") for v in ("hamster", "goldfish", "rabbit")}),
        # Held at once, as the heading says.
        ("I hold two jobs: lifeguard at Bondi Icebergs and swim coach for the under-12s.",
         {("job title", "lifeguard", "assert"), ("works at", "Bondi Icebergs", "assert"),
          ("job title", "swim coach", "assert")}),
        # Free time lists pastimes among other things: the activities are hobbies.
        ("My weekends: pottery, trail running, and way too much ginger beer.",
         {("hobby", "pottery", "assert"), ("hobby", "trail running", "assert")}),
        ("Things I do for fun: orienteering, brewing my own beer, and woodcarving.",
         {("hobby", "orienteering", "assert"), ("hobby", "woodcarving", "assert")}),
    ],
)  # fmt: skip
def test_a_heading_types_its_items(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == facts
    assert may_state_fact(text)


@pytest.mark.parametrize(
    "text",
    [
        "My sister's hobbies: knitting, running and chess.",  # someone else's
        "Languages my dad speaks: Urdu, English and Pashto.",
        "Languages I want to learn: Hindi, Korean and Thai.",  # not a verb of having
        "Drinks I can't stand: kombucha, Red Bull and tonic.",  # negated
        "Places I've visited: Rome, Paris and Oslo.",  # trips, not homes
        "Cities I've lived in: Rome, Paris and Oslo.",  # a history with no present
        "Hobbies: chess.",  # one item is no list
        "Weekend routine: surf at dawn, espresso on the porch, ukulele till sunset.",
        "Weekend in Nashville: three honky-tonks, one line dancing class, zero regrets.",  # a trip
    ],
)
def test_a_heading_about_no_one_or_nothing_held_gives_nothing(text: str) -> None:
    assert _facts(text) == set()


def _extracted(text: str) -> set[tuple[str, str | None, str]]:
    """The facts the whole extractor (rules, span model, headings) reads in ``text``."""
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    return {(f.relation, f.value, f.kind) for f in OfflineExtractor().extract(session)}


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("Places I've lived: Nairobi, then Kampala, now Kigali.",
         {("lives in", "Nairobi", "end"), ("lives in", "Kampala", "end"),
          ("lives in", "Kigali", "assert")}),
        ("Roles I've had at Unilever: intern, brand assistant, and now marketing manager.",
         {("works at", "Unilever", "assert"), ("job title", "intern", "end"),
          ("job title", "brand assistant", "end"), ("job title", "marketing manager", "assert")}),
    ],
)  # fmt: skip
def test_a_history_ends_its_items_whoever_read_them(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    """The rules and the span model read the items too; the heading's history decides
    which of them ended."""
    assert _extracted(text) == facts


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("Quick intro since you asked: software tester at Ocado, living in Hatfield.",
         {("job title", "software tester", "assert"), ("works at", "Ocado", "assert"),
          ("lives in", "Hatfield", "assert")}),
        ("My week: three days as a florist and Saturdays are for salsa dancing.",
         {("job title", "florist", "assert"), ("hobby", "salsa dancing", "assert")}),
        ("Stuff I quit in 2024: smoking, energy drinks, and my job at Careem.",
         {("favorite drink", "energy drinks", "end"), ("works at", "Careem", "end")}),
        # an ending said in a clause of its own ("since ...") ends none of the items
        ("Since I left Lagos I've done it all: moved to Toronto, enrolled at Seneca College.",
         {("lives in", "Lagos", "end"), ("lives in", "Toronto", "assert"),
          ("studies at", "Seneca College", "assert")}),
        # a drink among the items, which no verb of its own names, was given up too
        ("Things I quit this year: coffee, Twitter, and my job at Snapp.",
         {("favorite drink", "coffee", "end"), ("works at", "Snapp", "end")}),
    ],
)  # fmt: skip
def test_what_follows_a_colon_is_read_on_its_own_with_its_heading(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    """Fragments after a colon are parsed apart from the heading (whose "you asked" is
    no subject of theirs); the heading still says whose they are and what ended."""
    assert _extracted(text) == facts


def test_words_beside_the_heading_noun_say_nothing_of_whose_the_items_are() -> None:
    text = "Hobbies, in order of how much money they cost me: cycling, photography, fly fishing."
    assert _facts(text) == {
        ("hobby", v, "assert") for v in ("cycling", "photography", "fly fishing")
    }


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("Ex-jobs: waiter, bartender, tour guide.",
         {("job title", "waiter", "end"), ("job title", "bartender", "end"),
          ("job title", "tour guide", "end")}),
        # the items stop at a dash: what follows it is a clause of its own
        ("Past jobs: miner, security guard, taxi driver — now I'm a paramedic.",
         {("job title", "miner", "end"), ("job title", "security guard", "end"),
          ("job title", "taxi driver", "end"), ("job title", "paramedic", "assert")}),
        # a listed place alone among the items was left
        ("Things I've quit this year: smoking, Red Bull, and Dublin itself.",
         {("favorite drink", "Red Bull", "end"), ("lives in", "Dublin", "end")}),
        ("Before: Oslo, DNB, marathon running.", {("lives in", "Oslo", "end")}),
        ("Not part of my life anymore: my degree at Jagiellonian, my relationship with Piotr.",
         {("studies at", "Jagiellonian", "end"), ("partner", "Piotr", "end")}),
        # things that came to an end
        ("Things that ended this year: my job at Santander, and my Sunday golf.",
         {("works at", "Santander", "end"), ("hobby", "golf", "end")}),
        # what the heading's noun held before something
        ("My hobbies before uni: running, baking, painting. My hobbies now: sleeping.",
         {("hobby", "running", "end"), ("hobby", "baking", "end"),
          ("hobby", "painting", "end")}),
    ],
)  # fmt: skip
def test_a_bygone_heading_ends_its_items(text: str, facts: set[tuple[str, str, str]]) -> None:
    """A heading whose first word is bygone ("Ex-", "Past", "Before") or that says "not
    ... anymore" ends every item after it, whoever read the item."""
    found = _extracted(text)
    assert facts <= found
    assert all(kind == "end" for _, _, kind in found - facts)  # the model's extra items too


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # a time, not a bygone: what was joined holds
        ("Past year in a nutshell: left Rakuten, joined Mercari.",
         ("works at", "Mercari", "assert")),
        # a hyphen inside an item is no dash that closes the list
        ("Things I've quit this year: Coca-Cola and my job at Deutsche Bahn.",
         ("works at", "Deutsche Bahn", "end")),
    ],
)  # fmt: skip
def test_a_heading_of_time_or_a_hyphen_ends_only_what_it_says(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in _extracted(text)


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("Hobbies I've picked up this year: pottery, chess and sailing.",
         {("hobby", v, "assert") for v in ("pottery", "chess", "sailing")}),
        ("Languages I've learned: Urdu, French and Swahili.",
         {("speaks", v, "assert") for v in ("Urdu", "French", "Swahili")}),
        ("Jobs I've quit: barista, cashier and nanny.",
         {("job title", v, "end") for v in ("barista", "cashier", "nanny")}),
        ("Jobs I've quit this year: Costco, a call centre, and the Apple Store.",
         {("works at", "Costco", "end"), ("works at", "Apple Store", "end")}),
    ],
)  # fmt: skip
def test_a_heading_of_items_taken_up_or_ended(text: str, facts: set[tuple[str, str, str]]) -> None:
    """Items taken up are held now; items quit ended; a place of work under "jobs" is no
    job title ("a call centre"), a named one an employer left."""
    assert _facts(text) == facts


@pytest.mark.parametrize(
    "text",
    [
        "Jobs my brother has had: welder, plumber and chef.",
        "Hobbies I might pick up: pottery, chess and sailing.",
        "Languages I want to learn: Spanish, Korean and Greek.",
        "Drinks I can't stand: kombucha, espresso and gin.",
    ],
)
def test_items_under_a_heading_of_anothers_or_of_a_wish_are_not_the_speakers(text: str) -> None:
    """Whoever reads the items (rules or the span model), the heading says they are
    someone else's or only wished for, doubted or denied."""
    assert _extracted(text) == set()


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Drinks I can't live without: kombucha, espresso and gin.",
         ("favorite drink", "espresso", "assert")),
        ("Drinks I'd die for: horchata, espresso and gin.",
         ("favorite drink", "espresso", "assert")),
        ("Languages I can speak: Spanish, Korean and Greek.", ("speaks", "Korean", "assert")),
        ("Hobbies my wife and I share: pottery, chess and sailing.",
         ("hobby", "playing chess", "assert")),
        ("Answering your earlier q: yes, still in Izmir, still an English teacher.",
         ("lives in", "Izmir", "assert")),
    ],
)  # fmt: skip
def test_a_heading_that_holds_its_items_keeps_them(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _extracted(text)


def test_a_routines_pastime_doings_are_pastimes_its_chores_are_none() -> None:
    found = _facts("Weekly routine: swimming at Ilkley Lido, knitting on the bus, and gardening.")
    assert {v for r, v, k in found if r == "hobby"} >= {"swimming", "knitting"}
    chores = _facts("My daily routine: walking the dog, cooking dinner, emails.")
    assert not {v for r, v, k in chores if r == "hobby"} & {
        "walking the dog",
        "cooking dinner",
        "emails",
    }


def test_a_heading_of_goodbyes_ends_its_items() -> None:
    from tests.test_extract_rules import triples

    found = triples(
        "Things I've said goodbye to this year: my flat in Fremantle, my job at Bunnings."
    )
    assert ("Maria", "works at", "Bunnings", "end") in found
    assert ("Maria", "lives in", "Fremantle", "end") in found
    assert ("Maria", "works at", "Bunnings", "assert") not in found


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("Things I've had to give up since the surgery: cigars, gin, and rowing.",
         {("favorite drink", "gin"), ("hobby", "rowing")}),
        ("Drinks I've cut since January: lager, bourbon, and cola.",
         {("favorite drink", "lager"), ("favorite drink", "bourbon"), ("favorite drink", "cola")}),
        ("Sports I've quit since my knee went: squash, fencing, and trail running.",
         {("hobby", "squash"), ("hobby", "fencing"), ("hobby", "trail running")}),
    ],
)  # fmt: skip
def test_a_heading_of_things_cut_or_had_to_give_up_ends_every_item(
    text: str, ended: set[tuple[str, str]]
) -> None:
    """A heading's verb may be "cut (out)" or an obligation ("had to give up"); every item
    ends, those the span model read as held too, and under "Sports" squash is the sport."""
    found = _extracted(text)
    assert {(r, v) for r, v, k in found if k == "end"} >= ended
    assert not {(r, v) for r, v, k in found if k == "assert"} & ended
    assert ("favorite drink", "squash", "end") not in found


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("Employers so far: Bosch, the Fraunhofer Institute, and currently Siemens Energy.",
         {("works at", "Bosch", "end"), ("works at", "Fraunhofer Institute", "end"),
          ("works at", "Siemens Energy", "assert")}),
        ("Places I've worked: Zara, H&M, and now Mango, where I'm a visual merchandiser.",
         {("works at", "Zara", "end"), ("works at", "H&M", "end"),
          ("works at", "Mango", "assert")}),
        ("Where I've worked: Bosch for 22 years, then BASF, and now the Stadtbibliothek.",
         {("works at", "Bosch", "end"), ("works at", "BASF", "end"),
          ("works at", "Stadtbibliothek", "assert")}),
        ("Universities I've been enrolled at: Tehran, Uppsala, and now Lund for the doctorate.",
         {("studies at", "Tehran", "end"), ("studies at", "Uppsala", "end"),
          ("studies at", "Lund", "assert")}),
        ("Where I've studied: Università di Bologna for nursing, then a master's at Sapienza,"
         " and now a PhD at King's.",
         {("studies at", "Università di Bologna", "end"), ("studies at", "Sapienza", "end"),
          ("studies at", "King's", "assert")}),
    ],
)  # fmt: skip
def test_a_history_of_employers_or_schools_ends_all_but_the_present(
    text: str, facts: set[tuple[str, str, str]]
) -> None:
    """ "Employers", "places I've worked", "universities I've been enrolled at": one held
    now (the item marked "now" or "currently"), the others ended; a clause after an item
    ("where I'm ...") is no item."""
    found = _extracted(text)
    assert found >= facts
    assert not {(r, v, "assert") for r, v, k in facts if k == "end"} & found
    assert ("works at", "I", "end") not in found


@pytest.mark.parametrize(
    ("text", "ended", "held"),
    [
        ("Jobs I've had: lifeguard, barista, and now park ranger at Yosemite.",
         {("job title", "lifeguard"), ("job title", "barista")},
         {("job title", "park ranger"), ("works at", "Yosemite")}),
        ("Jobs I've had and dropped this decade: bike courier, flight attendant at Lufthansa.",
         {("job title", "bike courier"), ("job title", "flight attendant"),
          ("works at", "Lufthansa")}, set()),
        ("What I've sacrificed for the thesis: coffee, tennis and salsa dancing.",
         {("favorite drink", "coffee"), ("hobby", "tennis"), ("hobby", "salsa dancing")}, set()),
        ("Jobs I've had: barista, dog walker, and now junior copywriter at Ogilvy.",
         {("job title", "barista"), ("job title", "dog walker")},
         {("job title", "junior copywriter"), ("works at", "Ogilvy")}),
    ],
)  # fmt: skip
def test_a_heading_of_jobs_reads_titles_whole_and_ends_those_left(
    text: str, ended: set[tuple[str, str]], held: set[tuple[str, str]]
) -> None:
    """A lowercase job the tagger took for a name ("lifeguard") is a title, not an employer;
    a heading verb joined to another ("had and dropped") or "sacrificed" ends the items;
    a title is read whole ("junior copywriter", never "copywriter" beside it)."""
    found = _extracted(text)
    assert {(r, v) for r, v, k in found if k == "end"} >= ended
    assert {(r, v) for r, v, k in found if k == "assert"} == held
    assert not {v for r, v, k in found if r == "works at"} & {"lifeguard", "barista"}


def test_a_lowercase_message_keeps_its_names() -> None:
    found = _extracted("jobs ive had: ikea, costa and now tesco")
    assert ("works at", "Tesco", "assert") in found
    assert not {v for r, v, k in found if r == "job title"}


def test_an_ending_heading_keeps_its_items_past_an_aside_and_ends_a_couple() -> None:
    """A clause in brackets is no clause of the list's own ("my cat (she lives with my mum
    now)"); a partner's word among the items ends the couple's status."""
    found = _extracted(
        "What I gave up when we moved to Baku: my job at Turkish Airlines, my pottery class,"
        " and my cat (she lives with my mum now)."
    )
    assert {("works at", "Turkish Airlines", "end"), ("has pet", "cat", "end")} <= found
    assert ("works at", "Turkish Airlines", "assert") not in found
    couple = _extracted(
        "I gave up three things this year: my job at Aviva, red wine, and my husband."
    )
    assert ("relationship status", "married", "end") in couple
    assert ("relationship status", "married", "assert") not in couple


def test_the_end_things_were_given_up_for_is_no_noun_of_the_heading() -> None:
    """ "for my degree" says why, not what the items are: no school among them."""
    found = _extracted(
        "Things I gave up for my degree: beer, my PlayStation, and my job at Toyota."
    )
    assert {("favorite drink", "beer", "end"), ("works at", "Toyota", "end")} <= found
    assert not any(relation == "studies at" for relation, _, _ in found)
    fun = _extracted("Things I do for fun: chess and baking.")  # "for fun" is the heading's
    assert {("hobby", "playing chess", "assert"), ("hobby", "baking", "assert")} <= fun


@pytest.mark.parametrize(
    ("text", "hobby"),
    [
        ("Free time: chess, bouldering and reading.", "bouldering"),
        ("My days off are for three things: hiking in the Carpathians and baking.", "hiking"),
    ],
)
def test_a_heading_of_time_free_of_work_lists_pastimes(text: str, hobby: str) -> None:
    assert ("hobby", hobby, "assert") in _extracted(text)


def test_a_heading_of_a_day_lists_no_pastimes() -> None:
    assert _extracted("My day: meetings, emails, gym.") == set()


def test_a_heading_noun_that_is_its_verbs_subject_needs_what_it_is_for() -> None:
    """ "My weekends are always the same: ..., losing at poker" lists a routine's doings,
    not a heading's pastimes ("My weekends are for three things:" does)."""
    found = _extracted(
        "My weekends are always the same: cycling, woodworking, and losing at poker."
    )
    assert ("hobby", "losing", "assert") not in found


def test_items_held_before_something_under_a_heading_with_a_verb_ended() -> None:
    found = _facts("Jobs I had before this one: waiter, tour guide, and bartender.")
    assert {("job title", "waiter", "end"), ("job title", "tour guide", "end")} <= found
    assert not {f for f in found if f[2] == "assert"}


def test_a_place_the_tagger_took_for_a_plural_at_an_items_start_is_a_name() -> None:
    found = _facts("Places I've lived this year: Leeds, Cornwall, and now Bath.")
    assert ("lives in", "Leeds", "end") in found
    assert ("lives in", "Bath", "assert") in found


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Gave up this year: the Wednesday night sailing, gin, and my flat in Lerwick.",
         ("favorite drink", "gin", "end")),
        ("Jobs I've walked away from on this coast: deckhand, net mender, and ferry cashier.",
         ("job title", "deckhand", "end")),
        ("My titles at the surf shop before I quit: board repairer, cashier and surf instructor.",
         ("job title", "cashier", "end")),
        ("Places I've lived: Gdańsk, Hel, and now Sopot.", ("lives in", "Gdańsk", "end")),
    ],
)  # fmt: skip
def test_a_heading_of_leaving_with_no_subject_away_or_before_ends_its_items(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in _extracted(text)


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # a verb of time off heads the list; only an activity is a pastime
        (
            "Ways I unwind after a long session: fly fishing, woodcarving, a cold lager, and my"
            " two huskies.",
            {("hobby", "fly fishing", "assert"), ("hobby", "woodcarving", "assert")},
        ),
        (
            "How I relax after a shift: crocheting and pottery.",
            {("hobby", "crocheting", "assert"), ("hobby", "pottery", "assert")},
        ),
        ("Ways my brother unwinds: golf, darts and beer.", set()),  # his
        ("How I'd love to relax: surfing, sailing, yoga.", set()),  # a wish
    ],
)
def test_a_heading_of_unwinding_lists_pastimes(
    text: str, facts: set[tuple[str, str | None, str]]
) -> None:
    assert _facts(text) == facts
    assert may_state_fact(text) or not facts
