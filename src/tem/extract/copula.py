"""Facts stated without an action verb: "I'm now a senior engineer", "my go-to is a
flat white", "X is my favourite drink", "my dog Max", "my new flat in Leeds", "home for
me is Lisbon", "my job is at Acme", "my first week at Acme".
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters
from tem.extract import lexicon as lx
from tem.extract.enthusiasts import pastime_of
from tem.extract.facts import Candidate, Kind
from tem.extract.farewells import pet_gone
from tem.extract.home_is import home_is, present
from tem.extract.household import household_facts
from tem.extract.leisure import taste_phrase, taste_relation
from tem.extract.partners import name_said_of, person_name
from tem.extract.posts import posts_at
from tem.extract.presupposed import missed, presupposed
from tem.extract.readers import proper_name
from tem.extract.subjects import FIRST_POSSESSIVE, first_possessed, name_of, subject_token
from tem.extract.titled import organisations_of, title_head
from tem.extract.values import (
    children,
    is_place,
    join_tokens,
    objects_of,
    phrase,
    place_from,
    place_named_before,
    place_text,
    verb_phrase,
    wedded_to_a_thing,
)

Token = Any
Stated = list[tuple[str, str, str | None, Kind]]
STATUS_WORDS = frozenset({"single", "married", "engaged", "divorced", "widowed", "separated"})
SELF_LANGUAGE = frozenset({"native", "first", "mother", "home"})
FAVORED = frozenset({"favorite", "favourite", "go", "go-to", "usual"})
ANSWER_FILLERS = frozenset({"ADV", "DET", "INTJ", "CCONJ"})
"""Words around a one-phrase answer: "*Definitely* chai", "*Probably a* flat white"."""
ANAPHORS = frozenset({"it", "that", "this"})
FIRST_PERIODS = frozenset({"day", "week", "month", "shift"})
PET_MODIFIERS = frozenset({"rescue", "baby", "pet", "family"})
"""Words before an animal that say how it came or who it is, not its kind."""
PET_ENDINGS = frozenset({"die", "pass", "put", "rehome", "run"})  # "my dog died"


def be_facts(be: Token, speaker: str) -> Stated:
    """Facts from a "be" clause, about its subject or about a "my ..." subject."""
    home = home_is(be, speaker) or _participle_misread(be, speaker)
    if home:
        return home
    inverted = _inverted_my_noun(be, speaker)
    if inverted:
        return inverted
    subject = subject_token(be) or _noun_csubj(be)
    if subject is None:
        return []
    compounds = [c for c in subject.children if c.dep_ == "compound"]  # "My mother language"
    owner = next((c for t in (subject, *compounds) for c in t.children if c.dep_ == "poss"), None)
    if owner is not None and owner.lower_ in FIRST_POSSESSIVE:
        found = _my_noun_is(subject, be, speaker)
        if found:
            return found
    name = name_of(subject, speaker)
    if name is None:
        return []
    return [(name, r, v, k) for r, v, k in _person_is(be)]


def _participle_misread(be: Token, speaker: str) -> Stated:
    """ "My favourite drink is sparkling water", "my hobbies are weaving and gardening":
    spaCy reads "is sparkling", "are weaving" as a verb whose subject is the noun."""
    verb = be.head
    if be.dep_ != "aux" or verb.tag_ != "VBG":
        return []
    subjects = children(verb, ("nsubj",)) or children(be, ("nsubj",))
    listed = verb.i + 1 < len(verb.doc) and verb.nbor().text == ","
    objects = [] if listed else children(verb, ("dobj",))
    if not subjects:  # "my hobbies are surfing, guitar and ...": a list, no object
        return []
    owner = next((c for c in subjects[0].children if c.dep_ == "poss"), None)
    obj = phrase(objects[0]) if objects else None
    if owner is None or owner.lower_ not in FIRST_POSSESSIVE or objects and obj is None:
        return []
    value = verb.text if obj is None else f"{verb.text} {obj}"
    relation = _my_noun_relation(subjects[0], value)
    if relation == "hobby" and subjects[0].lemma_ in ("hobby", "passion"):
        return [(speaker, relation, value, "assert")]  # a hobby does no weaving
    if relation is None or obj is None or relation != taste_relation(value):
        return []
    return [(speaker, relation, value, "assert")]


def _noun_csubj(be: Token) -> Token | None:
    """ "my go-to drink is tea": spaCy sometimes reads the "go-to" noun as a clause, or
    as the head of "is"."""
    found = children(be, ("csubj",))
    if be.dep_ == "aux" and be.head.pos_ == "NOUN" and be.head.i < be.i:
        found.append(be.head)
    return next((c for c in found if c.pos_ == "NOUN" or children(c, ("poss",))), None)


def _person_is(be: Token) -> list[tuple[str, str | None, Kind]]:
    found: list[tuple[str, str | None, Kind]] = []
    for attr in children(be, ("attr", "acomp")):
        lower = attr.lower_
        pastime = pastime_of(attr) if attr.dep_ == "attr" else None
        if pastime is not None:  # "I'm a keen sailor": sailing
            found.append(("hobby", pastime, "assert"))
        elif _student(attr):  # enrolled, not employed: no job title
            found += [("studies at", e, "assert") for e in organisations_of(attr)]
        elif attr.dep_ == "attr" and title_head(attr):
            found.append(("job title", phrase(attr), "assert"))
            found += [
                ("works at", e, "assert") for e in organisations_of(attr, proper=True, titled=True)
            ]
        elif lower in STATUS_WORDS and not wedded_to_a_thing(attr):  # "married to my work"
            found.append(("relationship status", lower, "assert"))
            if lower in ("married", "engaged"):  # "I'm engaged to a man named Idris"
                named = (person_name(o) for o in objects_of(attr, ("to",)))
                found += [("partner", n, "assert") for n in named if n]
        elif lower == "retired":
            found += [("job title", "retired", "assert"), ("works at", None, "end")]
        elif lower == "fluent":
            said = [_thanked(o) for o in objects_of(attr, ("in",))]  # "in Tamil thanks to"
            found += [("speaks", o.text, "assert") for o in said]
        elif lower == "based":
            found += _place(attr)
    found += [("hobby", v, "assert") for v in _values(objects_of(be, ("into",)))]
    found += [("works at", e, "assert") for e in organisations_of(be)]
    if any(o.lower_ == "market" for o in objects_of(be, ("off",))) and not _said_how(be):
        found.append(("relationship status", "in a relationship", "assert"))
    return found


HOW_TAKEN = frozenset(lx.CUE_STATUS) | {"knot", "ring", "question", "knee", "official", "seeing"}
"""Words that say how the speaker came off the market, a status of their own: "tied the
knot", "put a ring on it", "popped the question", "we've been seeing each other"."""


def _thanked(token: Token) -> Token:
    """The word before "thanks to" the parser joined to it: "fluent in *Tamil* thanks to
    my grandparents"."""
    if token.lower_ != "thanks":
        return token
    return next((c for c in token.children if c.dep_ == "compound"), token)


def _said_how(be: Token) -> bool:
    """True when "off the market" comes with a word of how (:data:`HOW_TAKEN`)."""
    return any(t.lower_ in HOW_TAKEN or t.lemma_ in HOW_TAKEN for t in be.sent)


def _student(attr: Token) -> bool:
    """ "a student", "a freshman", "a second-year" (not "my second year at Google")."""
    if attr.lemma_.casefold() in lx.STUDENTS:
        return True
    said = {c.lower_ for c in attr.children if c.dep_ in ("amod", "compound", "det")}
    return attr.lemma_ == "year" and bool(said & lx.STUDY_YEARS) and "a" in said


def _place(token: Token) -> list[tuple[str, str | None, Kind]]:
    value = place_from(token, ("in", "out"))
    return [] if value is None else [("lives in", value, "assert")]


def _values(tokens: list[Token]) -> list[str]:
    found = [verb_phrase(t) if t.tag_ == "VBG" else phrase(t) for t in tokens]
    return [f for f in found if f]


def _complement(be: Token) -> Token | None:
    found = children(be, ("attr", "acomp", "xcomp", "ccomp"))
    return found[0] if found else None


def _my_noun_is(noun: Token, be: Token, speaker: str) -> Stated:
    """ "my favourite drink is X", "my go-to is X", "my new role is X", "my plan is to X",
    "my job is at Acme"."""
    target = _complement(be)
    if target is None:
        if noun.lemma_ in lx.JOB_NOUNS and present(be):
            return [
                (speaker, "works at", org, "assert") for org in organisations_of(be, proper=True)
            ]
        return []
    if target.lemma_ in lx.CONTAINERS:  # "my favourite drink is a cold glass of buttermilk"
        target = next(iter(objects_of(target, ("of",))), target)
    value = verb_phrase(target) if target.pos_ in ("VERB", "AUX") else phrase(target)
    relation = _my_noun_relation(noun, value)
    if relation is None or value is None:
        return []
    if relation == "job title" and target.pos_ == "ADJ":
        return []  # "my job is great": how it is, not what it is
    listed = [value]
    if noun.tag_ == "NNS":  # "my go-to drinks are horchata, Jarritos and agua de jamaica"
        items = [t for a in children(be, ("attr",))[1:] for t in (a, *a.conjuncts)]
        listed += [v for v in (phrase(t) for t in items if t.pos_ in ("NOUN", "PROPN")) if v]
    return [(speaker, relation, v, "assert") for v in dict.fromkeys(listed)]


def _my_noun_relation(noun: Token, value: str | None) -> str | None:
    modifiers = {c.lower_ for c in noun.children}
    lemma = noun.lemma_.casefold()
    if modifiers & FAVORED and lemma in lx.FAVORITE_CATEGORIES:  # "my go-to drink"
        return lx.FAVORITE_CATEGORIES[lemma]
    if modifiers & {"favorite", "favourite"} or lemma in ("favorite", "favourite"):
        return _favorite(noun, value)
    if lemma in ("go", "to", "usual", "go-to") or "go" in modifiers:
        return None if value is None else taste_relation(value) or "likes"
    if lemma in ("job", "role", "title", "position"):
        return "job title"
    if lemma in ("hobby", "passion"):
        return "hobby"
    if lemma == "personality" and value is not None:  # "cold brew is my whole personality"
        gerund = value.split()[-1].casefold().endswith("ing")
        return taste_relation(value) or ("hobby" if gerund else None)
    if lemma in HABIT_NOUNS and value is not None:  # "Tea is my lifeblood"
        return "favorite drink" if taste_relation(value) == "favorite drink" else None
    if lemma == "plan":
        return "plan"
    if lemma in ("language", "tongue") and modifiers & SELF_LANGUAGE:
        return "speaks"
    return None


HABIT_NOUNS = frozenset("lifeblood ritual tipple vice weakness fuel poison staple".split())
"""What a drink the speaker lives on is called: "Tea is my lifeblood", "my morning
ritual"; only a drink is read so ("Netflix is my weakness" is none)."""


def _favorite(noun: Token, value: str | None) -> str:
    category = noun.lemma_.casefold()
    if category in ("favorite", "favourite"):  # "X is my favourite": by what X is
        return (None if value is None else taste_relation(value)) or "likes"
    return lx.FAVORITE_CATEGORIES.get(category, f"favorite {category}")


def _inverted_my_noun(be: Token, speaker: str) -> Stated:
    """ "Oat lattes are my favourite drink", "Painting is my hobby": the subject is the value.

    "I'm hooked on chai, it's my favourite now": "it" stands for the drink or food
    named earlier in the sentence (only a drink or food: other antecedents are guesses).
    """
    for attr in children(be, ("attr",)):
        owner = next((c for c in attr.children if c.dep_ == "poss"), None)
        if owner is None or owner.lower_ not in FIRST_POSSESSIVE:
            continue
        subjects = children(be, ("nsubj",))
        if subjects and subjects[0].lower_ in ANAPHORS:
            value = _taste_antecedent(subjects[0])
            relation = None if value is None else _my_noun_relation(attr, value)
            if value is None or relation != taste_relation(value):
                continue
        else:
            value = phrase(subjects[0]) if subjects else None
            relation = _my_noun_relation(attr, value)
        if relation is not None and value is not None:
            return [(speaker, relation, value, "assert")]
    return []


def _taste_antecedent(pronoun: Token) -> str | None:
    """The nearest drink or food phrase before ``pronoun`` in its sentence."""
    for token in reversed(pronoun.doc[pronoun.sent.start : pronoun.i]):
        if token.pos_ in ("NOUN", "PROPN") and token.dep_ not in ("compound", "poss"):
            value = taste_phrase(token)
            if value is not None and taste_relation(value) is not None:
                return value
    return None


def _denied(noun: Token) -> bool:
    """ "That's *not my cat*", "he isn't my boyfriend": what the speaker owns is said to
    be something else (not "my cat isn't well", the owned one the subject)."""
    head = noun.head
    return (
        noun.dep_ == "attr" and head.lemma_ == "be" and any(c.dep_ == "neg" for c in head.children)
    )


def _lowercase_pet_name(noun: Token) -> bool:
    """A name typed in lowercase after an animal ("our old border collie bess"): no
    English word, with an animal word as its compound."""
    from tem.extract.nlp import english_word

    kinds_before = [c for c in noun.children if c.dep_ == "compound" and c.i == noun.i - 1]
    animal = any(c.lemma_.casefold() in lx.ANIMALS for c in kinds_before)
    return animal and noun.is_lower and noun.is_alpha and not english_word(noun.text)


def possessive_facts(noun: Token, speaker: str) -> Stated:
    """ "my dog Max" -> has pet; "my girlfriend Anna" -> partner; "my flat in Leeds"."""
    owner = next((c for c in noun.children if c.dep_ == "poss"), None)
    named_mine = _named_by(noun) and first_possessed(noun)
    if household := household_facts(noun, speaker):
        return household  # "the dog and I", "this flat in Fitzroy", "my commute from X"
    if not named_mine and (owner is None or owner.lower_ not in FIRST_POSSESSIVE):
        return []  # "our dog Rex": the parser hangs "our" on the name
    if _denied(noun):
        return []
    lemma = noun.lemma_.casefold()
    lowercase = _lowercase_pet_name(noun)  # "our old collie bess passed away"
    if lemma not in lx.ANIMALS and (lowercase or _behaves_as_pet(noun)):
        name = noun.text if lowercase else phrase(noun, keep_adjectives=False)  # "my
        # Ridgeback barked at the postman"
        return [] if not name else [(speaker, "has pet", name, "assert")]
    if lemma in lx.ANIMALS:
        name = proper_name(noun) or _compound_name(noun)
        ending = noun.dep_.startswith("nsubj") and noun.head.lemma_ in PET_ENDINGS
        if name is None and noun.dep_ != "compound" and (not ending or pet_gone(noun.head)):
            # "my dog died": ended by farewells; "ran away", or a hidden death, is the model's
            kind = phrase(noun, keep_adjectives=False) or ""
            name = " ".join(w for w in kind.split() if w.casefold() not in PET_MODIFIERS)
        return [] if not name else [(speaker, "has pet", name, "assert")]
    if lemma in lx.PARTNER_NOUNS:
        named = name_said_of(noun)
        name = (
            proper_name(noun)
            or _compound_name(noun)
            or (named and phrase(named))
            or _twin_name(noun)
        )
        return [] if name is None else [(speaker, "partner", name, "assert")]
    if lemma in lx.HOME_NOUNS:
        place = place_from(noun, ("in", "near")) or _place_beside(noun) or place_named_before(noun)
        if place is None or not presupposed(noun):
            return []
        return [(speaker, "lives in", place, "end" if missed(noun) else "assert")]
    if lemma in FIRST_PERIODS and children(noun, ("amod",), ("first",)):
        if filters.names_future_day(noun.sent) or (
            noun.head.pos_ in ("VERB", "AUX") and filters.blocked(noun.head)
        ):
            return []  # "my first day at Acme is next Monday"
        return [(speaker, "works at", org, "assert") for org in _first_days_at(noun)]
    return posts_at(noun, speaker)


ANIMAL_DOINGS = frozenset(
    "bark meow miaow purr howl growl whine wag chirp squawk neigh moult hiss yap woof".split()
)
"""What only an animal does: "my Ridgeback barked at the postman"."""
PET_CARE = frozenset("walk groom neuter spay deworm".split())
"""What one does to one's own animal: "walked Bars, my Alabai"."""


def _behaves_as_pet(noun: Token) -> bool:
    """A word the animal list lacks (a breed: "Basenji", "Thai Ridgeback") that the
    clause shows to be an animal: it barks or purrs, or is walked or groomed (then
    written as a name is: "walk my bike" is no pet)."""
    if noun.lower_ in lx.KIN_NOUNS or noun.lower_ in lx.PARTNER_NOUNS:
        return False
    head = noun.head if noun.dep_ != "appos" else noun.head.head
    role = noun.dep_ if noun.dep_ != "appos" else noun.head.dep_
    if role in ("nsubj", "nsubjpass") and head.lemma_.casefold() in ANIMAL_DOINGS:
        return True
    return role == "dobj" and head.lemma_.casefold() in PET_CARE and noun.text[:1].isupper()


def _place_beside(noun: Token) -> str | None:
    """The place right after a home that the parser hung on the verb: "nearly burned
    down my flat in Leeds", "took a taxi back to my place in Zamalek"."""
    doc = noun.doc
    after = doc[noun.i + 1] if noun.i + 1 < len(doc) else None
    if after is None or after.lower_ not in ("in", "near") or after.head not in noun.ancestors:
        return None
    for obj in children(after, ("pobj",)):
        # "my flat in Marrakech's medina": the town, not its quarter's common noun
        obj = next((c for c in obj.children if c.dep_ == "poss" and is_place(c)), obj)
        if is_place(obj):
            return place_text(obj)
    return None


def _first_days_at(noun: Token) -> list[str]:
    """ "my first week at Globex": a new employer; not a school, a trip or a job."""
    found = []
    places = [noun, noun.head] if noun.dep_ == "attr" else [noun]  # "this was my first week at"
    for org in [o for p in places for o in organisations_of(p, proper=True)]:
        words = set(org.casefold().split())
        if not words & (lx.SCHOOL_WORDS | lx.TRIP_NOUNS):
            found.append(org)
    return found


def _compound_name(noun: Token) -> str | None:
    """ "my husband Tom": spaCy often reads the name as the head, the noun as compound."""
    if _named_by(noun):
        return phrase(noun.head)
    return None


def _named_by(noun: Token) -> bool:
    """The noun is hung on the name after it: "my husband Tom", "my fiancée Ishita"."""
    hung = noun.dep_ == "compound" or noun.dep_ == "amod" and noun.pos_ == "NOUN"
    return bool(hung and noun.head.pos_ == "PROPN" and noun.head.i > noun.i)


def _twin_name(noun: Token) -> str | None:
    """ "my boyfriend | Daniel is doing a road trip": the name read as the noun's twin,
    the same role of the same verb (two subjects)."""
    after = noun.doc[noun.i + 1] if noun.i + 1 < len(noun.doc) else None
    if after is None or after.pos_ != "PROPN":
        return None
    return phrase(after) if after.head.i == noun.head.i and after.dep_ == noun.dep_ else None


def answered_question(question: Any, answer: Any, speaker: str) -> list[Candidate]:
    """ "My favourite drink these days? Definitely chai.": a question the speaker answers
    in the next sentence, both without a verb."""
    if not _is_fragment(question) or not _is_fragment(answer):
        return []
    asked, said = question.root, answer.root
    if asked.pos_ != "NOUN":
        return []
    value = join_tokens(t for t in answer if not t.is_punct and t.pos_ not in ANSWER_FILLERS)
    owner = next((c for c in asked.children if c.dep_ == "poss"), None)
    if owner is not None and owner.lower_ not in FIRST_POSSESSIVE:
        return []
    if not {c.lower_ for c in asked.children} & FAVORED and asked.lemma_ not in FAVORED:
        return []
    relation = _my_noun_relation(asked, value) if value else None
    if relation is None:
        return []
    return [Candidate(speaker, relation, value, "assert", said.i)]


def _is_fragment(sentence: Any) -> bool:
    """A few words with no clause: "My favourite drink these days?", "Definitely chai."
    (spaCy may tag a one-word answer such as "chai" as a verb)."""
    words = [t for t in sentence if not t.is_punct]
    if len(words) > 6 or any(t.pos_ == "AUX" or t.dep_ in ("nsubj", "nsubjpass") for t in words):
        return False
    root = sentence.root
    if root.pos_ in ("NOUN", "PROPN"):
        return True
    return root.pos_ in ("VERB", "ADJ") and all(
        c.dep_ in ("advmod", "punct") for c in root.children
    )
