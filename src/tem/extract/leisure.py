"""Slot readers for tastes, pets, children, languages, hobbies, schools and plans (habits
given up: :mod:`tem.extract.quitting`)."""

from __future__ import annotations

import functools
from typing import Any

from tem.extract import kinds, shapes
from tem.extract import lexicon as lx
from tem.extract.offers import offered_or_applied
from tem.extract.patterns import VerbRule
from tem.extract.readers import Found, direct_object, found_one, proper_name
from tem.extract.values import children, join_tokens, objects_of, phrase, verb_phrase

Token = Any
VEHICLES = frozenset({"car", "bike", "motorcycle", "motorbike", "truck", "van", "scooter", "suv"})
NOT_PASTIMES = frozenset("role part game card lottery trick joke video fetch".split())
"""What one plays that is no pastime: "played a part", "play the lottery", "play fetch"."""
DEMONSTRATIVES = frozenset({"this", "that", "these", "those", "your", "his", "her", "their"})
DRINK_NAMES = "drink names"
"""The key of the drinks the writers named in :func:`tem.extract.learned.head_words`."""


def _words(value: str) -> set[str]:
    return set(value.casefold().split())


def _singular(word: str) -> set[str]:
    return {word, word[:-1]} if word.endswith("s") and len(word) > 3 else {word}


def taste_relation(value: str) -> str | None:
    """Return the favourite-relation a consumable belongs to, from its head word.

    "iced americanos" and "Earl Grey" are drinks; "coffee shops" (head "shops") and
    "chocolate cake" are not.
    """
    lower = " ".join(value.casefold().split())
    words = lower.split()
    if not words:
        return None
    head = _singular(words[-1])
    if head & lx.DRINKS or any(lower.endswith((p, p + "s")) for p in lx.DRINK_PHRASES):
        return "favorite drink"
    if named_drink(lower):
        return "favorite drink"
    if head & lx.FOODS:
        return "favorite food"
    return None


def named_drink(value: str) -> bool:
    """True for a drink the writers of the span model's rows named, said whole ("the
    Guinness", "monster energy", "zobo"), that is no listed place ("Malta", "Jamaica")."""
    from tem.extract.learned import head_words
    from tem.extract.places import known_place

    words = value.casefold().split()
    if words and words[0] in ("the", "my", "a"):
        words = words[1:]
    said = " ".join(words)
    names = head_words().get(DRINK_NAMES, frozenset())
    return bool(said) and bool(_singular(said) & names) and not known_place(said)


def taste_phrase(token: Token) -> str | None:
    """A drink or dish phrase, mending "sparkling water" that spaCy reads as a verb."""
    objects = children(token, ("dobj",))
    if token.tag_ == "VBG" and objects and objects[0].i == token.i + 1:
        token = objects[0]
    value = phrase(token)
    head = token.head
    adjacent = head.tag_ == "VBG" and head.i == token.left_edge.i - 1
    if value is not None and token.dep_ == "dobj" and adjacent:
        return f"{head.text} {value}"
    return value


def taste(verb: Token, rule: VerbRule) -> Found:
    values = [phrase(obj) for obj in objects_of(verb, rule.preps)]
    values += [_words_after(verb, prep) for prep in rule.preps]
    for value in values:
        relation = None if value is None else taste_relation(value)
        if relation is not None:
            return [(relation, value, "assert")]
    return []


def _words_after(verb: Token, prep: str) -> str | None:
    """The words after ``prep`` in ``verb``'s clause, read off the surface when the parse
    is wrong ("switched from chai to lemon tea" with "lemon" tagged as a verb)."""
    subtree = {t.i for t in verb.subtree}
    for token in verb.doc[verb.i + 1 : verb.sent.end]:
        if token.i not in subtree or token.is_punct:
            return None
        if token.lower_ != prep:
            continue
        words = []
        for word in verb.doc[token.i + 1 : verb.sent.end]:
            if not word.is_alpha or word.pos_ in ("ADP", "CCONJ", "SCONJ", "ADV", "PRON"):
                break
            words.append(word)
        return join_tokens(w for w in words if w.pos_ != "DET") or None
    return None


def drink(verb: Token, rule: VerbRule) -> Found:
    """ "I drink oolong"; what one drinks is a drink, known or not ("I drink arak every
    night", "a cup of sobolo"), but not an amount ("I drink a lot")."""
    obj = direct_object(verb)
    if obj is not None and obj.lemma_ in lx.CONTAINERS:
        inside = objects_of(obj, ("of",))  # "a cup of arak"
        obj = inside[0] if inside else None
    value = None if obj is None else phrase(obj)
    if value is None:
        return []
    if taste_relation(value) == "favorite drink":
        return found_one(rule, value)
    unknown = _unknown_drink(verb, obj)
    return [] if unknown is None else found_one(rule, unknown)


def _unknown_drink(verb: Token, obj: Token) -> str | None:
    """A drink no list names, told by the verb: "I drink arak every night", "stopped
    drinking sobolo"; one or two plain words, said as a habit (not "drank raki in
    Crete"), not an amount ("I drink a lot") nor "drink my woes away"."""
    words = [c for c in obj.children if c.dep_ == "compound" and c.i < obj.i] + [obj]
    after = obj.doc[obj.i + 1] if obj.i + 1 < len(obj.doc) else None
    ends = after is None or after.is_punct or after.pos_ in ("ADP", "CCONJ", "SCONJ", "DET", "NUM")
    ends = ends and (after is None or after.text != "-")  # "pu-erh": a word the list lacks
    first = obj.doc[verb.i + 1 : words[0].i]  # right after the verb, or a cup of it
    said = all(t.pos_ == "DET" or t.lemma_ in lx.CONTAINERS or t.lower_ == "of" for t in first)
    plain = all(w.pos_ in ("NOUN", "PROPN") and w.is_alpha for w in words) and len(words) <= 2
    if not (plain and ends and said) or verb.tag_ == "VBD" or obj.lower_ in AMOUNTS:
        return None
    if obj.ent_type_ in ("PERSON", "GPE") or children(verb, ("prt", "advmod"), ("away",)):
        return None
    return join_tokens(words)


AMOUNTS = frozenset(
    "lot lots alot bit ton tons load loads much amount plenty stuff thing things way litre liter"
    " litres liters gallon gallons pint pints".split()
)
"""What "drink" takes that is no drink: "I drink a lot", "I drink loads"."""


def plain_object(token: Token) -> str | None:
    if any(c.lower_ in DEMONSTRATIVES for c in token.children):
        return None
    if token.tag_ in ("VBG", "VBN"):  # "love hiking", "love being surrounded by nature"
        return verb_phrase(token)
    return phrase(token)


def liked(verb: Token, rule: VerbRule) -> Found:
    """ "I love hiking", "I enjoy jazz"; "I love that!" and "love your dress" say nothing.

    Loving a drink or a dish names a favourite: "I love oolong" -> favorite drink.
    """
    for obj in children(verb, ("dobj", "xcomp")):
        value = plain_object(obj)
        if value is None:
            continue
        taste_of = taste_relation(value) if obj.tag_ != "VBG" else None
        if taste_of is not None and verb.lemma_ in ("love", "adore") and rule.relation == "likes":
            return [(taste_of, value, rule.kind)]
        return [*found_one(rule, value), *_loved_pastime(verb, obj, value, rule)]
    return []


def _loved_pastime(verb: Token, obj: Token, value: str | None, rule: VerbRule) -> Found:
    """ "I love kitesurfing", "I enjoy bouldering": a pastime's doing loved or enjoyed
    as itself, one word the writers named pastimes by ("I love running into you" and
    "I love watching them play" are none; "I like cooking" is too weak a word)."""
    from tem.extract.learned import known_head

    done = any(c.dep_ in ("dobj", "ccomp", "xcomp", "nsubj", "attr") for c in obj.children)
    bare = obj.tag_ == "VBG" and value == obj.text and obj.is_lower and not done
    if rule.relation != "likes" or verb.lemma_ not in ("love", "enjoy", "adore") or not bare:
        return []
    return [("hobby", value, rule.kind)] if known_head("hobby", value) else []


def pet(verb: Token, rule: VerbRule) -> Found:
    obj = direct_object(verb)
    if obj is None or obj.lemma_.casefold() not in lx.ANIMALS:  # "a Labrador", capitalised
        return []
    return found_one(rule, proper_name(obj) or phrase(obj, keep_adjectives=False))


def child(verb: Token, rule: VerbRule) -> Found:
    obj = direct_object(verb)
    if obj is None or obj.lemma_ not in ("baby", "son", "daughter", "boy", "girl", "child"):
        return []
    return found_one(rule, proper_name(obj) or phrase(obj))


def vehicle(verb: Token, rule: VerbRule) -> Found:
    obj = direct_object(verb)
    if obj is None or obj.lemma_ not in VEHICLES:
        return []
    return found_one(rule, phrase(obj, keep_adjectives=False))


def driven(verb: Token, rule: VerbRule) -> Found:
    obj = direct_object(verb)
    return [] if obj is None else found_one(rule, plain_object(obj))


def language(verb: Token, rule: VerbRule) -> Found:
    found: Found = []
    for obj in children(verb, ("dobj",)):
        for word in [obj, *obj.conjuncts]:
            if word.lower_ in lx.LANGUAGES:
                found.append((rule.relation, word.text, rule.kind))
    return found


TAKEN_UP_NOT_PASTIMES = frozenset(
    "post position role job offer place spot space room time piece shift residence "
    "tenancy contract appointment seat mantle challenge invitation slack".split()
)
"""What is taken or picked up without being a pastime: "took up a post", "picked up
the pieces", "picked up extra shifts", "it takes up space"; "post-divorce", which the
parser reads as a noun after "picked up"."""


def hobby(verb: Token, rule: VerbRule) -> Found:
    """ "took up pottery", "picked up the guitar"; "picked up a book" is no hobby."""
    objs = children(verb, ("dobj", "xcomp"))
    if objs and verb.lemma_ == "pick" and children(objs[0], ("det",), ("a", "an")):
        return []
    if objs and objs[0].lemma_.casefold() in TAKEN_UP_NOT_PASTIMES:
        return []  # "took up a post with NHS Highland", "picking up the pieces"
    value = plain_object(objs[0]) if objs else None
    if value is None:
        return []
    if value.casefold() in lx.LANGUAGES:
        return [("learning", value, "assert")]
    return found_one(rule, value)


def hobby_into(verb: Token, rule: VerbRule) -> Found:
    """ "got into rock climbing"; "got into an accident" (an article) is no hobby, nor
    "got into FEUP" (a name: a school that admitted the speaker)."""
    for obj in objects_of(verb, rule.preps):
        if children(obj, ("det",), ("a", "an", "the")) or _admitted_to(obj):
            continue
        value = plain_object(obj)
        if value is not None:
            return found_one(rule, value)
    return []


def _admitted_to(obj: Token) -> bool:
    """ "got into FEUP and classes started", "got into NUS but decided not to enrol" or
    "chose not to go": a name among words of study or of a choice is a school, not a
    pastime ("got into CrossFit" stays one)."""
    from tem.extract.kinds import STUDY_CUES

    named = obj.pos_ == "PROPN" or (obj.text.isupper() and len(obj.text) > 1)
    context = {t.lemma_.casefold() for t in obj.sent} | {t.lower_ for t in obj.sent}
    chosen = bool(context & (STUDY_CUES | {"decide", "enrol", "offer", "choose", "accept"}))
    return named and (chosen or offered_or_applied(obj.sent))  # "got into X and said no"


def gerund(verb: Token, rule: VerbRule) -> Found:
    """ "I started running", "began knitting": a new hobby, unless another rule owns it."""
    for obj in children(verb, ("xcomp", "dobj")):
        if obj.tag_ == "VBG" and obj.lemma_ not in _owned():
            return found_one(rule, verb_phrase(obj))
    return []


@functools.cache
def _owned() -> frozenset[str]:
    """Verbs some rule reads: their gerund is that rule's, not a new hobby. A degree
    rule owns only a degree done ("doing my MBA"): "started doing yoga" is free; so is
    "started running" (the races rule owns only races run)."""
    from tem.extract.patterns import VERB_RULES

    free = ("degree", "raced")  # "started running" is free: only races run are "raced"'s
    return frozenset(lemma for r in VERB_RULES if r.slot not in free for lemma in r.lemmas)


RACES = frozenset("marathon half-marathon ultramarathon ultra 5k 10k 5ks 10ks parkrun".split())
"""Races one runs: "I run half-marathons", "running 5Ks now" say the pastime running."""


def raced(verb: Token, rule: VerbRule) -> Found:
    """ "I run half-marathons when my knees allow": running, by the races run."""
    obj = direct_object(verb)
    if obj is None or obj.lower_.rstrip("s") not in RACES and obj.lemma_.casefold() not in RACES:
        return []
    if obj.tag_ != "NNS" and verb.tag_ in ("VBD", "VBN"):
        return []  # "ran a marathon": once, an achievement
    return found_one(rule, "running")


def played(verb: Token, rule: VerbRule) -> Found:
    """ "I play water polo on weekends": what is played, and a pastime when it is an
    activity (a sport, a game, an instrument), not a part or a role one plays."""
    obj = direct_object(verb)
    if obj is None:
        return []
    value = plain_object(obj)
    found = found_one(rule, value)
    if value is not None and obj.i > verb.i and played_as_pastime(obj):
        span = obj.doc[obj.left_edge.i : obj.i + 1]
        if shapes.well_formed("hobby", span) and kinds.fits("hobby", span):
            found.append(("hobby", value, rule.kind))
    return found


def played_as_pastime(obj: Token) -> bool:
    """True for what is played as a pastime: a sport, game or instrument as one names it
    when playing it ("water polo", "the veena", "the drums"); "a song", "different
    genres", "top team", "a role", "fetch" are things played."""
    if obj.lemma_ in NOT_PASTIMES:
        return False
    the = any(c.dep_ == "det" and c.lower_ == "the" for c in obj.children)
    described = any(
        c.dep_ in ("det", "amod", "nummod", "poss") and c.lower_ != "the" for c in obj.children
    )
    return not described and (obj.tag_ != "NNS" or the or _game_in_plural(obj))


def _game_in_plural(obj: Token) -> bool:
    """A game named in the plural, which English lists as a word of its own ("darts",
    "dominoes", "cards", "checkers" in WordNet's noun index); "songs", "genres" are only
    plurals of things played."""
    from tem.extract.nlp import known_nouns

    return obj.lower_ != obj.lemma_.casefold() and obj.lower_ in known_nouns()


def group(verb: Token, rule: VerbRule) -> Found:
    obj = direct_object(verb)
    if obj is None or obj.lemma_ not in lx.GROUP_NOUNS:
        return []
    return found_one(rule, phrase(obj))


def school(verb: Token, rule: VerbRule) -> Found:
    for obj in objects_of(verb, rule.preps):
        owner = next((c for c in obj.children if c.dep_ == "poss" and c.pos_ == "PROPN"), None)
        if owner is not None and obj.lemma_.casefold() in kinds.STUDY_CUES:
            obj = owner  # "enrolled in the University of Melbourne's nursing programme"
        value = phrase(obj)
        if value is not None and obj is owner:
            value = value.removesuffix("'s").removesuffix("’s")
        if value is None:
            continue
        if _words(value) & lx.SCHOOL_WORDS or (verb.lemma_ != "start" and _named(obj)):
            return found_one(rule, value)
    return []


def _named(obj: Token) -> bool:
    """A name, whatever the tagger took it for: "at UCT" tagged an adverb after "study
    history" is still the organisation it recognised."""
    acronym = obj.is_upper and len(obj) > 1 and obj.ent_type_ in ("ORG", "FAC")
    return obj.pos_ == "PROPN" or acronym


def degree(verb: Token, rule: VerbRule) -> Found:
    """ "doing my MBA from IIM Ahmedabad", "pursuing a PhD at KAIST": the school of a
    degree being done (a word of study, or a degree's initials: "BTech", "B.Com")."""
    obj = direct_object(verb)
    if obj is None or not (obj.lower_ in kinds.STUDY_CUES or initials(obj.text)):
        return []
    for place in [*objects_of(verb, rule.preps), *objects_of(obj, rule.preps)]:
        if place.pos_ == "PROPN":
            return found_one(rule, phrase(place))
    return []


def initials(word: str) -> bool:
    """A degree's initials: "MBA", "BSc", "B.Com", "BTech" (capitals, a few letters)."""
    letters = word.replace(".", "")
    return 2 <= len(letters) <= 6 and word[0].isupper() and sum(c.isupper() for c in letters) >= 2


def plan(verb: Token, rule: VerbRule) -> Found:
    for action in children(verb, ("xcomp",)):
        if action.pos_ in ("VERB", "AUX"):
            return found_one(rule, verb_phrase(action))
    return []


def going_to(verb: Token, rule: VerbRule) -> Found:
    """ "I'm going to move to Denver", "gonna finish my degree"."""
    is_gonna = verb.lower_ in ("gon", "gonna")
    if not is_gonna and not (
        verb.tag_ == "VBG" and children(verb, ("aux",), ("'m", "am", "are", "'re", "is"))
    ):
        return []
    for action in children(verb, ("xcomp", "advcl")):
        if action.pos_ == "VERB" and children(action, ("aux",), ("to", "na")):
            return found_one(rule, verb_phrase(action))
    return []


GONE_PAST = frozenset({"out"})
"""A particle between "go" and the pastime: "I go out running"."""


def gone_doing(verb: Token, rule: VerbRule) -> Found:
    """ "I go sea swimming most weekends", "we still go cross-country skiing": the
    activity one goes to do, a pastime when the going is a habit (the present, "used to",
    "been going"), not one outing ("went hiking on Saturday") nor a plan ("going
    kayaking tomorrow"). The words are read off the surface, where the parser often
    takes "swimming" for a noun; the activity must end in a word the writers named
    pastimes by (:func:`tem.extract.learned.known_head`)."""
    from tem.extract.learned import known_head

    if not _habitual(verb):
        return []
    words: list[Token] = []
    for token in verb.doc[verb.i + 1 : min(verb.i + 5, verb.sent.end)]:
        if not words and token.lower_ in GONE_PAST:
            continue
        if not (token.is_alpha or token.text == "-") or token.pos_ in ("DET", "PRON", "ADP"):
            return []
        words.append(token)
        if token.lower_.endswith("ing") and len(token) > 4:
            value = verb.doc[words[0].i : token.i + 1].text
            return found_one(rule, value) if known_head("hobby", value) else []
    return []


def _habitual(verb: Token) -> bool:
    """A going that is a habit: "I go", "she goes", "I don't go", "I used to go", "I've
    been going"; not "went", "will go", "want to go" nor "I'm going"."""
    auxes = {c.lower_ for c in verb.children if c.dep_ == "aux"}
    if verb.tag_ in ("VBP", "VBZ"):
        return True
    if verb.tag_ == "VB":
        used = verb.dep_ == "xcomp" and verb.head.lemma_ == "use"
        return used or bool(auxes & {"do", "does", "did"})
    return verb.tag_ == "VBG" and "been" in auxes
