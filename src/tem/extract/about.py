"""Whom a clause is about: the speaker, or someone else.

The span model marks values; whether a clause states them of the speaker is read here
from its subject ("I", a left-out "I", a thing or an organisation in a sentence that
speaks of the speaker) and from the people it names ("my sister", "his cat", "my best
mate Rashid", "a guy named Murat").
"""

from __future__ import annotations

from typing import Any

from tem.extract import kinds, shapes
from tem.extract.lexicon import KIN_NOUNS, OCCUPATIONS, YOU
from tem.extract.subjects import (
    FIRST_POSSESSIVE,
    SELF,
    SUBJECT_DEPS,
    described_self,
    misread_base,
    name_of,
    named_person,
    subject_token,
)
from tem.extract.triggers import self_headed, speaks_of_self

Token = Any
ABOUT_OTHERS = frozenset({"he", "she", "they", "you", "u", "ya", "y'all", "someone", "everyone"})
PEOPLE = frozenset("lady woman man guy girl boy bloke dude chap fella person".split())
"""Nouns of someone who, pointed at ("the lady in my carpool", "this guy at work"), is
another person, as an occupation is ("the new helicopter pilot", "my physio")."""


def about_speaker(verb: Token, speaker: str) -> bool:
    """True when ``verb``'s clause is about the speaker.

    The subject is "I"/"we" (or "my wife and I"); or it is left out in chat shorthand
    ("Just moved to Austin"); or it is a thing or an organisation ("home is Porto now",
    "Deloitte took me on", "it's all hojicha now") in a sentence that speaks of the
    speaker. Another person ("he", "my sister", "Tom") never is.
    """
    subject = subject_token(verb)
    if subject is None:  # chat drops the "I": "speak khmer n english", "living in Cork"
        sentence = verb.sent
        addressed = any(_addressed_here(t, verb) for t in sentence) or (
            sentence[0].lower_.startswith(("congrat", "grats"))  # "Congrats on the job, Jess!"
        )
        bare = verb.tag_ == "VB" and not misread_base(verb)
        imperative = verb.dep_ == "ROOT" and bare and verb.i == sentence.start
        others = others_heading(sentence) or _contracted_other(verb, speaker)
        return not (addressed or others or imperative and not _own_heading(sentence))
    lower = subject.lower_
    if lower in SELF or any(c.dep_ == "conj" and c.lower_ in SELF for c in subject.children):
        return True
    if described_self(subject, verb):
        return True  # "Carpenter by trade, live in Aarhus"
    if _relative_of_other(subject, speaker):
        return False  # "my neighbour Hassan who just started at Careem"; not "the guy who"
    others = lower in ABOUT_OTHERS or lower in KIN_NOUNS or owned_by_other(subject)
    if lower in KIN_NOUNS and subject.dep_ not in SUBJECT_DEPS:
        return False  # "since my youngest moved to Denver": the parser hung "youngest" apart
    if not others and kinds.acts_on_speaker(verb):
        return True  # "Andela hired me", "a stray cat adopted us": the speaker is the object
    misplaced = subject.dep_ == "npadvmod" and named_person(subject, verb)  # "Emma ... got engaged"
    if lower in ABOUT_OTHERS or subject.ent_type_ == "PERSON" or misplaced:
        return bool(subject.text.casefold() == speaker.casefold())
    if _others_in(subject, speaker) or _introduced(subject) or _pointed_person(subject):
        return False
    if any(c.dep_ == "poss" for c in subject.children):
        named = name_of(subject, speaker)  # "my sister" is someone; "my job" is no one
        if named is not None and named != speaker:
            return False
        if _named_worker(subject):
            return False  # "Our farmhand Piotr speaks Polish": someone who works for us
    heading = kinds.heading_before(verb.sent)  # "My week: three days as a florist"
    told = verb.sent.text if heading is None else f"{heading.text} {verb.sent.text}"
    return speaks_of_self(told) or any(map(_left_out_i, verb.sent))


def _named_worker(noun: Token) -> bool:
    """ "our farmhand Piotr", "my nanny Rosa": a person by the work they do, named."""
    from tem.extract.learned import known_head

    named = any(c.dep_ == "appos" and c.pos_ == "PROPN" for c in noun.children)
    worker = kinds.person_noun(noun.text) and known_head("job title", noun.lower_)
    return named and noun.pos_ == "NOUN" and worker


def _someone_else(noun: Token, speaker: str) -> bool:
    """True for a noun that names another person: a name, or kin ("my neighbour")."""
    named = [noun, *(c for c in noun.children if c.dep_ == "appos")]
    if any(t.ent_type_ == "PERSON" and t.text.casefold() != speaker.casefold() for t in named):
        return True
    return noun.lower_ in KIN_NOUNS


def _relative_of_other(subject: Token, speaker: str) -> bool:
    """True for the "who" of a relative clause about someone else: "my neighbour Hassan
    who just started at Careem", "Our camp boss is a Kiwi who lives in Nelson and has
    three cats" (the clause of "who", though the verb asked about be joined to it);
    not "the guy who", nor "the only one who lives w me" (the speaker is in it)."""
    relative = subject.head
    if subject.lower_ not in ("who", "that") or relative.dep_ != "relcl":
        return False
    if _someone_else(relative.head, speaker):
        return True
    mine = any(t.lower_ in ("me", "us") for t in relative.subtree)
    return not mine and _said_of_other(relative.head, speaker)


def _pointed_person(subject: Token) -> bool:
    """ "The new helicopter pilot ... just got divorced", "the lady in my carpool": a
    person noun pointed at (:func:`_pointed`) is someone else."""
    person = subject.lemma_ in OCCUPATIONS | PEOPLE
    return subject.pos_ == "NOUN" and person and _pointed(subject)


def _pointed(noun: Token) -> bool:
    """True for a noun with "the", "this" or "that", or an occupation with an owner: one
    person pointed at ("the lady in my carpool", "our porter"), not a bio's "Retired bus
    driver, widowed", "a nurse" (which the parser also takes for a subject: "My day as a
    nurse") nor "my girl" (a partner)."""
    pointing = ("the", "this", "that", "these", "those")
    owned = noun.lemma_ in OCCUPATIONS  # "my physio", not "my girl" (a partner)
    return any(
        c.dep_ == "poss" and owned or c.dep_ == "det" and c.lower_ in pointing
        for c in noun.children
    )


def _said_of_other(noun: Token, speaker: str) -> bool:
    """True for the complement of another's "be": "Our camp boss is *a Kiwi* who ..."."""
    be = noun.head
    if noun.dep_ != "attr" or be.lemma_ != "be" or be.i == noun.i:
        return False
    return not about_speaker(be, speaker)


def _addressed_here(token: Token, verb: Token) -> bool:
    """True for a "you" that is not inside a clause below ``verb``: "Been a porter for
    four years, so if *you* need directions, give us a shout" speaks to "you" in a clause
    of its own."""
    if token.lower_ not in YOU:
        return False
    clause = kinds.clause_of(token)
    return clause.i == verb.i or all(t.i != verb.i for t in clause.ancestors)


def owned_by_other(token: Token) -> bool:
    """True for someone else's thing: "*Marta's* dog", "*his* cat", "*my sister's* dog"
    ("Google's office" and "our dog" are not another person's)."""
    for owner in token.children:
        if owner.dep_ != "poss":
            continue
        pronoun = owner.pos_ == "PRON" and owner.lower_ not in SELF | FIRST_POSSESSIVE
        # a name the tagger took for a place is still no firm ("Marta" as GPE)
        named = owner.pos_ == "PROPN" and owner.ent_type_ not in ("ORG", "FAC", "PRODUCT")
        if pronoun or named or owner.lower_ in KIN_NOUNS:
            return True
    return False


def _own_heading(sentence: Any) -> bool:
    """ "My CV in a nutshell: speak Italian, work as an interpreter": after the speaker's
    own heading, a bare verb is the speaker's shorthand, not an order."""
    heading = kinds.heading_before(sentence)
    if heading is None:
        return kinds.intro_item(sentence)  # "Quick intro: ...; mate all day"
    return any(t.lower_ in ("my", "me") for t in heading) or self_headed(heading.text)


def _contracted_other(verb: Token, speaker: str) -> bool:
    """ "Tom's studying law at UCL", "my son's studying at TU Delft": the "'s" is "is",
    and its person, whom the parser took for an owner, is the subject of the clause
    (which the parser may have hung on the noun after: "law"); before an article too: "my
    sister's a nurse at Alder Hey" (an owner's "'s" never comes before "a")."""
    for token in verb.subtree:
        after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
        said = token.lower_ in ("'s", "’s") and after is not None and after.lower_ in ("a", "an")
        if said and (token.head.lemma_ in KIN_NOUNS or token.head.ent_type_ == "PERSON"):
            return bool(token.head.text.casefold() != speaker.casefold())
        if token.tag_ != "VBG" or token.i == 0:
            continue
        before = token.doc[token.i - 1]
        owner = before.head
        if before.lower_ in ("'s", "’s") and owner.pos_ in ("NOUN", "PROPN"):
            return bool(owner.text.casefold() != speaker.casefold())
    return False


def others_heading(sentence: Any) -> bool:
    """True after a heading about someone else ("My sister's hobbies:", "Dad's week:"):
    what follows it is theirs, not the speaker's shorthand; or after one that says its
    items are another's or only wished for (:func:`heading_elsewhere`)."""
    heading = kinds.heading_before(sentence)
    if heading is None:
        return False
    return any(owned_by_other(t) for t in heading) or heading_elsewhere(sentence)


def heading_elsewhere(sentence: Any) -> bool:
    """True after a heading whose noun of things listed is someone else's ("My sister's
    hobbies:") or whose clause on that noun says they are another's or only wished,
    doubted or denied ("Jobs my brother has had:", "Languages I want to learn:",
    "Hobbies I might pick up:", "Drinks I can't stand:"). Only the clause bound to the
    noun counts, not an aside ("Hobbies, since you asked:", "Update for the parents'
    group:", "ranked by how much money they eat:")."""
    heading = kinds.heading_before(sentence)
    nouns = [] if heading is None else [t for t in heading if t.pos_ == "NOUN"]
    # the noun of things listed, not its owner ("My best friend's year in review:") nor
    # whom the list is for ("Update for the parents' group:")
    listed = (t for t in nouns if t.dep_ not in ("poss", "pobj"))
    noun = next(listed, nouns[0] if nouns else None)
    if noun is None:
        return False
    verbs = _item_verbs(noun, heading)
    asked = any(c.dep_ == "poss" and c.lower_ in LISTENERS for c in noun.children)
    owned = owned_by_other(noun) and not asked  # "Your question:" asks of the speaker
    return owned or any(_other_subject(v) or _unheld(v) for v in verbs)


LISTENERS = frozenset({"you", "u", "ya", "y'all", "your", "ur", "yr"})
THIRD_PERSONS = ABOUT_OTHERS - LISTENERS
"""Subjects of a heading that make its items another's ("Jobs *he*'s had:"); the listener
asks or should know ("Three things *you* should know:") about the speaker."""
WISHES = frozenset("want wish hope plan dream intend mean aim consider".split())
"""Verbs of a heading whose items the speaker does not have: "Places I *want* to live:"."""
HELD_MODALS = frozenset({"can", "ca"})
"""Modals that still say the speaker has the items: "Languages I *can* speak:"."""
LOVED_IF = frozenset({"die", "kill"})
"""Verbs that a "would" makes a love, not a wish: "Drinks I'd *die* for:"."""


def _item_verbs(noun: Token, heading: Any) -> list[Token]:
    """The verbs of a heading's clause on its ``noun``, right after it ("Jobs my brother
    has had", "Languages I want to learn"), and the verbs they lead to ("want *to
    learn*"); none set off by a comma or by "since", "so" or "because"."""
    bound = []
    for token in heading[noun.i + 1 - heading.start :]:
        if token.is_punct:
            break
        linked = noun.head == token or token.head == noun
        verb = token.pos_ in ("VERB", "AUX") and token.dep_ not in ("aux", "auxpass")
        if verb and linked and not any(c.dep_ == "mark" for c in token.children):
            bound.append(token)
    return [*bound, *(c for v in bound for c in v.children if c.dep_ == "xcomp")]


def _other_subject(verb: Token) -> bool:
    """A subject of the heading's verb that is someone else: "Jobs *my brother* has had:"."""
    for token in verb.children:
        if token.dep_ not in ("nsubj", "nsubjpass") or token.lower_ in SELF:
            continue
        if any(c.dep_ == "conj" and c.lower_ in SELF for c in token.children):
            continue  # "Hobbies my wife and I share:"
        if token.lower_ in THIRD_PERSONS or token.lower_ in KIN_NOUNS or token.pos_ == "PROPN":
            return True
    return False


def _unheld(verb: Token) -> bool:
    """A heading's verb of a wish, a doubt or a denial: "want to learn", "might pick up",
    "can't stand", "never had"; "can't live without" and "I'd die for" hold."""
    if verb.lemma_ in WISHES:
        return True
    aux = {c.lower_ for c in verb.children if c.dep_ == "aux" and c.tag_ == "MD"}
    denied = any(c.dep_ == "neg" for c in verb.children)
    without = any(c.lower_ == "without" for c in verb.children)
    return bool(aux - HELD_MODALS) and verb.lemma_ not in LOVED_IF or denied and not without


def _others_in(subject: Token, speaker: str) -> bool:
    """True when the subject phrase is about other people: "home *for my parents*"."""
    for token in subject.subtree:
        if token.i == subject.i:
            continue
        person = token.lower_ in KIN_NOUNS or token.ent_type_ == "PERSON"
        if person and pet_name(token):
            continue  # "a cat named Pirate": a name, not another person
        if person and token.text.casefold() != speaker.casefold():
            return True
    return False


def _introduced(subject: Token) -> bool:
    """True for a name the speaker introduces by what the person is to them: "my best
    mate Rashid", "our neighbour Kofi" (a word the kin list lacks says it as well)."""
    if subject.pos_ != "PROPN":
        return False
    return any(
        c.dep_ == "compound"
        and kinds.spelled(c.lower_, shapes.PARTNER_CUES) not in shapes.PARTNER_CUES
        and any(o.dep_ == "poss" and o.lower_ in FIRST_POSSESSIVE for o in c.children)
        for c in subject.children
    )  # "my husbnd carlos and I": the speaker's own pair


def pet_name(token: Token) -> bool:
    """True for the name of an animal: "a cat *named* Pirate", "my dog, Rex"."""
    head = token.head
    if kinds.naming(head):
        head = head.head
    return head.i != token.i and head.lemma_.casefold() in kinds.animal_words()


def _left_out_i(token: Token) -> bool:
    """A past or progressive clause with no subject: "*Kicked* the habit, it's all tea now"."""
    return (
        token.pos_ == "VERB"
        and token.tag_ in ("VBD", "VBN", "VBG")
        and token.dep_ in ("ROOT", "advcl", "conj", "ccomp")
        and not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in token.children)
    )


def self_subject(sentence: Any) -> bool:
    """True when ``sentence`` names the speaker itself, as a subject ("I'm a vet") or an
    owner ("my corgi"), which a heading before it cannot make another's."""
    return any(
        t.dep_ in ("nsubj", "nsubjpass") and t.lower_ in SELF or t.lower_ in FIRST_POSSESSIVE
        for t in sentence
    )
