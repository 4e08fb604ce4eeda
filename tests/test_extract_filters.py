"""Which clause a hedge, a negation or a question reaches (``tem.extract.filters``).

The span model's proposals are given by hand (as in test_extract_learned.py), so these
tests check how far the guards of one clause reach into the next, not the model.
"""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from test_extract_learned import SESSION, added_by, facts_with

Fact = tuple[str, str, str, str]


@pytest.mark.parametrize(
    ("text", "value", "label", "fact"),
    [
        # a statement spliced to the next by a comma keeps its own word
        ("I'm a chemist at Sasol, you'd think I'd understand pressure by now.", "Sasol",
         "WORKS_AT", ("Ana", "works at", "Sasol", "assert")),
        ("I'm a pharmacist, so I'm not exactly rolling in it.", "pharmacist", "JOB_TITLE",
         ("Ana", "job title", "pharmacist", "assert")),
        ("Coffee? Nah, yerba mate is my lifeblood, I'm never without my gourd.", "yerba mate",
         "FAVORITE_DRINK", ("Ana", "favorite drink", "yerba mate", "assert")),
        # so is one the parser hung on the next as if subordinate, with no word for it
        ("Since last month I'm employed as a ski instructor by SkiStar Hemsedal, so the snow"
         " can't come fast enough.", "SkiStar Hemsedal", "WORKS_AT",
         ("Ana", "works at", "SkiStar Hemsedal", "assert")),
        # a clause with its "I" dropped, before a comma and another's statement
        ("My back thanks me. Still drinking way too much black coffee, some things never"
         " change.", "black coffee", "FAVORITE_DRINK",
         ("Ana", "favorite drink", "black coffee", "assert")),
        ("Had a proper natter in Welsh with the lady at the chippy tonight — nice to actually"
         " use it outside the house for once.", "Welsh", "SPEAKS",
         ("Ana", "speaks", "Welsh", "assert")),
        # a reason or a concession is asserted whatever its main clause says
        ("I can't explain it simply, even though I work at Access Bank.", "Access Bank",
         "WORKS_AT", ("Ana", "works at", "Access Bank", "assert")),
        ("I don't have the energy, since Deakin University made me a tutor.", "tutor",
         "JOB_TITLE", ("Ana", "job title", "tutor", "assert")),
        # after a dash, a new statement with its own subject
        ("Need gift advice for my team — I've been head of logistics at Maersk for a year.",
         "Maersk", "WORKS_AT", ("Ana", "works at", "Maersk", "assert")),
        # a question that starts after an emoji asks nothing of what came before
        ("welp. got laid off from Shopify today 🙃 anyone know good remote gigs?", "Shopify",
         "WORKS_AT_END", ("Ana", "works at", "Shopify", "end")),
        ("rugby training got cancelled so now idk what to do w my saturday, suggestions??",
         "rugby", "HOBBY", ("Ana", "hobby", "rugby", "assert")),
        ("I'm a dental hygienist, so I'm probably the wrong person to ask about sweets.",
         "dental hygienist", "JOB_TITLE", ("Ana", "job title", "dental hygienist", "assert")),
        # what the speaker thinks holds now is said
        ("i think im addicted to boba lol", "boba", "FAVORITE_DRINK",
         ("Ana", "favorite drink", "boba", "assert")),
        # a form that is also a past, with a time gone by or beside past verbs, is no order
        ("quit my job at bosch yesterday finally free", "bosch", "WORKS_AT_END",
         ("Ana", "works at", "bosch", "end")),
        ("Long story short: quit nursing at Guy's, moved to Brighton, started a business.",
         "Guy's", "WORKS_AT_END", ("Ana", "works at", "Guy's", "end")),
        # with no asking word, what follows ", so" is the question
        ("Unilag gives us tons of coursework, so a laptop with a long battery?",
         "Unilag", "STUDIES_AT", ("Ana", "studies at", "Unilag", "assert")),
        # "jumped ship" is leaving one employer for another
        ("I finally jumped ship from Infosys after nine years.", "Infosys", "WORKS_AT_END",
         ("Ana", "works at", "Infosys", "end")),
        # a role held under another's trade is the role
        ("I'm a plumber's apprentice, so I could fix it.", "plumber", "JOB_TITLE",
         ("Ana", "job title", "plumber's apprentice", "assert")),
        ("I've worn the chef's whites at Nobu since 2020, so trust me.", "chef", "JOB_TITLE",
         ("Ana", "job title", "chef", "assert")),  # clothes, not a role under a chef
        # a milestone reached is no period over
        ("me n my gf Rosa just hit 2 years!! taking her for ramen tonight", "Rosa", "PARTNER",
         ("Ana", "partner", "Rosa", "assert")),
        # chat's fond words for a partner, right before the name
        ("omw home to my girl Priya, wish me luck lol", "Priya", "PARTNER",
         ("Ana", "partner", "Priya", "assert")),
        ("My fella Darragh's after buying a coffee machine.", "Darragh", "PARTNER",
         ("Ana", "partner", "Darragh", "assert")),
        # whom one drives for is an employer, whatever the tagger takes the name for; a
        # job ended in one clause does not silence the next one told after "and"
        ("I was laid off by Ericsson in the spring and I've been driving for Foodora since.",
         "Foodora", "WORKS_AT", ("Ana", "works at", "Foodora", "assert")),
        # a condition that is another's, or a manner of speaking, or put after, holds
        ("If anyone needs a translator, I speak Farsi.", "Farsi", "SPEAKS",
         ("Ana", "speaks", "Farsi", "assert")),
        ("If I'm honest, I live on chai.", "chai", "FAVORITE_DRINK",
         ("Ana", "favorite drink", "chai", "assert")),
        ("me and my husbnd carlos just moved to albuquerque, idk if i should buy a car",
         "carlos", "PARTNER", ("Ana", "partner", "Carlos", "assert")),
        # a name the tagger read as a verb still ends with the clause that ends it
        ("I was let go by Spotify in the last round of layoffs.", "Spotify", "WORKS_AT_END",
         ("Ana", "works at", "Spotify", "end")),
        # an inline list's numbers are not part of its items
        ("About me: 1) nurse at Ridge Hospital 2) live in Tema 3) married to Efua", "Tema",
         "LIVES_IN", ("Ana", "lives in", "Tema", "assert")),
        # a body part's "no" is no refusal of the speaker's
        ("gave up crossfit, my knees said nope", "crossfit", "HOBBY_END",
         ("Ana", "hobby", "crossfit", "end")),
    ],
)  # fmt: skip
def test_a_clause_keeps_its_own_word(
    monkeypatch: pytest.MonkeyPatch, text: str, value: str, label: str, fact: Fact
) -> None:
    assert fact in facts_with(monkeypatch, text, value, label)


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        # a trailing "I think" with nothing else to say still hedges
        ("I work at Globex now, I think.", "Globex", "WORKS_AT"),
        ("I live in Oslo, I hope.", "Oslo", "LIVES_IN"),
        ("Quit your job at Bosch and join us!", "Bosch", "WORKS_AT_END"),  # an order
        # what others think, or what is supposed, is not what the speaker thinks holds
        ("People think I live in Oslo because of my posts.", "Oslo", "LIVES_IN"),
        ("People assume I work at Google because of the hoodie.", "Google", "WORKS_AT"),
        # a condition told by inversion
        ("Were I a barista, I'd refuse to make pumpkin spice.", "barista", "JOB_TITLE"),
        ("Had I stayed in Leeds, I'd be a teacher now.", "Leeds", "LIVES_IN"),
        ("Were I to move to Reykjavik I'd take up knitting.", "Reykjavik", "LIVES_IN"),
        ("Supposing I became a nurse, could I survive night shifts?", "nurse", "JOB_TITLE"),
        # congratulations are the listener's news
        ("Congrats on the new job at Spotify, Jess!", "Spotify", "WORKS_AT"),
        ("Suppose I spoke Mandarin — would that help?", "Mandarin", "SPEAKS"),
        ("I think I'll move to Lisbon.", "Lisbon", "LIVES_IN"),
        # a present progressive with a month is an arrangement ahead
        ("I'm moving to Toronto in August for grad school.", "Toronto", "LIVES_IN"),
        ("Moving to Vancouver in the spring, already dreading the rent", "Vancouver", "LIVES_IN"),
        # a drink someone brought once is no favourite
        ("I cried at my desk because the intern brought me an iced oat latte.",
         "iced oat latte", "FAVORITE_DRINK"),
        # someone else's pet that took to the speaker is still theirs
        ("Marta's dog adopted me at the party.", "dog", "HAS_PET"),
        # a participle used as a preposition is no clause with a left-out "I"
        ("My dad speaks five languages including Amharic and Italian.", "Amharic", "SPEAKS"),
        # what nearly happened, what one applied to be, how one pictures oneself
        ("Stopped at a shelter on our road trip and nearly came home with a husky.", "husky",
         "HAS_PET"),
        ("I applied to be a barista at that new café on Khao San Road.", "barista",
         "JOB_TITLE"),
        ("Did a trial shift as a line cook at Nobu yesterday, still waiting on the verdict.",
         "line cook", "JOB_TITLE"),
        # a bare infinitive joined to a wanted one is wanted too
        ("Next year I want to move to Cape Town and finally get a rescue dog.", "rescue dog",
         "HAS_PET"),
        # an offer the speaker had to say no to
        ("The shelter offered me a sweet old cat but I had to say no, my flat's too small.",
         "cat", "HAS_PET"),
        ("Sometimes I picture myself as a barista in Portland.", "Portland", "LIVES_IN"),
        # a pastime's person is no occupation
        ("I think I am an expert hiker now.", "expert hiker", "JOB_TITLE"),
        # a name given by a participle belongs to whom the clause is about
        ("My cousin Leyla just got engaged to a guy named Murat!", "Murat", "PARTNER"),
        # a person introduced by what they are to the speaker is someone else
        ("My best mate Rashid speaks five languages, including Swahili.", "Swahili", "SPEAKS"),
        # saving up for something is a plan; a call at a workplace or school is a visit
        ("Saving up to move to Vienna and learn German properly.", "Vienna", "LIVES_IN"),
        ("Dropped by the Google office in Zurich to see an old friend.", "Google", "WORKS_AT"),
        ("Spent the weekend visiting a mate at the University of St Andrews.",
         "University of St Andrews", "STUDIES_AT"),
        # what follows from the speaker's own condition, put first, has not happened
        ("If I ever move to Lisbon, I'm getting a sausage dog.", "sausage dog", "HAS_PET"),
    ],
)  # fmt: skip
def test_what_a_clause_does_not_state_is_dropped(
    monkeypatch: pytest.MonkeyPatch, text: str, value: str, label: str
) -> None:
    found = added_by(monkeypatch, text, value, label)
    assert not {f for f in found if f[2] and f[2].casefold().startswith(value.casefold())}


def test_a_bare_common_noun_is_no_employer() -> None:
    """ "left school at sixteen" ends no school or job: "school" names none."""
    text = "I'm a plasterer, been at it since I left school at sixteen."
    session = Session("s", SESSION, (Turn("Ana", text, 0),))
    found = OfflineExtractor(learned=False).extract(session)
    assert not [f for f in found if f.relation in ("works at", "studies at")]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("sry cant come to bible study thursday i work at costco now", ("works at", "costco")),
        (
            "cant make lion dance practice tmrw im a line cook at golden wok and my shift "
            "goes till 11",
            ("works at", "Golden Wok"),
        ),
        (
            "need help with my cv pls ive been a forklift driver at amazon for 3 yrs",
            ("job title", "forklift driver"),
        ),
    ],
)
def test_a_statement_run_on_after_a_denied_one_holds(text: str, fact: tuple[str, str]) -> None:
    assert fact in {(r, v) for _, r, v, k in triples(text) if k == "assert"}


@pytest.mark.parametrize(
    "text",
    [
        "People assume I work at Google because of the hoodie, but I don't.",
        "Imagine I got a corgi — how much would the vet bills run?",
        "I'll come back next time I'm in Japan.",
        "I don't think I work there anymore.",
    ],
)
def test_a_clause_supposed_or_still_ahead_is_no_run_on_statement(text: str) -> None:
    found = triples(text)
    assert not {(r, v) for _, r, v, k in found if k == "assert" and r != "likes"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "I work as a UX designer at Hootsuite and my fiancé Kenji joins me next month.",
            ("Maria", "works at", "Hootsuite", "assert"),
        ),
        (
            "The Royal Free made me a charge nurse, so my shifts are changing from next month.",
            ("Maria", "works at", "Royal Free", "assert"),
        ),
    ],
)
def test_a_day_ahead_in_anothers_clause_puts_no_fact_of_the_speakers_ahead(
    text: str, fact: tuple[str, ...]
) -> None:
    assert fact in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "I start at Google next Monday.",
        "Touring the Storehouse tomorrow, then off to see the horses at the Irish National Stud.",
    ],
)
def test_a_day_ahead_in_the_speakers_own_clauses_still_puts_it_ahead(text: str) -> None:
    assert not {f for f in triples(text) if f[1] == "works at"}


def test_any_more_in_two_words_ends_as_anymore_does() -> None:
    assert ("Maria", "lives in", "Leeds", "end") in triples("I don't live in Leeds any more.")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # a move told as when something stopped: the stop is no doubt cast on the move
        ("Since moving from Pune to Bengaluru I've stopped doing pottery.",
         ("Maria", "lives in", "Bengaluru", "assert")),
        ("I quit smoking after moving to Leeds.", ("Maria", "lives in", "Leeds", "assert")),
        # what the speaker gave up "on" is left ("bailed on my PhD at Imperial")
        ("I bailed on my PhD at Imperial.", ("Maria", "studies at", "Imperial", "end")),
    ],
)  # fmt: skip
def test_a_clause_that_says_when_something_stopped_holds(
    text: str, fact: tuple[str, str, str, str]
) -> None:
    assert fact in triples(text)


def test_a_pastime_taken_up_leaves_out_when() -> None:
    found = triples("I took up running after my divorce.")
    assert ("Maria", "hobby", "running", "assert") in found


def test_a_lowercase_van_lived_in_is_no_town() -> None:
    assert not {f for f in triples("we moved into the van in march") if f[2] == "Van"}


def test_a_run_on_statement_opening_on_now_is_not_denied_with_the_clause_before() -> None:
    found = triples("10 yrs ago i couldnt speak english now im an english teacher in almaty")
    assert ("Maria", "lives in", "Almaty", "assert") in found
