"""What kind of thing a relation's value can be: a city is no employer, a film no drink.

The span model proposes values from context alone; these checks hold it to the meaning
of each relation, using the entity types of the English pipeline and, for languages,
:mod:`tem.extract.languages`. The shape each relation's values must have (a home
comes with a word of home, a job title names a person) is :mod:`tem.extract.shapes`.
"""

from __future__ import annotations

import difflib
import functools
from typing import Any

from tem.extract.enthusiasts import pastime_of
from tem.extract.languages import LANGUAGE_CUES, language_of, living_language
from tem.extract.nlp import INTRO_ITEMS
from tem.extract.subjects import SUBJECT_DEPS
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
        if being_learnt(span):
            return False
        if any(describes(t) for t in span if language_of(t.text) is not None):
            return False  # "my Italian relatives", "Spanish lessons"
        if language_of(span.text) is not None or span.root.ent_type_ in ("LANGUAGE", "NORP"):
            return True
        if living_language(span.text) and span.root.pos_ in ("PROPN", "ADJ", "NOUN"):
            return True  # "I was taught Pashto by my grandmother"
        if determined(span.root):
            return False  # no language: "with my nan and English", "at the croft and ..."
        if any(language_of(t.text) is not None for t in span.root.conjuncts):
            return True  # listed with languages: "Swahili, Luganda and Kinyarwanda"
        cued = any(t.lower_ in LANGUAGE_CUES for t in span.sent)
        named = {t.ent_type_ for t in span} & {"ORG", "GPE", "FAC", "DATE"}
        return cued and not named and len(span) <= 3 and span.root.pos_ in ("PROPN", "ADJ")
    if relation == "job title" and pastime_of(span.root) is not None:
        return False  # "a keen fell walker" walks for pleasure
    if _named_otherwise(relation, span):
        return False
    banned = NOT_A.get(relation, frozenset())
    types = {t.ent_type_ for t in span if t.ent_type_}
    if relation == "favorite drink" and is_drink([t.lower_ for t in span]):
        return True  # "Masala chai is in my bloodstream": the tagger's GPE is wrong
    return not types or not types <= banned


def _named_otherwise(relation: str, span: Any) -> bool:
    """True for an animal or a drink in the name of something else: "living on *hot
    dogs*" (a food), "*Red Bull* Salzburg's academy" (a club)."""
    root = span.root
    if relation == "has pet":
        return eaten_as_named(root)
    if relation != "favorite drink" or root.dep_ != "compound":
        return False
    name = root.head
    return bool(name.i >= span.end and name.ent_type_ == "ORG" and name.text[:1].isupper())


def eaten_as_named(animal: Any) -> bool:
    """True for an animal word in the name of a food: "hot dogs"."""
    return any(c.lower_ == "hot" for c in animal.children)


SPOKEN_NOUNS = frozenset("speaker speakers tongue language languages native".split())


def describes(token: Any) -> bool:
    """True for a language word that only describes a noun after it: "my Italian
    relatives", "Hebrew homework", "Spanish lessons", "a Hungarian degree"; not "a
    native Spanish speaker", "my mother tongue", nor the speaker's work in it ("Arabic
    tutor on weekends")."""
    head = token.head
    modifier = token.dep_ in ("amod", "compound") and head.i > token.i and head.pos_ == "NOUN"
    between = token.doc[token.i : head.i].text
    modifier = modifier and head.is_alpha and "\n" not in between  # not an emoji ("🇧🇷"),
    # nor a word on the next line: "- I speak Mandarin and English\n- hobby: ..."
    spoken = language_of(head.text) is not None or living_language(head.text)
    if not modifier or head.lower_ in SPOKEN_NOUNS or spoken:
        return False  # "portuguese native", "i speak urdu punjabi and english"
    owned = any(c.dep_ == "poss" for c in head.children)
    teacher = person_noun(head.text) and not owned  # "Arabic tutor on weekends"
    taught = head.head.lemma_ in ("teach", "give")  # "I teach evening Japanese classes"
    return not (teacher or taught)


def determined(token: Any) -> bool:
    """True when ``token`` has a definite article or an owner's pronoun ("my nan", "the
    croft"): a language is named bare, or "a bit of" one ("a shaky French"), or someone's
    ("Mum's Punjabi")."""
    return any(
        c.dep_ == "det"
        and c.lower_ in ("the", "this", "that")
        or c.dep_ == "poss"
        and c.pos_ == "PRON"
        for c in token.children
    )


LEARNING = frozenset({"learn", "study", "practise", "practice", "take", "teach", "pick"})
"""Verbs of a language being learnt, not spoken: "I'm learning Tamil", "taking german this
year", "Camila is teaching me Spanish", "picking up French at school"."""


def being_learnt(span: Any) -> bool:
    """True for a language learnt now, not yet spoken: the object of a verb of learning
    in the present or a gerund ("I'm learning Japanese", "im taking german this year",
    "Camila is teaching me Spanish"). "I learned Portuguese in Lisbon", "I picked up
    Igbo", "I teach Polish" and "learning Welsh for three years" are spoken."""
    verb = span.root.head
    taught = {c.lower_ for c in verb.children if c.dep_ in ("dobj", "dative")} & {"me", "us"}
    if verb.lemma_ == "teach" and not taught:
        return False  # "I teach Polish on Saturdays": spoken
    years = any(c.lower_ == "for" and _for_years(c) for c in verb.children)
    return (
        verb.lemma_.casefold() in LEARNING
        and span.root.dep_ in ("dobj", "pobj", "oprd")
        and verb.tag_ in ("VBG", "VBP", "VBZ")
        and not years  # "I've been learning Welsh for three years": spoken by now
    )


def _for_years(prep: Any) -> bool:
    return any(o.lower_ in ("year", "years", "yrs", "decade", "decades") for o in prep.children)


# --- What a learned value must look like, and which of two close relations it serves ---


GREETINGS = frozenset(
    {"hey", "hi", "hello", "yeah", "yes", "ok", "okay", "oh", "kia", "omg", "lol"}
)


ORG_HEADS = frozenset(
    """
    institute foundation university college school academy hospital clinic bank office
    company ministry council agency department centre center museum corporation group
    municipality authority government
    """.split()
)
"""Head words that make a name an organisation, so never a place one lives in."""


NOT_A_TITLE = frozenset(
    """
    job position role post gig career school academy course office company university
    college class program programme level shift application offer club time need
    tourist visitor guest traveller traveler backpacker passenger patient customer
    hiker rambler jogger trekker climber boulderer skier snowboarder surfer skater
    skateboarder cyclist golfer gamer knitter crocheter birder birdwatcher kayaker angler
    hobbyist enthusiast fan
    """.split()
)
"""Head words of phrases a job title is never ("a teaching job", "a language school",
"a tourist in Rome"), among them the people a pastime makes of one ("an expert hiker",
"a keen rambler": a hobby, not an occupation)."""


QUANTIFIERS = frozenset(
    {"much", "many", "lots", "lot", "way", "too", "so", "more", "plenty", "far", "enough"}
)


STUDY_CUES = frozenset(
    """
    study studies studying student degree course major minor enrol enroll enrolled class
    classes semester term freshman sophomore undergrad undergraduate grad postgrad
    master masters mba msc bsc phd dphil doctorate bachelor bachelors diploma bootcamp pgce thesis
    lecture lectures graduate graduated graduation alumni programme program exam exams
    coursework dissertation essay essays seminar seminars module modules tutorial tutorials
    revision revising
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
    career contract manager staff retire retired teach teaching taught lifer workplace paid
    payroll desk gig transfer transferred relocate relocated posted apprenticeship
    lecturing recruit recruited trainee sack sacked headhunt headhunted poach poached
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


AGENT_SUFFIXES = tuple(
    "er or ist ian ant ent man woman eer ee smith wright ive ic ier yst ess maid hand dev".split()
)


TITLE_WORDS = frozenset(
    "head chief lead officer president partner associate fellow owner minister nurse".split()
)


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


def sentence_words(span: Any) -> set[str]:
    """The lemmas and lowercase forms of the words of ``span``'s sentence (cue lookups),
    and of the heading before it when that ends in a colon: "I work two jobs: Shoprite
    on weekdays" (a colon ends a sentence: :func:`tem.extract.nlp.colon_break`)."""
    heading = heading_before(span.sent)
    words = [*span.sent, *(heading or ())]
    return word_forms(words)


def word_forms(words: Any) -> set[str]:
    """The lemmas and lowercase forms of ``words``, casefolded."""
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


def intro_item(sentence: Any) -> bool:
    """True for an item of a list that introduces the speaker, parsed as a sentence of
    its own (:func:`tem.extract.nlp.item_break`): "Intro: 📍 Kano 🐈 two cats"."""
    return sentence.start in sentence.doc.user_data.get(INTRO_ITEMS, ())


SPEAKER_OBJECTS = frozenset({"me", "us"})


def acts_on_speaker(verb: Any) -> bool:
    """True when the speaker is ``verb``'s object ("took *me* on", "has had *me* as a
    designer", "gave *me* a post") or the subject of its complement ("let *me* go"),
    not its subject: an organisation or an animal acting on the speaker states a fact
    about the speaker."""
    if children(verb, ("dobj", "dative", "iobj"), SPEAKER_OBJECTS):
        return True
    complements = children(verb, ("ccomp", "xcomp"))
    return any(children(c, ("nsubj",), SPEAKER_OBJECTS) for c in complements)


def hands_over(verb: Any) -> bool:
    """True when ``verb`` gives the speaker a thing that is no work ("Amazon sent *me* a
    refund", "shipped me the wrong phone"): a shop or a bank serving a customer, not an
    employer ("gave me a job", "has had me as a designer" are work)."""
    if not children(verb, ("dative", "iobj", "dobj"), SPEAKER_OBJECTS):
        return False
    things = [c for c in children(verb, ("dobj",)) if c.lower_ not in SPEAKER_OBJECTS]
    return any(t.lemma_.casefold() not in work_objects() for t in things)


@functools.cache
def work_objects() -> frozenset[str]:
    """What an employer gives: work, a post and the words for one ("gave me a *chance*")."""
    from tem.extract.lexicon import OCCUPATIONS

    extra = {"post", "chance", "break", "start", "raise", "promotion", "bonus"}
    return WORK_CUES | OCCUPATIONS | extra


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
    return doer(str(verb.lemma_).casefold())


def doer(stem: str) -> str | None:
    """The listed occupation whose doing ``stem`` is: "teach" teacher, "bake" baker, "nurs"
    (of "nursing") nurse."""
    from tem.extract.lexicon import OCCUPATIONS

    return next((n for n in (stem, stem + "e", stem + "r", stem + "er") if n in OCCUPATIONS), None)


def retyped(relation: str, span: Any) -> str:
    """The relation a value's kind overrules: a drink proposed as a partner is the drink
    ("Tea and I broke up in May")."""
    return "favorite drink" if relation == "partner" and consumed(span.root) else relation


def consumed(token: Any) -> bool:
    """True for a drink or a food, whatever the tagger took it for ("Tea and I")."""
    from tem.extract.lexicon import DRINKS, FOODS

    return token.lower_ in DRINKS or token.lower_ in FOODS


def is_drink(words: list[str]) -> bool:
    from tem.extract.lexicon import DRINK_PHRASES, DRINKS

    said = f" {' '.join(words)} "
    singular = {w[:-1] for w in words if w.endswith("s")}  # "double espressos", "diet cokes"
    return bool((set(words) | singular) & DRINKS) or any(
        f" {phrase} " in said or f" {phrase}s " in said for phrase in DRINK_PHRASES
    )  # "oat flat whites"


def _finite_verb(token: Any) -> bool:
    """A present verb with its subject ("nothing *beats* black coffee"): no drink's name
    starts with one. A past form may be an adjective ("iced", "condensed"), and an
    unknown "-s" word tagged as a verb has no subject ("and rooibos with honey")."""
    said = token.tag_ in ("VBZ", "VBP")
    return said and any(c.dep_ in SUBJECT_DEPS for c in token.children)


def trimmed(span: Any) -> Any:
    """``span`` without leading quantifiers or a finite verb, or a trailing noun of habit:
    "way too much sweet tea" -> "sweet tea", "(nothing) beats black coffee" -> "black
    coffee", "flat white habit" -> "flat white"."""
    start = span.start
    while start < span.end - 1 and (
        span.doc[start].lower_ in QUANTIFIERS
        or span.doc[start].pos_ in ("DET", "ADV")
        or _finite_verb(span.doc[start])
    ):
        start += 1
    end = span.end
    while end - 1 > start and span.doc[end - 1].lemma_ in HABIT_NOUNS:
        end -= 1  # "my flat white habit": the drink is "flat white"
    return span.doc[start:end]


HABIT_NOUNS = frozenset({"habit", "addiction", "obsession", "fix", "problem"})
"""Nouns after a drink that name the drinking, not the drink: "my flat white *habit*"."""


def is_animal(token: Any) -> bool:
    """True for a word of an animal, its lemma or a misspelling of one ("chihuahuas")."""
    from tem.extract.lexicon import ANIMALS

    return token.lemma_.casefold() in ANIMALS or spelled(token.lower_, ANIMALS) in ANIMALS


def clause_of(token: Any) -> Any:
    """The verb (or the sentence root) that governs ``token``; a verb the parse uses as a
    preposition ("five languages *including* Amharic") or one that gives a name ("a guy
    *named* Murat") is none."""
    while (token.pos_ not in ("VERB", "AUX") or _not_a_clause(token)) and token.head.i != token.i:
        token = token.head
    return token


def _not_a_clause(verb: Any) -> bool:
    """A verb used as a preposition ("including") or a name given ("a guy *named* Murat")."""
    return verb.dep_ == "prep" or naming(verb)


def naming(token: Any) -> bool:
    """True for a participle that gives a noun its name: "a cat *named* Miso", "a guy
    *called* Tobi"."""
    return bool(token.dep_ == "acl" and token.lemma_ in ("name", "call"))


def name_given(noun: Any) -> Any | None:
    """The proper noun a noun is given as its name: "a bakery called *Mugi*", "a
    fintech called *PayLoop*"; None when it is given none."""
    return next(
        (
            o
            for acl in noun.children
            if naming(acl)
            for o in acl.children
            if o.dep_ in ("oprd", "dobj", "attr", "npadvmod") and o.pos_ == "PROPN"
        ),
        None,
    )


DAILY_TIMES = frozenset("day morning afternoon evening night".split())
"""The times of a day a drink is had at, every day."""


def taken_daily(span: Any) -> bool:
    """True for a thing had at a time of every day, as a drink is: "tinto every
    morning", "kaapi all afternoon", "my 4th zobo of the day", "three a day"."""
    after = [t.lower_ for t in span.doc[span.end : span.end + 4]]
    pairs = list(zip(after, after[1:], strict=False))
    every = any(a in ("every", "evry", "each", "all") and b in DAILY_TIMES for a, b in pairs)
    per = any(a in ("a", "per", "the") and b == "day" for a, b in pairs)
    return every or per or bool(after) and after[0] == "daily"


def mine_and_named(span: Any) -> bool:
    """A kind the span model proposed right after "my"/"our" and right before a name:
    "my german shepherd Zeus", "My Samoyed Snezhok" (which the tagger takes for a place),
    whatever the parse made of it; not "our Maltese neighbours"."""
    doc = span.doc
    if span.start == 0 or span.end >= len(doc) or doc[span.start - 1].lower_ not in ("my", "our"):
        return False
    name = doc[span.end]
    one_name = name.ent_iob_ == "I"  # "Samoyed Snezhok", one place to the tagger
    placed = name.ent_type_ == "ORG" or name.ent_type_ == "GPE" and not one_name
    kind = span[-1].pos_ not in ("VERB", "AUX")  # not "Our childminder speaks Polish"
    return kind and name.pos_ == "PROPN" and name.text[:1].isupper() and not placed
