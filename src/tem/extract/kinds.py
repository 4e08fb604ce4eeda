"""What kind of thing a relation's value can be: a city is no employer, a film no drink.

The span model proposes values from context alone; these checks hold it to the meaning
of each relation, using the entity types of the English pipeline and, for languages,
:mod:`tem.extract.languages`.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Callable
from typing import Any

from tem.extract import filters
from tem.extract.languages import LANGUAGE_CUES, language_of
from tem.extract.values import children

NUMBERS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "PERCENT", "QUANTITY"})
NOT_A = {
    "lives in": NUMBERS | {"LANGUAGE"},
    "works at": NUMBERS | {"LANGUAGE"},
    "studies at": NUMBERS | {"LANGUAGE"},
    "job title": NUMBERS - {"ORDINAL"} | {"GPE", "LANGUAGE"},  # "first officer"
    "favorite drink": NUMBERS | {"GPE", "LANGUAGE"},
    "has pet": NUMBERS | {"GPE", "LANGUAGE"},
    "hobby": NUMBERS | {"GPE", "LANGUAGE"},
    "partner": NUMBERS | {"LANGUAGE"},
}
"""Entity types (of the English pipeline) a relation's value is never. Only numbers and
languages, and places for what is never a place: the small pipeline calls people GPE
and companies PERSON too often for its other types to rule anything out (the shape
checks below do that)."""


def fits(relation: str, span: Any) -> bool:
    """False when ``span`` is a kind of thing ``relation``'s value never is."""
    if relation == "speaks":
        if span.root.dep_ == "compound" and span.root.head.pos_ == "PROPN":
            return False  # "Norwegian Air" is an airline
        if language_of(span.text) is not None or span.root.ent_type_ in ("LANGUAGE", "NORP"):
            return True
        if any(language_of(t.text) is not None for t in span.root.conjuncts):
            return True  # listed with languages: "Swahili, Luganda and Kinyarwanda"
        cued = any(t.lower_ in LANGUAGE_CUES for t in span.sent)
        named = {t.ent_type_ for t in span} & {"ORG", "GPE", "FAC", "DATE"}
        return cued and not named and len(span) <= 3 and span.root.pos_ in ("PROPN", "ADJ")
    banned = NOT_A.get(relation, frozenset())
    types = {t.ent_type_ for t in span if t.ent_type_}
    if relation == "favorite drink" and is_drink([t.lower_ for t in span]):
        return True  # "Masala chai is in my bloodstream": the tagger's GPE is wrong
    return not types or not types <= banned


# --- What a learned value must look like, and which of two close relations it serves ---

NAME_POS = frozenset({"PROPN", "NOUN", "X"})
"""Parts of speech a name's head may have ("Hung" as a verb, "Funny" as an adjective: no)."""
ACTIVITY_POS = frozenset({"NOUN", "VERB"})
GREETINGS = frozenset(
    {"hey", "hi", "hello", "yeah", "yes", "ok", "okay", "oh", "kia", "omg", "lol"}
)
ORG_HEADS = frozenset(
    """
    institute foundation university college school academy hospital clinic bank office
    company ministry council agency department centre center museum corporation group
    """.split()
)
"""Head words that make a name an organisation, so never a place one lives in."""
NOT_A_TITLE = frozenset(
    """
    job position role post gig career school academy course office company university
    college class program programme level shift application offer
    tourist visitor guest traveller traveler backpacker passenger patient customer
    """.split()
)
"""Head words of phrases a job title is never ("a teaching job", "a language school",
"a tourist in Rome")."""
QUANTIFIERS = frozenset({"much", "many", "lots", "lot", "way", "too", "so", "more", "plenty"})
STUDY_CUES = frozenset(
    """
    study studies studying student degree course major minor enrol enroll enrolled class
    classes semester term freshman sophomore undergrad undergraduate grad postgrad
    master masters phd dphil doctorate bachelor bachelors diploma bootcamp pgce thesis
    lecture lectures graduate graduated graduation alumni programme program exam exams
    coursework dissertation
    campus school university uni college academy tuition accept admit
    """.split()
)
"""Words of the study frame: a named place in their sentence is a school."""
SCHOOL_HEADS = frozenset(
    """
    institute polytechnic universidad universidade université universität universiteit
    università uniwersytet univerzita escuela école hochschule instituto politecnico
    """.split()
)
"""Words of a school's own name beside "University", "College", "Academy" (in
:data:`ORG_HEADS`), in the languages schools are named in."""
WORK_CUES = frozenset(
    """
    work worked working job hire hired employ employed employer colleague colleagues boss
    shift shifts office intern internship redundant redundancy layoff lay fire fired quit
    resign notice salary paycheck promote promoted position role team client clients
    career contract manager staff retire retired teach teaching taught lifer
    """.split()
)
"""Words of the work frame: a named place in their sentence is an employer."""


def inflected(token: Any) -> bool:
    """True for a capitalised common word that inflects ("Signed", "Tying", "Hung")."""
    lemma = token.lemma_.casefold()
    if token.tag_ in ("VBD", "VBN", "VBG") and lemma != token.lower_:
        return True  # tagged a verb form, whatever its part of speech
    return bool(lemma) and lemma != token.lower_ and token.pos_ in ("VERB", "AUX", "ADJ")


PLACE_OF_WORK = frozenset({"office", "plant", "branch", "store", "campus", "headquarters", "hq"})
FIRMS = (
    ORG_HEADS
    | PLACE_OF_WORK
    | frozenset(
        """
    firm startup business shop restaurant cafe café bar pub salon studio agency practice
    bakery factory hotel warehouse lab charity nonprofit
    """.split()
    )
)
"""Nouns of a place of work: "a firm called Hartley & Webb" names an employer, "a
location called Whispering Falls" does not."""
AGENT_SUFFIXES = (
    "er", "or", "ist", "ian", "ant", "ent", "man", "woman", "eer", "ee", "smith", "wright",
    "ive", "ic", "ier", "yst", "ess", "maid", "hand", "dev",
)  # fmt: skip
TITLE_WORDS = frozenset(
    "head chief lead officer president partner associate fellow owner minister nurse".split()
)
PARTNER_CUES = frozenset(
    """
    partner boyfriend girlfriend husband wife fiance fiancé fiancee fiancée spouse hubby
    wifey bf gf missus date dating married marry marriage wedding wed engaged engagement
    proposed propose seeing together relationship knot dumped dump divorce divorced ex half
    split broke separated widow widowed widower anniversary love
    """.split()
)
"""Words without which a name is no partner ("I have a son named Mateo")."""
HOME_CUES = frozenset(
    """
    live lives living lived move moved moving relocate relocated base based home resident
    settle settled rent renting born raise raised neighborhood neighbourhood local city town
    flat apartment house here hometown native roots
    """.split()
)
"""Words without which a place is no home ("I made pad thai", "a weekend in Santiago")."""
PET_CUES = frozenset(
    """
    adopt adopted rescue rescued pet pets named called vet breed breeder puppy kitten walk
    walks feed fur furry paw paws litter cage tank leash household family adoption
    """.split()
)
"""Words without which an unknown animal name is no pet ("our honeymoon" is none)."""
PET_NEVER = frozenset({"wash", "sitter", "shop", "store", "food"})


@functools.cache
def animal_words() -> frozenset[str]:
    """Animal nouns, and the words that call one a pet."""
    from tem.extract.lexicon import ANIMALS

    return ANIMALS | {"pet", "pets", "puppy", "kitten", "pup", "kitty"}


def person_noun(word: str) -> bool:
    """True for a noun that names a person by what they do: "welder", "nurse", "Head"."""
    from tem.extract.lexicon import OCCUPATIONS

    folded = word.casefold()
    if folded in OCCUPATIONS or folded in TITLE_WORDS:
        return True
    if word.isupper() and 2 <= len(word) <= 4:
        return True  # "a GP", "the CFO"
    return len(folded) > 4 and folded.endswith(AGENT_SUFFIXES)


def spelled(word: str, known: frozenset[str]) -> str:
    """``word`` or the ``known`` word it misspells ("plumbr" -> "plumber"); itself if none."""
    folded = word.casefold()
    if folded in known or len(folded) < 5:
        return word
    close = difflib.get_close_matches(folded, known, n=1, cutoff=0.8)
    return close[0] if close else word


END_CUES = frozenset(
    """
    leave left quit stop stopped give gave drop ditch kick retire retired resign fire fired
    lay laid redundant dump dumped break broke split divorce divorced graduate graduated
    finish finished former ex anymore longer used sell sold rehome die died lose lost cut
    hang hung over done goodbye farewell notice swap swapped switch switched replace
    trade traded off out move moved dropout separated widowed widower widow end ended
    away let last pack packed part parted unemployed
    """.split()
)
"""Words of an ending: a fact proposed as ended needs one in its sentence."""


def says_an_end(span: Any) -> bool:
    """True when ``span``'s sentence has a word of ending ("left", "quit", "anymore")."""
    return bool(sentence_words(span) & END_CUES)


def well_formed(relation: str, span: Any) -> bool:
    """False when ``span`` cannot be a value of ``relation`` by its grammar.

    A name (employer, school, place, partner) is headed by a noun and is no greeting;
    a place is no organisation and comes with a word of home; a job title names a
    person by what they do, not a verb ("teach"), a drink or a job posting; a hobby is
    an activity, not a name or an adjective; a pet no person; a drink no language.
    """
    if not any(t.is_alpha and len(t) > 1 for t in span):
        return False  # "w/", "&"
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


def sentence_words(span: Any) -> set[str]:
    """The lemmas and lowercase forms of the words of ``span``'s sentence (cue lookups),
    and of the heading before it when that ends in a colon: "I work two jobs: Shoprite
    on weekdays" (a colon ends a sentence: :func:`tem.extract.nlp.colon_break`)."""
    heading = heading_before(span.sent)
    words = [*span.sent, *(heading or ())]
    return {t.lemma_.casefold() for t in words} | {t.lower_ for t in words}


def span_of(sentence: Any, value: str) -> Any | None:
    """The first span of ``sentence`` whose words are ``value``'s (casefolded), if any."""
    words = value.casefold().split()
    texts = [t.lower_ for t in sentence]
    for i in range(len(texts) - len(words) + 1):
        if texts[i : i + len(words)] == words:
            return sentence[i : i + len(words)]
    return None


def heading_before(sentence: Any) -> Any | None:
    """The sentence ending in a colon just before ``sentence`` ("My week:"), if any."""
    if sentence.start > 0 and sentence.doc[sentence.start - 1].text == ":":
        return sentence.doc[sentence.start - 1].sent
    return None


def _home(span: Any, words: list[str]) -> bool:
    root = span.root
    at_work = root.dep_ == "compound" and root.head.lower_ in PLACE_OF_WORK | ORG_HEADS
    if not (_name(span, words) or _lowercase_place(root)) or ORG_HEADS & set(words) or at_work:
        return False
    if any(_other_home(t) for t in span.sent):
        return False  # "Rome is my second home": loved, not lived in
    if root.dep_ == "pobj" and filters.stays(root.head.head):
        return True  # "i stay in ipoh"
    cues = {spelled(w, HOME_CUES) for w in sentence_words(span)}  # "been livin in lagos"
    return bool(cues & HOME_CUES) or _settled_in(root)


def _lowercase_place(root: Any) -> bool:
    """A place typed in lowercase ("moved to fremantle"): a bare noun, no article or
    owner, after "in", "to" or "from", in a sentence typed all in lowercase."""
    bare = root.pos_ == "NOUN" and not any(c.dep_ in ("det", "poss") for c in root.children)
    after = root.dep_ == "pobj" and root.head.lower_ in ("in", "to", "from")
    return bare and after and root.sent.text == root.sent.text.lower()


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

    preposition = root.head
    if root.dep_ != "pobj" or preposition.lower_ != "in":
        return False
    holder = preposition.head
    if holder.pos_ == "NOUN" and spelled(holder.lower_, OCCUPATIONS) in OCCUPATIONS:
        return True
    if holder.dep_ == "attr" and holder.head.lemma_ == "be" and person_noun(holder.text):
        return True  # "I'm a GP in Bristol": the role the speaker is, held there
    lasting = [c for c in holder.children if c.dep_ == "prep" and c.lower_ in ("for", "since")]
    return holder.lemma_ == "be" and holder.tag_ == "VBN" and bool(lasting)


def acts_on_speaker(verb: Any) -> bool:
    """True when the speaker is ``verb``'s object ("took *me* on", "has had *me* as a
    designer", "gave *me* a post") or the subject of its complement ("let *me* go"),
    not its subject: an organisation or an animal acting on the speaker states a fact
    about the speaker."""
    if children(verb, ("dobj", "dative", "iobj"), SPEAKER_OBJECTS):
        return True
    complements = children(verb, ("ccomp", "xcomp"))
    return any(children(c, ("nsubj",), SPEAKER_OBJECTS) for c in complements)


SPEAKER_OBJECTS = frozenset({"me", "us"})


def employs_speaker(span: Any) -> bool:
    """True for a name that acts on the speaker as an employer does: *Andela* hired me,
    laid off *by Twitter*, a designer *at Hootsuite*; a tagger's guess of a person or a
    verb for such a name ("Spotify brought me over") does not overrule its place."""
    root = span.root
    if root.dep_ == "nsubj" and span[0].is_title | span[0].is_upper:
        return acts_on_speaker(root.head)
    return root.dep_ == "pobj" and root.head.lower_ in ("at", "by") and span[0].is_title


def _employer(span: Any, words: list[str]) -> bool:
    from tem.extract.lexicon import EMPLOYER_NOUNS

    root = span.root
    if root.ent_type_ in ("GPE", "LOC") and root.dep_ == "pobj" and root.head.lower_ == "to":
        return False  # a destination: "work sent me to Budapest for two days"
    if employs_speaker(span) and words[0] not in GREETINGS:
        return True
    named = root.pos_ == "PROPN" or root.ent_type_ in ("ORG", "FAC")
    named = named or bool(set(words) & (ORG_HEADS | EMPLOYER_NOUNS))
    named = named or span.sent.text == span.sent.text.casefold()  # "i left my job at safaricom"
    return _name(span, words) and named and (root.ent_type_ != "PERSON" or len(span) > 1)


def _partner(span: Any, words: list[str]) -> bool:
    """A name with a word of partnership in its sentence, typed right or not ("maried")."""
    said = {spelled(t.lower_, PARTNER_CUES) for t in span.sent}
    return _name(span, words) and bool(said & PARTNER_CUES)


def misread_title(span: Any) -> bool:
    """True for a title whose first word the parser read as a verb: "lead avionics
    technician", "shift supervisor" (a title ends in the person noun it names)."""
    from tem.extract.lexicon import OCCUPATIONS

    root, last = span.root, span[-1]  # "teach chemistry" is no title: "chemistry" no person
    if len(span) < 2 or root.pos_ != "VERB" or root.i != span.start:
        return False
    return last.pos_ in ("NOUN", "PROPN") and last.lower_ in OCCUPATIONS


def agent_noun(verb: Any) -> str | None:
    """The occupation a verb of work names: "teach" teacher, "bake" baker, "tutor" tutor."""
    from tem.extract.lexicon import OCCUPATIONS

    lemma = str(verb.lemma_).casefold()
    for noun in (lemma, lemma + "r", lemma + "er"):
        if noun in OCCUPATIONS:
            return noun
    return None


def _title(span: Any, words: list[str]) -> bool:
    from tem.extract.lexicon import OCCUPATIONS

    if misread_title(span):
        return True
    habit = span[0].tag_ in ("VBP", "VBZ")  # "I teach maths"; "teaching others" is no job
    if habit and span.root.i == span.start and agent_noun(span[0]) is not None:
        return True  # "I teach maths": a maths teacher
    root = span.root
    misread = root.pos_ == "ADJ" and any(c.dep_ == "det" for c in root.children)  # "a cleaner"
    if root.pos_ not in ("NOUN", "PROPN") and not misread:
        return False
    if root.tag_ == "VBG" or span[0].tag_ == "VBG":
        return False
    if root.lower_ in NOT_A_TITLE or root.lemma_ in NOT_A_TITLE or is_drink(words):
        return False
    return any(person_noun(spelled(w, OCCUPATIONS)) for w in (root.text, root.lemma_))


def _hobby(span: Any, words: list[str]) -> bool:
    from tem.extract.lexicon import DRINK_PHRASES, HOME_NOUNS, KIN_NOUNS

    root = span.root
    if root.pos_ not in ACTIVITY_POS or any(t.pos_ == "PROPN" or t.is_upper for t in span):
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


def _pet(span: Any, words: list[str]) -> bool:
    from tem.extract.lexicon import ANIMALS, KIN_NOUNS, OCCUPATIONS

    root = span.root
    if root.lower_ in KIN_NOUNS | OCCUPATIONS | ORG_HEADS | PET_NEVER:
        return False
    mates = [root, *root.conjuncts]  # "two cats, a corgi and an axolotl"
    if any(t.lemma_.casefold() in ANIMALS or spelled(t.lower_, ANIMALS) in ANIMALS for t in mates):
        return True
    named = span.end < len(span.doc) and span.doc[span.end].lower_ in ("named", "called")
    return (root.pos_ == "NOUN" or named) and bool(sentence_words(span) & PET_CUES)


def _drink(span: Any, words: list[str]) -> bool:
    from tem.extract.lexicon import ANIMALS, FOODS

    root = span.root
    if language_of(span.text) is not None and len(span) == 1:
        return False
    if root.lower_ in FOODS or root.lower_ in ANIMALS:
        return False
    if not is_drink(words) and not sentence_words(span) & DRINK_CUES:
        return False  # "Thanks, Gina!", "Congrats!": a drink is known, or said as one
    return root.pos_ in ("NOUN", "PROPN", "ADJ") and not (len(span) == 1 and inflected(root))


DRINK_CUES = frozenset(
    """
    drink drinks drank drinking sip sipping cup cups mug glass bottle pint brew brewed
    caffeine caffeinated thirsty pour order barista cafe café teetotal sober habit
    hooked addict addicted fuel run
    """.split()
)
"""Words that say a value is drunk, when the lexicon does not know the drink."""


SHAPES: dict[str, Callable[[Any, list[str]], bool]] = {
    "works at": _employer,
    "studies at": _name,
    "lives in": _home,
    "partner": _partner,
    "job title": _title,
    "hobby": _hobby,
    "has pet": _pet,
    "favorite drink": _drink,
}
"""The shape check of each relation a learned value may have (see :func:`well_formed`)."""


def is_drink(words: list[str]) -> bool:
    from tem.extract.lexicon import DRINK_PHRASES, DRINKS

    said = f" {' '.join(words)} "
    return bool(set(words) & DRINKS) or any(
        f" {phrase} " in said or f" {phrase}s " in said for phrase in DRINK_PHRASES
    )  # "oat flat whites"


def trimmed(span: Any) -> Any:
    """``span`` without leading quantifiers: "way too much sweet tea" -> "sweet tea"."""
    start = span.start
    while start < span.end - 1 and (
        span.doc[start].lower_ in QUANTIFIERS or span.doc[start].pos_ in ("DET", "ADV")
    ):
        start += 1
    return span.doc[start : span.end]


def school_or_employer(relation: str, span: Any) -> str | None:
    """The relation a named place of study or work serves, judged by its sentence.

    Study words ("degree", "second year", "enrolled") make it a school, work words
    ("hired", "shift", "colleagues", an occupation) an employer; with both or neither,
    a name headed "University" / "College" / "Academy" is a school and the model's
    label stands otherwise (an airline that "made me redundant" is an employer).
    """
    from tem.extract.lexicon import OCCUPATIONS

    context = sentence_words(span)
    named = {t.lower_ for t in span}
    context -= named
    study = bool(context & STUDY_CUES)
    work = bool(context & WORK_CUES) or bool((context - {"student"}) & OCCUPATIONS)
    school_name = bool(named & (ORG_HEADS & STUDY_CUES | SCHOOL_HEADS))
    if study and not work:
        return "studies at"
    if work and not study:
        return "works at"
    if school_name and not work:
        return "studies at"
    return relation
