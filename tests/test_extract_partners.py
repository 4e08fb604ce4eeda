"""A named partner and the status their word says (tem.extract.partners), read whole."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor

EXTRACTOR = OfflineExtractor()


def triples(text: str) -> set[tuple[str, str, str | None, str]]:
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    return {(f.subject, f.relation, f.value, f.kind) for f in EXTRACTOR.extract(session)}


@pytest.mark.parametrize(
    ("text", "partner", "status"),
    [
        ("Our household: me, my wife Layla, three cats and a canary.", "Layla", "married"),
        ("My wife's name is Karin.", "Karin", "married"),
        ("Deniz, my girlfriend, moved in with me last month.", "Deniz", "in a relationship"),
        ("Tied the knot with Daniel in April!", "Daniel", "married"),
        ("My wife Soo-ah and I run a tiny café.", "Soo-ah", "married"),
        ("My partner Joana and I run a little café in Coimbra.", "Joana", "in a relationship"),
        # the parser reads the name as a second subject: the partner word still names it
        (
            "my boyfriend Daniel is doing a road trip with me next month",
            "Daniel",
            "in a relationship",
        ),
        # a name beside the partner word is taken as given, whatever its clause does
        ("My husband Jae-won will bring me in on Thursday.", "Jae-won", "married"),
        ("My fiancé Idris will call to confirm.", "Idris", "engaged"),
        ("any ideas before my husband Rupert completely loses the plot?", "Rupert", "married"),
        # one name the tagger took for a firm
        ("My missus Rhiannon will let you in to look at the boiler.", "Rhiannon", "married"),
    ],
)
def test_a_named_partner_brings_the_status_their_word_says(
    text: str, partner: str, status: str
) -> None:
    found = triples(text)
    assert ("Ana", "partner", partner, "assert") in found
    assert ("Ana", "relationship status", status, "assert") in found


def test_a_gerund_is_no_shorthand_for_i() -> None:
    assert not triples("Supporting each other and making good things happen is inspiring!")


def test_a_turn_without_i_states_only_what_its_subjectless_clause_says() -> None:
    assert triples("Sarah moved to Austin with her husband.") <= {
        ("Sarah", "lives in", "Austin", "assert")
    }
    assert ("Ana", "lives in", "Austin", "assert") in triples("Moved to Austin last spring.")


@pytest.mark.parametrize(
    ("text", "partner", "status"),
    [
        ("My ex-wife Sara lives in Oslo.", "Sara", "divorced"),
        ("My late husband Tomas loved Porto.", "Tomas", "widowed"),
    ],
)
def test_a_former_partner_is_one_no_longer(text: str, partner: str, status: str) -> None:
    found = triples(text)
    assert ("Ana", "partner", partner, "assert") not in found
    assert {v for _, r, v, _ in found if r == "relationship status"} <= {status}


def test_an_ending_in_the_sentence_outranks_the_couple_it_ends() -> None:
    statuses = {
        v
        for _, r, v, _ in triples("broke up with my girlfriend Megan last week")
        if r == "relationship status"
    }
    assert statuses == {"single"}


def test_an_emoji_is_no_partner() -> None:
    found = triples("ok so update: Priya and I broke up 💔 so that's fun")
    assert all(v != "💔" for _, _, v, _ in found)


def test_a_business_partner_says_no_status() -> None:
    assert not {
        t
        for t in triples("My business partner Tom and I run a café.")
        if t[1] == "relationship status"
    }


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("My husband reckons the van needs a new clutch.", "married"),
        ("My partner swears the kitchen smells like a brewery.", "in a relationship"),
        ("got my nose pierced and my boyfriend Aarav hasn't even noticed yet", "in a relationship"),
    ],
)
def test_the_speakers_partner_word_says_the_status_named_or_not(text: str, status: str) -> None:
    assert ("Ana", "relationship status", status, "assert") in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "Rodrigo is NOT my boyfriend, he's my cousin.",
        "Things I've quit this year: my toxic boyfriend Brian and late-night TikTok.",
        "My sister's husband reckons the van needs a new clutch.",
    ],
)
def test_a_partner_word_denied_ended_or_someone_elses_says_no_couple(text: str) -> None:
    coupled = {"married", "dating", "engaged", "in a relationship"}
    assert not {t for t in triples(text) if t[1] == "relationship status" and t[2] in coupled}


@pytest.mark.parametrize(
    ("text", "married"),
    [
        ("Me and the missus are off to Galway for the weekend.", True),
        ("Working all Saturday, then the wife wants me to paint the shed.", True),
        ("Me husband Liam reckons the car needs a service.", True),
        ("The wife of my boss runs the bakery.", False),  # someone else's wife
        ("The husband in that film was awful.", False),  # no "I": not the speaker's
        # a word no one uses of a stranger, beside "we"
        ("just moved to tumbler ridge, the hubby's on the coal trains so here we are", True),
        ("The husband was arrested and we watched it on TV.", False),
    ],
)
def test_the_spouse_said_without_my_is_the_speakers_own(text: str, married: bool) -> None:
    assert (("Ana", "relationship status", "married", "assert") in triples(text)) is married


def test_the_rules_read_the_partner_one_is_married_or_engaged_to() -> None:
    rules = OfflineExtractor(learned=False)
    text = "I'm engaged to a lovely guy called Tomasz."
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    found = {(f.relation, f.value) for f in rules.extract(session)}
    assert {("partner", "Tomasz"), ("relationship status", "engaged")} <= found


@pytest.mark.parametrize(
    "text",
    [
        "Me and Aoibhinn got hitched in Galway last month.",
        "Been hitched to Aoibhinn for years.",
    ],
)
def test_hitched_is_married(text: str) -> None:
    rules = OfflineExtractor(learned=False)
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    found = {(f.relation, f.value) for f in rules.extract(session)}
    assert {("partner", "Aoibhinn"), ("relationship status", "married")} <= found


def test_a_partner_word_read_as_an_adjective_of_the_name_is_the_partner() -> None:
    rules = OfflineExtractor(learned=False)
    text = "My fiancée Ishita reckons I work too much."
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    found = {(f.relation, f.value) for f in rules.extract(session)}
    assert {("partner", "Ishita"), ("relationship status", "engaged")} <= found


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("My husband Saul passed away two years ago.", "Saul"),
        ("I lost my wife Mary to cancer in 2020.", "Mary"),
    ],
)
def test_a_partner_who_died_is_one_no_longer_and_the_speaker_is_widowed(
    text: str, partner: str
) -> None:
    found = triples(text)
    assert ("Ana", "partner", partner, "end") in found
    assert ("Ana", "relationship status", "widowed", "assert") in found
    assert ("Ana", "relationship status", "married", "assert") not in found


@pytest.mark.parametrize(
    "text",
    [
        "My husband Tom lost his job.",  # he lost something: he lives
        "My wife Ana passed her driving test.",
        "If my wife Ana died I'd be lost.",  # not so
    ],
)
def test_a_partner_who_lost_or_passed_something_is_still_the_partner(text: str) -> None:
    assert ("Ana", "relationship status", "widowed", "assert") not in triples(text)
    assert not any(r == "partner" and k == "end" for _, r, _, k in triples(text))


def test_a_name_after_married_to_that_the_parser_read_as_a_verb_is_the_partner() -> None:
    text = "I've been married to Layla for eleven years now and she still laughs at my jokes."
    assert ("Ana", "partner", "Layla", "assert") in triples(text)


@pytest.mark.parametrize(
    "text", ["wifey Imani made me breakfast in bed", "hubby's snoring again so I'm up texting u"]
)
def test_a_fond_spouse_word_said_bare_is_the_speakers_own(text: str) -> None:
    assert ("Ana", "relationship status", "married", "assert") in triples(text)


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("my husbnd dariush burned the tahdig again", "married"),
        ("cant come tonite my boyfrend yusuf is sick", "in a relationship"),
    ],
)
def test_a_misspelt_partner_word_says_its_status(text: str, status: str) -> None:
    assert ("Ana", "relationship status", status, "assert") in triples(text)


@pytest.mark.parametrize(
    "text", ["My new hobby is woodworking.", "My best friend is studying dentistry in Cairo."]
)
def test_a_word_close_to_a_partner_word_is_no_typo_of_it(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "relationship status"}


@pytest.mark.parametrize(
    "text",
    ["broke up wth my gf jess yesterday dont wanna talk bout it", "my gf zofia broke up w me"],
)
def test_a_couple_broken_up_leaves_the_speaker_single(text: str) -> None:
    assert ("Ana", "relationship status", "single", "assert") in triples(text)


def test_moving_in_with_a_partner_leaves_no_one_single() -> None:
    found = triples("sooo... moved in w/ my gf Clara in Valencia")
    assert ("Ana", "relationship status", "single", "assert") not in found


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("We're not married, but me and Saoirse have been together eight years.", "Saoirse"),
        ("me n thandi have been together 3 yrs now", "Thandi"),
        ("I've been going out with Isla since sixth form.", "Isla"),
        ("Me and Natasha have been going steady for three years now.", "Natasha"),
        ("We're not married yet but we've been together for three years.", None),
        ("me and Vale are official now hehe", "Vale"),
        ("Me and Dev are officially a thing.", "Dev"),
        ("Chloe and I are officially together.", "Chloe"),
    ],
)
def test_a_couple_that_lasts_is_in_a_relationship(text: str, partner: str | None) -> None:
    found = triples(text)
    assert ("Ana", "relationship status", "in a relationship", "assert") in found
    if partner is not None:
        assert ("Ana", "partner", partner, "assert") in found


@pytest.mark.parametrize(
    "text",
    [
        "We're in this together!",
        "Glad we can be on this trip together.",
        "Yesterday I went out with my friends and had a bit too much to drink.",
        "Tom and Priya have been together for years.",  # a couple without the speaker
        "We should get together sometime this year.",
        "I'm due to start at Pfizer in September, not official yet though.",
        "That's a thing now.",
    ],
)
def test_together_without_a_lasting_couple_says_no_status(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "relationship status"}


@pytest.mark.parametrize(
    "text",
    [
        "I was married to Henrik for twenty years until he died last spring.",
        "I was married to Ingrid for twenty years before she passed.",
    ],
)
def test_a_marriage_ended_by_a_death_is_widowhood(text: str) -> None:
    found = triples(text)
    assert ("Ana", "relationship status", "widowed", "assert") in found
    assert ("Ana", "relationship status", "married", "end") not in found


def test_a_marriage_ended_otherwise_is_no_widowhood() -> None:
    found = triples("I was married to Tom for ten years until we divorced.")
    assert ("Ana", "relationship status", "widowed", "assert") not in found


def test_moving_in_with_a_partner_in_a_city_named_split_is_no_split() -> None:
    found = triples("i moved out of zagreb n in with my gf marija in split")
    assert ("Ana", "partner", "Marija", "assert") in found
    assert ("Ana", "relationship status", "in a relationship", "assert") in found
    assert ("Ana", "relationship status", "single", "assert") not in found


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("My girlfriend Nadine moved out of our place last month, so I'm single now.", "Nadine"),
        ("I'm a widow — my husband Ibrahim passed in 2020 — and I live alone in Kano.", "Ibrahim"),
    ],
)
def test_a_partner_named_beside_the_partner_word_ends_with_the_couple(
    text: str, partner: str
) -> None:
    found = triples(text)
    assert ("Ana", "partner", partner, "end") in found
    assert ("Ana", "partner", partner, "assert") not in found


def test_a_partner_met_after_the_end_holds() -> None:
    found = triples(
        "I was widowed in 2015 and was introduced to Frank by a friend at church; "
        "we've been courting ever since."
    )
    assert ("Ana", "partner", "Frank", "end") not in found


@pytest.mark.parametrize(
    ("text", "partner", "status"),
    [
        ("my wife salma will drop the cat of on tuesdays she has a key", "Salma", "married"),
        ("my prometido luis and i r finally in san juan", "Luis", "engaged"),
        ("my bf otieno drives me every morning bless him", "Otieno", "in a relationship"),
    ],
)
def test_a_name_typed_in_lowercase_after_the_partner_word_is_the_partner(
    text: str, partner: str, status: str
) -> None:
    found = triples(text)
    assert ("Ana", "partner", partner, "assert") in found
    assert ("Ana", "relationship status", status, "assert") in found


def test_a_chat_word_after_the_partner_word_is_no_name() -> None:
    assert not {v for _, r, v, _ in triples("my gf lol is mad at me") if r == "partner"}


def test_dropping_anchor_together_is_no_ending() -> None:
    found = triples("Me and Keoni finally dropped anchor together, we're engaged!")
    assert ("Ana", "partner", "Keoni", "end") not in found


def test_the_partner_a_widowed_speaker_names_has_ended() -> None:
    found = triples(
        "I was widowed two years ago; Arne and I had been married for thirty-one years."
    )
    assert ("Ana", "partner", "Arne", "end") in found
    assert ("Ana", "partner", "Arne", "assert") not in found


def test_a_new_partner_a_widowed_speaker_is_courting_holds() -> None:
    found = triples(
        "I was widowed in 2015 and was introduced to Frank at church; we've been courting."
    )
    assert ("Ana", "partner", "Frank", "end") not in found


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("my wife layla and i are looking for a flat near the metro", "Layla"),
        ("my wife tamsin draggd me to tango classes", "Tamsin"),
    ],
)
def test_a_lowercase_name_read_as_a_verb_is_the_partner(text: str, partner: str) -> None:
    assert ("Ana", "partner", partner, "assert") in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "my gf took the train up to surprise me",
        "the wifey got me hooked on pickleball",
        "my bf gonna visit this weekend",
    ],
)
def test_a_verb_after_the_partner_word_is_no_name(text: str) -> None:
    assert not {v for _, r, v, _ in triples(text) if r == "partner"}
