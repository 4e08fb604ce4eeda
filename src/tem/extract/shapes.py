"""The shape of each relation's values: what a proposed value must look like to stand.

The span model proposes values from context alone; :func:`well_formed` holds each one
to the grammar of its relation (a name is headed by a noun, a home comes with a word of
home, a job title names a person, a pet is an animal the speaker owns), using the
word lists of :mod:`tem.extract.kinds` and :mod:`tem.extract.lexicon`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tem.extract import trips
from tem.extract.deixis import back_in_fragment
from tem.extract.kinds import (
    GREETINGS,
    NOT_A_TITLE,
    ORG_HEADS,
    PLACE_OF_WORK,
    acts_on_speaker,
    agent_noun,
    animal_words,
    heading_before,
    inflected,
    intro_item,
    is_animal,
    is_drink,
    mine_and_named,
    misread_title,
    person_noun,
    sentence_words,
    spelled,
    taken_daily,
)
from tem.extract.languages import language_of
from tem.extract.lexicon import SELF_HEADINGS
from tem.extract.places import common_words
from tem.extract.subjects import SUBJECT_DEPS, first_possessed, subject_token

NAME_POS = frozenset({"PROPN", "NOUN", "X"})
"""Parts of speech a name's head may have ("Hung" as a verb, "Funny" as an adjective: no)."""

ACTIVITY_POS = frozenset({"NOUN", "VERB"})

PARTNER_CUES = frozenset(
    """
    partner boyfriend girlfriend husband wife fiance fiancé fiancee fiancée spouse hubby
    wifey bf gf missus date dating married marry marriage wedding wed engaged engagement
    proposed propose seeing together relationship knot dumped dump divorce divorced ex half
    split broke separated widow widowed widower anniversary love
    """.split()
)
"""Words without which a name is no partner ("I have a son named Mateo")."""

FOND_PARTNER_WORDS = frozenset({"fella", "girl", "boo"})
"""Chat's words for a partner that say so only right before the name, after "my": "my
*girl* Priya", "my *fella* Darragh" ("the girl next door" is no one's partner)."""

HOME_CUES = frozenset(
    """
    live lives living lived move moved moving relocate relocated base based home resident
    settle settled rent renting born raise raised neighborhood neighbourhood local city town
    flat apartment house here hometown native roots posted stationed stomping bags goodbye
    landlord landlady flatmate flatmates roommate roommates housemate housemates
    neighbour neighbours neighbor neighbors mortgage homeowner
    """.split()
)
"""Words without which a place is no home ("I made pad thai", "a weekend in Santiago")."""
HOME_WORDS = frozenset({"lease", "leased", "shifted", "leave", "left"})
"""Words of home read only as typed: a misspelling's neighbours are common ("please",
"least", "shift" at work)."""

PET_CUES = frozenset(
    """
    adopt adopted rescue rescued pet pets named called vet breed breeder puppy kitten walk
    walks feed fur furry paw paws litter cage tank leash household family adoption
    """.split()
)
"""Words without which an unknown animal name is no pet ("our honeymoon" is none)."""

PET_NEVER = frozenset({"wash", "sitter", "shop", "store", "food"})


def employs_speaker(span: Any) -> bool:
    """True for a name that acts on the speaker as an employer does: *Andela* hired me,
    laid off *by Twitter*, a designer *at Hootsuite*, driving *for Foodora*; a tagger's
    guess of a person or a verb for such a name ("Spotify brought me over") does not
    overrule its place."""
    root = span.root
    if root.dep_ == "nsubj" and span[0].is_title | span[0].is_upper:
        return acts_on_speaker(root.head)
    if root.dep_ != "pobj" or not span[0].is_title:
        return False
    preposition = root.head
    worked = preposition.lower_ == "for" and preposition.head.lemma_ in WORKING_FOR
    return preposition.lower_ in ("at", "by") or worked


WORKING_FOR = frozenset({"work", "drive", "deliver", "ride", "write", "freelance", "consult"})
"""Verbs whose "for" names whom one works for: "driving *for* Foodora", "I write for
Wired" (a tagger's guess of a person there does not overrule it)."""


def well_formed(relation: str, span: Any) -> bool:
    """False when ``span`` cannot be a value of ``relation`` by its grammar.

    A name (employer, school, place, partner) is headed by a noun and is no greeting;
    a place is no organisation and comes with a word of home; a job title names a
    person by what they do, not a verb ("teach"), a drink or a job posting; a hobby is
    an activity, not a name or an adjective; a pet no person; a drink no language.
    """
    if not any(sum(ch.isalpha() for ch in t.text) > 1 for t in span):
        return False  # "w/", "&"; but "L'Oréal" is one word
    check = SHAPES.get(relation)
    return check is None or check(span, [t.lower_ for t in span])


def _name(span: Any, words: list[str]) -> bool:
    root = span.root
    misread = root.pos_ == "ADJ" and root.dep_ == "pobj"  # "we live in achrafieh" (JJ)
    return (
        (root.pos_ in NAME_POS or misread)
        and words[0] not in GREETINGS
        and not (len(span) == 1 and inflected(root))
    )


def _home(span: Any, words: list[str]) -> bool:
    root = span.root
    at_work = root.dep_ == "compound" and root.head.lower_ in PLACE_OF_WORK | ORG_HEADS
    if not (_name(span, words) or _lowercase_place(root)) or ORG_HEADS & set(words) or at_work:
        return False
    if common_words(span):
        return False
    if root.dep_ == "pobj" and root.head.lower_ == "with":
        return False  # "settling an argument with Thandi": company, no place
    if any(_other_home(t) for t in span.sent):
        return False  # "Rome is my second home": loved, not lived in
    stay = trips.stay_of(root)
    if stay is not None and trips.stays(stay):
        return True  # "i stay in ipoh", "staying with my cousin in Jamshedpur"
    said = sentence_words(span)
    cues = {spelled(w, HOME_CUES) for w in said}  # "been livin in lagos"
    if cues & HOME_CUES or said & HOME_WORDS:
        return True
    return _settled_in(root) or _own_place(root) or _back_in(root) or _self_listed(root)


def _lowercase_place(root: Any) -> bool:
    """A place typed in lowercase ("moved to fremantle"): a bare noun, no article or
    owner, after "in", "to" or "from", in a sentence typed all in lowercase."""
    bare = root.pos_ == "NOUN" and not any(c.dep_ in ("det", "poss") for c in root.children)
    after = root.dep_ == "pobj" and root.head.lower_ in ("in", "to", "from")
    return bare and after and root.sent.text == root.sent.text.lower()


HOUSING_VERBS = frozenset({"buy", "get", "share", "rent", "find", "own"})


def _in_of(root: Any) -> Any:
    """The "in" a place is named after ("*in* Bucharest"), or None."""
    preposition = root.head
    return preposition if root.dep_ == "pobj" and preposition.lower_ == "in" else None


def _own_place(root: Any) -> bool:
    """ "bought a small place in Berekuso", "share a tiny place in Hilo": a place to
    live that the speaker got, shares or owns, in the place named."""
    preposition = _in_of(root)
    if preposition is None:
        return False
    holder = preposition.head
    if holder.lemma_ not in ("place", "pad", "condo", "studio", "bungalow", "cottage"):
        return False
    return first_possessed(holder) or holder.dep_ == "dobj" and holder.head.lemma_ in HOUSING_VERBS


def _self_listed(root: Any) -> bool:
    """ "About me: nurse, Ho Chi Minh City, two cats": a bare place among the items that
    introduce the speaker is their home (not one gone to: "Me: flew to Rome")."""
    if root.dep_ in ("pobj", "dobj") or root.head.pos_ == "VERB" and root.head.i != root.i:
        return False
    sentence = root.sent
    colons = [t for t in sentence if t.text == ":" and t.i < root.i]
    heading = sentence.doc[sentence.start : colons[-1].i] if colons else heading_before(sentence)
    if heading is None:
        return intro_item(sentence)  # "Intro: 📍 Kano 🗣️ Hausa": an item of its own
    return bool({t.lower_ for t in heading} & SELF_HEADINGS)


STILL_HERE = frozenset({"back", "still", "now", "currently", "presently", "over", "up", "down"})
"""Words that make "I'm in Denver" a stay that holds, not a visit: "back", "still",
"now", "currently", or where on the map ("we're over in east atlanta", "up in
fairbanks")."""


def _back_in(root: Any) -> bool:
    """ "I'm back in Manila", "still stuck in Sapporo": the speaker is in a place again
    or yet, said of being there, not of going."""
    preposition = _in_of(root)
    if preposition is None:
        return False
    verb = preposition.head
    marks = {c.lower_ for c in [*verb.children, *preposition.children] if c.dep_ == "advmod"}
    if verb.lower_ in ("back", "still", "over", "up", "down"):  # "im back in manila"
        marks.add(verb.lower_)
        if back_in_fragment(root) is not None:
            return True  # "Back in Florianópolis after the holidays"; not "Back in 2019"
        verb = verb.head
    being = verb.lemma_ in ("be", "stick") or verb.lower_ in ("m", "im")
    if not being or verb.tag_ == "VBD":
        return False
    subject = next((c for c in verb.children if c.dep_ in SUBJECT_DEPS), None)
    mine = subject is None or subject.lower_ in ("i", "we", "im")
    return mine and bool(marks & STILL_HERE)


def _other_home(token: Any) -> bool:
    """ "second home", "home away from home": a home that is not where one lives."""
    if token.lower_ != "home":
        return False
    second = any(c.lower_ in ("second", "third", "other", "spiritual") for c in token.children)
    return second or any(c.lower_ == "away" for c in token.children)


def _settled_in(root: Any) -> bool:
    """True for a place held as a way of life, not a visit: "a tram driver *in
    Bucharest*" (an occupation there), "I've been in Brussels for three years"."""
    from tem.extract.lexicon import OCCUPATIONS

    preposition = _in_of(root)
    if preposition is None:
        return False
    holder = preposition.head
    if holder.pos_ == "NOUN" and spelled(holder.lower_, OCCUPATIONS) in OCCUPATIONS:
        return True
    if holder.dep_ == "attr" and holder.head.lemma_ == "be" and person_noun(holder.text):
        return True  # "I'm a GP in Bristol": the role the speaker is, held there
    lasting = [c for c in holder.children if c.dep_ == "prep" and c.lower_ in ("for", "since")]
    return holder.lemma_ == "be" and holder.tag_ == "VBN" and bool(lasting)


def _employer(span: Any, words: list[str]) -> bool:
    from tem.extract.lexicon import EMPLOYER_NOUNS

    root = span.root
    if root.ent_type_ in ("GPE", "LOC") and root.dep_ == "pobj" and root.head.lower_ == "to":
        return False  # a destination: "work sent me to Budapest for two days"
    if _first_capital(span[0]) and root.pos_ != "PROPN" and not root.ent_type_:
        return False  # "Accomplishment keeps me motivated": a word capitalised as first
    if employs_speaker(span) and words[0] not in GREETINGS:
        return True
    named = root.pos_ == "PROPN" or root.ent_type_ in ("ORG", "FAC")
    named = named or bool(set(words) & (ORG_HEADS | EMPLOYER_NOUNS))
    named = named or span.sent.text == span.sent.text.casefold()  # "i left my job at safaricom"
    return _name(span, words) and named and (root.ent_type_ != "PERSON" or len(span) > 1)


def _partner(span: Any, words: list[str]) -> bool:
    """A name with a word of partnership in its sentence, typed right or not ("maried")."""
    said = {spelled(t.lower_, PARTNER_CUES) for t in span.sent}
    named = _name(span, words) and not _doing(span.root)
    return named and bool(said & PARTNER_CUES or _own_partner_before(span))


def _doing(token: Any) -> bool:
    """An "-ing" form of an English verb, no name: "me and my partner *gaming*" (not
    "Ming", "Sterling")."""
    from tem.extract.nlp import known_verbs

    lower = token.lower_
    stems = (lower[:-3], lower[:-3] + "e")
    return lower.endswith("ing") and any(s in known_verbs() for s in stems if len(s) > 2)


SEEN_PEOPLE = frozenset(
    "someone somebody anyone anybody guy girl man woman bloke lad lass boy other".split()
)
"""Whom one is "seeing" when seeing is dating: "seeing someone", "seeing each other"."""


def _status(span: Any, words: list[str]) -> bool:
    """A status, and "seeing" one only when someone is seen ("I'm seeing someone"), not
    a sight ("Seeing my kids' smiles was the best"); no marriage to a thing ("married to
    the job")."""
    from tem.extract.values import wedded_to_a_thing

    root = span.root
    if any(_intensifier(t) for t in span) or _dating_spoken_of(root):
        return False
    if root.lemma_ != "see":
        return not wedded_to_a_thing(root)
    seen = [c for c in root.children if c.dep_ in ("dobj", "attr")]
    return any(o.lower_ in SEEN_PEOPLE or o.ent_type_ == "PERSON" for o in seen)


def _dating_spoken_of(root: Any) -> bool:
    """ "dating" as a thing talked about, not done: "dating is hard", "online dating's on
    the back burner", "which made dating again tricky" (someone else's subject)."""
    if root.lower_ != "dating":
        return False
    if root.dep_ in ("nsubj", "nsubjpass", "csubj", "compound", "pobj", "dobj", "acl"):
        return True
    subject = subject_token(root)  # "guess who's dating again" is the speaker
    return subject is not None and subject.lower_ in ("which", "that", "it", "this")


def _intensifier(word: Any) -> bool:
    """ "every single beach", "not a single day": "single" stressing a count, no status."""
    if word.lower_ != "single" or word.dep_ != "amod":
        return False
    before = word.doc[max(word.i - 2, 0) : word.i]
    return any(t.lower_ in ("every", "each", "any") for t in before) or (
        [t.lower_ for t in before] == ["not", "a"]
    )


def _own_partner_before(span: Any) -> bool:
    """ "my fiancé | Pablo says": the speaker's partner word just before the name, which
    the parser put in the sentence before."""
    before = span.doc[max(span.start - 3, 0) : span.start]
    if any(spelled(t.lower_, PARTNER_CUES) in PARTNER_CUES and first_possessed(t) for t in before):
        return True
    word = span.doc[span.start - 1] if span.start else None
    return word is not None and word.lower_ in FOND_PARTNER_WORDS and first_possessed(word)


def _title(span: Any, words: list[str]) -> bool:
    from tem.extract.lexicon import OCCUPATIONS

    if misread_title(span):
        return True
    habit = span[0].tag_ in ("VBP", "VBZ")  # "I teach maths"; "teaching others" is no job
    if habit and span.root.i == span.start and agent_noun(span[0]) is not None:
        return True  # "I teach maths": a maths teacher
    root = span.root
    # "a cleaner"; "my shifts as a paramedic" (tagged an adjective of "classes")
    known = root.lower_ in OCCUPATIONS
    misread = root.pos_ == "ADJ" and (any(c.dep_ == "det" for c in root.children) or known)
    if root.pos_ not in ("NOUN", "PROPN") and not misread:
        return False
    if root.tag_ == "VBG" or span[0].tag_ == "VBG":
        return False
    if root.lower_ in NOT_A_TITLE or root.lemma_ in NOT_A_TITLE or is_drink(words):
        return False
    if root.lemma_ == "student":
        return False  # "a grad student at Purdue": enrolled, not employed
    if any(
        c.dep_ == "poss" and c.lower_ in ("my", "your", "his", "her", "our") for c in root.children
    ):
        return False  # "my cardiologist", "her boss": someone the speaker knows
    if any(person_noun(spelled(w, OCCUPATIONS)) for w in (root.text, root.lemma_)):
        return True
    return _unlisted_title(root)


def _unlisted_title(root: Any) -> bool:
    """A title the occupation list lacks, as the span model read it ("a postie", "a
    rabbi", "as cabin crew", "vet tech here"): a common noun that names no one else
    ("my prof" is someone the speaker knows), no named thing and no animal."""
    # "my prof" is someone's; "a plumber's apprentice" is a trade
    owned = any(c.dep_ == "poss" and c.pos_ != "NOUN" for c in root.children)
    return (
        root.pos_ == "NOUN"
        and not owned
        and not root.ent_type_
        and root.lemma_ not in animal_words()
    )


def _hobby(span: Any, words: list[str]) -> bool:
    from tem.extract.lexicon import DRINK_PHRASES, HOME_NOUNS, KIN_NOUNS

    root = span.root
    if not _activity_word(root) or any(_named_thing(t) for t in span):
        return False
    if any(
        c.dep_ == "det" and c.lower_ in ("that", "this", "those", "these") for c in root.children
    ):
        return False  # "I love that painting!": a thing pointed at, not a pastime
    drink = is_drink(words[-1:]) or " ".join(words) in DRINK_PHRASES  # not "water polo"
    if root.dep_ == "dobj" and root.head.lemma_ == "play":
        from tem.extract.leisure import played_as_pastime

        return played_as_pastime(root)  # "we play different genres" is no pastime
    return root.lower_ not in ORG_HEADS | HOME_NOUNS | KIN_NOUNS and not drink


def _activity_word(token: Any) -> bool:
    """A noun or verb, or a word the tagger took for an adjective or a name only by how
    it is typed: lowercase ("make time for falconry", "been doing jiu jitsu"), or
    capitalised as a sentence's first word ("Tango has stolen my heart"); or an adverb
    only as the object it cannot be ("I play *five-a-side* with the lads")."""
    if token.pos_ in ACTIVITY_POS or token.pos_ == "ADV" and token.dep_ == "dobj":
        return True
    return token.pos_ in ("ADJ", "PROPN") and (token.is_lower or _first_capital(token))


def _first_capital(token: Any) -> bool:
    """A common word capitalised only as its sentence's first ("Chess has had its hooks
    in me"), not a name there ("Kyivstar has been my employer")."""
    from tem.extract.nlp import known_nouns, known_verbs

    common = token.lower_ in known_nouns() or token.lower_ in known_verbs()
    return token.i == token.sent.start and token.is_title and common


def _named_thing(token: Any) -> bool:
    """A word written as a name: capitalised mid-sentence or all capitals ("Netflix",
    "my D&D group"); a sentence's first word is capitalised anyway ("Tango has had
    its hooks in me"), and the tagger's proper noun typed in lowercase is no name."""
    if token.is_upper and len(token) > 1:
        return True
    return token.pos_ == "PROPN" and not token.is_lower and not _first_capital(token)


def _pet(span: Any, words: list[str]) -> bool:
    from tem.extract.lexicon import KIN_NOUNS, OCCUPATIONS

    root = span.root
    if mine_and_named(span):
        return True  # "my german shepherd Zeus", "My Samoyed Snezhok": a kind before a name
    if root.lower_ in KIN_NOUNS | OCCUPATIONS | ORG_HEADS | PET_NEVER or _pointed_at(root):
        return False
    mates = [root, *root.conjuncts]  # "two cats, a corgi and an axolotl"
    mates += [t for t in root.children if t.dep_ in ("amod", "compound")]  # "My parrot Kiwi"
    if any(is_animal(t) for t in mates):
        return True
    named = span.end < len(span.doc) and span.doc[span.end].lower_ in ("named", "called")
    if (root.pos_ == "NOUN" or named) and bool(sentence_words(span) & PET_CUES):
        return True
    # an animal the list lacks, the speaker's own: "my saluki", "our two maltese"
    return (
        root.pos_ in ("NOUN", "PROPN")
        and root.ent_type_ not in PEOPLE_OR_PLACES
        and bool(first_possessed(root))
    )


PEOPLE_OR_PLACES = frozenset({"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP"})
POINTING = frozenset({"that", "this", "those", "these"})
OTHERS_OWN = frozenset({"ur", "your", "yr", "his", "her", "their"})


def _pointed_at(animal: Any) -> bool:
    """True for an animal the speaker points at or someone else owns ("that pug in a
    raincoat", "ur husky"), or animals in general ("dachshunds in raincoats are the best
    thing"): no pet of the speaker's."""
    words = {c.lower_ for c in animal.children if c.dep_ in ("det", "poss")}
    if words & (POINTING | OTHERS_OWN):
        return True
    before = [t for t in animal.subtree if t.i < animal.i]  # "my kunekune pigs"
    counted = any(t.dep_ in ("det", "poss", "nummod") for t in before)
    return animal.tag_ == "NNS" and animal.dep_ == "nsubj" and not counted


def _drink(span: Any, words: list[str]) -> bool:
    from tem.extract.lexicon import ANIMALS, FOODS

    root = span.root
    if root.dep_ == "compound" and root.head.i >= span.end and _no_drink(root.head):
        return False  # a drink naming something else: "coconut milk ice | cream"
    if words[0] in NOW_AND_THEN or span.doc[span.start - 1 : span.start].text in NOW_AND_THEN:
        return False  # "the odd beer with my coworkers": now and then, no favourite
    if is_drink(words) and root.pos_ != "AUX":
        return True  # a drink the lexicon knows whole: "hot chocolate", "sparkling water"
    if language_of(span.text) is not None and len(span) == 1:
        return False
    if root.lower_ in FOODS or root.lower_ in ANIMALS:
        return False
    if taken_daily(span):
        return root.pos_ not in ("PRON", "AUX", "DET", "ADP")  # "tinto" tagged a number
    if not sentence_words(span) & DRINK_CUES:
        return False  # "Thanks, Gina!", "Congrats!": a drink is known, or said as one
    return root.pos_ in ("NOUN", "PROPN", "ADJ") and not (len(span) == 1 and inflected(root))


def _no_drink(thing: Any) -> bool:
    """A thing a drink's name may qualify that is no drink: a food ("ice *cream*",
    "tea *cake*"), a machine or a shop ("the espresso *machine*", "a coffee *shop*")."""
    from tem.extract.lexicon import FOODS

    return thing.lower_ in FOODS or thing.lower_ in DRINK_THINGS


NOW_AND_THEN = frozenset({"odd", "occasional"})
"""Words before a drink had now and then, no favourite: "the odd beer"."""
DRINK_THINGS = frozenset("cream cake machine maker shop table towel stain".split())
"""Things named by a drink that are no drink (:func:`_no_drink`)."""


DRINK_CUES = frozenset(
    """
    drink drinks drank drinking sip sipping cup cups mug glass bottle pint brew brewed
    caffeine caffeinated thirsty pour order barista cafe café teetotal sober habit
    hooked addict addicted fuel run flask thermos jug tumbler tumblers
    """.split()
)
"""Words that say a value is drunk, when the lexicon does not know the drink."""


SHAPES: dict[str, Callable[[Any, list[str]], bool]] = {
    "works at": _employer,
    "studies at": _name,
    "lives in": _home,
    "partner": _partner,
    "relationship status": _status,
    "job title": _title,
    "hobby": _hobby,
    "has pet": _pet,
    "favorite drink": _drink,
}
"""The shape check of each relation a learned value may have (see :func:`well_formed`)."""
