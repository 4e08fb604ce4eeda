"""A value's last tidying: only the words that are not the value go."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from tem.extract.tidy import tidy


@pytest.mark.parametrize(
    ("relation", "value", "tidied"),
    [
        ("studies at", "Unilag 🙃", "Unilag"),
        ("favorite drink", "hot milo lol", "hot milo"),
        ("favorite drink", "tho cold brew", "cold brew"),  # chat's "though" before it
        ("lives in", "Leeds tbh", "Leeds"),
        ("hobby", "badminton twice a week", "badminton"),
        ("works at", "Korle Bu last year", "Korle Bu"),
        ("lives in", "Goodbye Munich", "Munich"),
        ("has pet", "brb chihuahua", "chihuahua"),
        ("hobby", "brewing my own beer", "brewing beer"),
        ("hobby", "walking my dog", "walking my dog"),
        ("hobby", "singing in the", "singing"),
        ("hobby", "speedcubing to decompress", "speedcubing"),
        ("hobby", "kayaking to clear my", "kayaking"),
        ("hobby", "learning to knit", "learning to knit"),
        ("job title", "full-time yoga instructor", "yoga instructor"),
        ("job title", "only nurse", "nurse"),
        ("job title", "full time nurse", "nurse"),
        ("hobby", "swimming three times a week", "swimming"),
        ("partner", "jake r movin", "Jake"),  # a name typed in lowercase, in capitals
        ("partner", "omg Theo", "Theo"),
        ("partner", "Freya's", "Freya"),  # "My partner Freya's on earlies"
        ("partner", "erik id", "Erik"),
        ("favorite drink", "chai chai chai", "chai"),
        ("hobby", "bouldering again after a long break", "bouldering"),
        ("lives in", "Hoi An", "Hoi An"),
        ("works at", "Canva 2 weeks", "Canva"),
        ("has pet", "ferret Bandit bc", "Bandit"),
        ("works at", "— Acme,", "Acme"),
        ("works at", "Sainsbury's", "Sainsbury's"),
        ("works at", "Acme (UK)", "Acme (UK)"),
        ("lives in", "St. Louis", "St. Louis"),
        ("partner", "gf Leah", "Leah"),
        ("partner", "Raf on Valentine's Day", "Raf"),
        ("partner", "Maria de la Cruz", "Maria de la Cruz"),
        ("partner", "Wife", "Wife"),
        ("has pet", "hamster Nugget", "Nugget"),
        ("has pet", "dog bruno", "bruno"),  # a name typed in lowercase
        ("has pet", "golden retriever Luna", "Luna"),  # a kind of retriever, then a name
        ("has pet", "Labrador Retriever", "Labrador Retriever"),  # a breed in capitals
        ("job title", "paramedic life", "paramedic"),  # the life a title makes
        ("job title", "chief engineer life", "chief engineer"),
        ("has pet", "kelpie puppy", "kelpie"),  # two words of animals: no name; a kelpie
        ("has pet", "border collie", "border collie"),
        ("has pet", "huskies", "husky"),  # one fact per kind, in the singular
        ("has pet", "guinea pigs", "guinea pig"),
        ("has pet", "Boots", "Boots"),  # a name, no plural
        ("favorite drink", "kvass man", "kvass"),
        ("hobby", "pilates girlie", "pilates"),
        ("job title", "sales man", "sales man"),
        ("job title", "new accountant", "accountant"),
        ("job title", "now marketing manager", "marketing manager"),
        ("job title", "Former accountant", "accountant"),
        ("job title", "ex-teacher", "teacher"),
        ("job title", "retired", "retired"),
        ("has pet", "new puppy", "puppy"),
        ("works at", "New Balance", "New Balance"),
        ("works at", "Toyota plant", "Toyota"),  # a site of the organisation
        ("works at", "Ocado depot", "Ocado"),
        ("works at", "costa b4", "costa"),  # chat's "before" opens a clause
        ("studies at", "Harvard campus", "Harvard"),
        ("works at", "Bergen kommune", "Bergen kommune"),  # a body, not a site
        ("works at", "uni of lagos", "uni of lagos"),
        ("lives in", "new york", "new york"),
        ("favorite drink", "🙂", None),  # nothing of a value left: none
        ("hobby", "week lmao", None),  # "we play like 4x a week lmao": a time, no game
        ("hobby", "4x a week", None),
        ("partner", None, None),
        ("works at", "UiT.", "UiT"),  # the sentence's full stop
        ("works at", "Acme Co.", "Acme Co."),  # the word's own
        ("partner", "Ana J.", "Ana J."),  # an initial's
        ("works at", "gamestop tmrw", "gamestop"),  # chat's "tomorrow"
        ("works at", "walmart ugh", "walmart"),
        ("hobby", "skateboarding agian", "skateboarding"),  # chat's "again", "every"
        ("hobby", "cricket evry sunday", "cricket"),
    ],
)
def test_tidy_drops_only_what_is_not_the_value(
    relation: str, value: str | None, tidied: str | None
) -> None:
    assert tidy(relation, value) == tidied


@pytest.mark.parametrize(
    ("relation", "value", "tidied"),
    [
        ("job title", "sofware engineer", "software engineer"),
        ("job title", "data anlyst", "data analyst"),
        ("job title", "physio", "physio"),  # a clipped word, no typo
        ("job title", "sparky", "sparky"),  # "sparkly" names no one
        ("favorite drink", "cofee", "coffee"),
        ("favorite drink", "iced oat latte", "iced oat latte"),  # English, no typo
    ],
)
def test_a_typo_in_a_title_or_drink_is_respelled(relation: str, value: str, tidied: str) -> None:
    assert tidy(relation, value) == tidied


@pytest.mark.parametrize(
    ("value", "tidied"),
    [
        ("employed hairdresser", "hairdresser"),  # "self-employed", split by the tokenizer
        ("cashier shifts change evry week", "cashier"),  # run on, no comma
        ("cashier startd", "cashier"),
        ("vet tech", "vet tech"),  # a title goes on with a singular word
        ("director of operations", "director of operations"),
        ("head of marketing", "head of marketing"),
    ],
)
def test_a_title_ends_with_its_person(value: str, tidied: str) -> None:
    assert tidy("job title", value) == tidied


@pytest.mark.parametrize(
    ("value", "named"),
    [
        ("swim", "swimming"),  # a long swim at Bondi
        ("runs", "running"),  # long runs along the beachfront
        ("surfed", "surfing"),
        ("surfer", "surfing"),  # the doer, when the activity is written more often
        ("rambler", "rambling"),
        ("Dance", "dancing"),
        ("hike", "hiking"),
        # English names these by the noun: their "-ing" is rare beside the verb
        ("golf", "golf"),
        ("tango", "tango"),
        ("crochet", "crochet"),
        ("chess", "playing chess"),  # a game at a table: "playing", no "chessing"
        ("poker", "playing poker"),  # no doer of "poke"
        ("clearer", "clearer"),  # a comparative, no doer
        ("contacts", "contacts"),
        ("climbing", "climbing"),
        ("cyclist", "cycling"),  # a doer in "-ist"
        ("guitarist", "guitarist"),  # no verb "guitar"
        ("salsa dancer", "salsa dancing"),  # the doer after other words
        ("fell runner", "fell running"),
        ("piano teacher", "piano teacher"),  # no activity written more often
        # the thing a pastime is told by
        ("chessboard", "playing chess"),
        ("allotment", "allotment gardening"),
        ("sourdough starter", "baking sourdough"),
    ],
)
def test_a_pastime_said_as_its_verb_or_doer_is_named_as_the_activity(
    value: str, named: str
) -> None:
    assert tidy("hobby", value) == named


def test_what_a_value_is_compared_with_is_no_value() -> None:
    """ "hooked on Earl Grey now, way more than lemon tea": a reading that starts at
    "than" is the other side of a comparison."""
    assert tidy("favorite drink", "than lemon tea") is None


@pytest.mark.parametrize("value", ["playing", "doing", "Learning"])
def test_a_verb_of_pastime_alone_names_no_pastime(value: str) -> None:
    assert tidy("hobby", value) is None
    assert tidy("hobby", "playing the koto") == "playing the koto"


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("i play the fiddle at a trad session every tues", "fiddle"),
        ("I'm learning to play the harp.", "harp"),
        ("I play the trumpet in a brass band.", "trumpet"),
    ],
)
def test_a_thing_played_keeps_its_noun(text: str, pastime: str) -> None:
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    found = {f.value for f in OfflineExtractor().extract(session) if f.relation == "hobby"}
    assert found == {pastime}


@pytest.mark.parametrize(("value", "kind"), [("lil pug", "pug"), ("little tabby", "tabby")])
def test_a_word_of_fondness_is_no_part_of_a_pets_kind(value: str, kind: str) -> None:
    assert tidy("has pet", value) == kind


@pytest.mark.parametrize(
    ("value", "tidied"),
    [
        ("Bosch after Emil", "Bosch"),
        ("Siemens when", "Siemens"),
        ("Pets at Home", "Pets at Home"),
        ("After Dark Studios", "After Dark Studios"),
    ],
)
def test_an_organisation_ends_before_a_clause_of_when(value: str, tidied: str) -> None:
    assert tidy("works at", value) == tidied


def test_a_dash_between_items_ends_a_value() -> None:
    assert tidy("partner", "Kate - fly") == "Kate"
    assert tidy("works at", "Coca-Cola") == "Coca-Cola"


def test_chat_shorthand_and_fondness_are_no_part_of_a_value() -> None:
    assert tidy("partner", "w/ Signe") == "Signe"
    assert tidy("lives in", "lil Tulum") == "Tulum"
    assert tidy("lives in", "Little Saigon") == "Little Saigon"  # a name, capitalised


@pytest.mark.parametrize("school", ["uni", "college", "University"])
def test_a_school_named_only_by_its_kind_is_no_name(school: str) -> None:
    assert tidy("studies at", school) is None  # "dropped out of uni": whichever it was
    assert tidy("studies at", "University of Leeds") == "University of Leeds"


@pytest.mark.parametrize(
    ("value", "tidied"),
    [
        ("kelpie pup", "kelpie"),
        ("Persian kitten", "Persian"),
        ("ginger kitten", "kitten"),  # a coat, no kind: the young is the kind said
        ("shiba Mochi", "shiba"),
        ("black Lab", "black Lab"),
    ],
)
def test_a_pet_is_its_kind_not_its_age_nor_its_name_after_it(value: str, tidied: str) -> None:
    assert tidy("has pet", value) == tidied


@pytest.mark.parametrize(
    ("value", "tidied"),
    [
        ("swimming at the local pool", "swimming"),
        ("painting azulejos at the community centre", "painting azulejos"),
        ("rowing on the Liffey", "rowing"),
        ("playing in a brass band", "playing in a brass band"),
    ],
)
def test_a_pastime_is_not_where_it_is_done(value: str, tidied: str) -> None:
    assert tidy("hobby", value) == tidied


def test_a_head_office_is_its_firm() -> None:
    assert tidy("works at", "Zara HQ") == "Zara"
    assert tidy("works at", "TU Munich") == "TU Munich"


def test_a_drinks_maker_is_no_drink_and_night_is_no_place() -> None:
    assert not tidy("favorite drink", "beloved espresso machine")
    assert tidy("favorite drink", "espresso") == "espresso"
    from tests.test_extract_rules import triples

    found = triples("my corgi mochi gets so mad wen i go out at nite")
    assert not [t for t in found if t[1] == "works at"]


def test_a_pastime_done_is_named_without_doing() -> None:
    assert tidy("hobby", "doing aerial yoga") == "aerial yoga"
    assert tidy("hobby", "doing") is None  # "doing" alone names no pastime


def test_a_typo_before_a_titles_own_word_is_put_right() -> None:
    from tem.extract.tidy import tidy

    assert tidy("job title", "securty guard") == "security guard"
    assert tidy("job title", "sparky") == "sparky"  # a person noun spelt its own way


def test_a_value_stops_at_a_reason_typed_as_cause() -> None:
    from tem.extract.tidy import tidy

    assert tidy("favorite drink", "coffee cause of my heart tests") == "coffee"


@pytest.mark.parametrize(
    ("relation", "value", "tidied"),
    [
        ("hobby", "chess", "playing chess"),  # a game at a table, named as the guide does
        ("hobby", "chess club", "playing chess"),
        ("hobby", "baduk club", "playing baduk"),
        ("hobby", "rugby", "rugby"),  # a sport keeps its bare name
        ("lives in", "Wagga Wagga", "Wagga Wagga"),  # a name may say a word twice
        ("favorite drink", "chai chai chai", "chai"),
        ("has pet", "Cavalier King Charles, Poppy", "Cavalier King Charles"),
    ],
)
def test_games_doubled_names_and_a_pets_name_after_a_comma(
    relation: str, value: str, tidied: str
) -> None:
    assert tidy(relation, value) == tidied


@pytest.mark.parametrize(
    ("relation", "said", "value"),
    [
        ("job title", "qualified accountant", "accountant"),
        ("job title", "Sunday organist", "organist"),
        ("job title", "seasonal ski instructor", "ski instructor"),
        ("job title", "real estate agent", "real estate agent"),  # a title's own word
        ("job title", "certified public accountant", "certified public accountant"),
        ("favorite drink", "usual barley tea", "barley tea"),
        ("favorite drink", "strong black coffee", "black coffee"),
        ("favorite drink", "cold buttermilk", "buttermilk"),
        ("favorite drink", "Cold brew", "Cold brew"),  # a drink's own word
    ],
)
def test_a_value_is_what_not_how_well_or_when(relation: str, said: str, value: str) -> None:
    assert tidy(relation, said) == value


@pytest.mark.parametrize(
    ("value", "tidied"),
    [
        ("long evening walks", "walking"),
        ("sea swims", "sea swimming"),
        ("a long bike ride", "cycling"),
        ("Sunday long run", "running"),
        ("trail runs", "trail running"),
        ("K-pop dance", "K-pop dance"),  # a style's name keeps its noun
        ("collecting vintage watches", "collecting vintage watches"),  # said by its doing
        ("playing the tin whistle", "playing the tin whistle"),
        ("poker nights", "poker nights"),  # no activity's word
    ],
)
def test_a_pastime_named_by_one_outing_is_the_activity(value: str, tidied: str) -> None:
    assert tidy("hobby", value) == tidied
