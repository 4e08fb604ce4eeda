"""A place of work told by what it is and what it is called: "I'm a hairdresser at a
salon called Mane Attraction in Durban", "I'm working at a fintech called Ledgerly
now", "joined a startup called Finlytics as head of data", "A small bakery in Kano called
Mama's Oven took me on as head baker".

The employer is the name after "called" or "named", read off the words, which the
parser hangs anywhere (an adverb, a person, the root of the sentence): the words up to
a stop (a comma, a preposition, a verb, "now", "lol"). It is the speaker's employer only
where the sentence says work: a job title of the speaker's, or a verb of working,
joining or taking on, or a job ("a job at a startup called ..."), whose words hold the
workplace. The kind of place must be one
where people work ("salon", "startup", "bar"; not "a cat named Chutney", "a town called
Sequim"). A blocked clause (negated, hypothetical, a plan, a question) and a job left
("quit a café called Bean There") state no holding.
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters
from tem.extract.endings import END_CUES
from tem.extract.facts import Candidate
from tem.extract.kinds import clause_of, person_noun
from tem.extract.lexicon import EMPLOYER_NOUNS, JOB_NOUNS
from tem.extract.nlp import respelled
from tem.extract.subjects import SELF, subject_token

Token = Any

WORKPLACES = (
    EMPLOYER_NOUNS
    | frozenset(
        """salon spot place bar café nursery fintech dive pub gym boutique brewery hotel
    garage vineyard winery farm ranch consultancy practice chain outfit business brand
    magazine newspaper kitchen diner bistro joint truck factory warehouse mill workshop
    bakery cafe startup""".split()
    )
) - frozenset({"school", "university", "lab"})
"""Kinds of place where people work, whose name may follow "called"."""
NAMING = frozenset({"called", "named", "caled", "callled"})
STOPS = frozenset(
    """in at on as since for and so where which who now lol lmao haha tho but with because
    bc near downtown off from to until till by""".split()
)
"""Words that end a name read off the surface: "a salon called Glamour Touch *in* the
Avenues"."""
JOINERS = frozenset({"n", "&", "'n'", "n'", "and"})
"""Words that join a name's parts: "Snip n Sip"."""
NOT_NAMES = frozenset({"ADV", "ADP", "DET", "PRON", "PART", "AUX", "VERB", "SCONJ"})
"""Parts of speech no name starts with: "called *right* in the middle"."""
WORKING = frozenset(
    """work bartend serve cook manage run own join start switch jump move hire employ
    pay take sign bring land wait""".split()
)
"""Verbs whose words, holding a workplace, say the speaker works there."""


def called_firms(sentence: Any, speaker: str) -> list[Candidate]:
    """Employers ``sentence`` names by a kind of workplace "called" a name."""
    if not NAMING & {t.lower_ for t in sentence}:
        return []
    found = []
    for word in sentence:
        if word.lower_ not in NAMING or word.i < 1:
            continue
        place = _workplace_before(word)
        name = _name_after(word)
        if place is None or name is None:
            continue
        verb = clause_of(place)
        subject = subject_token(verb)
        others = subject is not None and subject.i != place.i and subject.lower_ not in SELF
        if others or filters.blocked(verb) or _left(verb) or not _at_work(sentence, place):
            continue  # "My sister works at a salon called Mane Street": hers
        found.append(Candidate(speaker, "works at", name, "assert", place.i))
    return found


def _workplace_before(word: Token) -> Token | None:
    """The kind of place just before "called", or before a place it lies in ("a bakery
    in Kano called ..."): "salon", "startup" (a lab is a dog as often as a workplace)."""
    doc = word.doc
    before = doc[word.i - 1]
    if before.ent_type_ in ("GPE", "LOC") or before.pos_ == "PROPN" or before.is_lower:
        at = word.i - 1
        while at > 0 and doc[at].lower_ != "in" and word.i - at < 4:
            at -= 1
        if doc[at].lower_ == "in" and at > 0 and doc[at - 1].lemma_.casefold() in WORKPLACES:
            return doc[at - 1]
    return before if before.lemma_.casefold() in WORKPLACES else None


def called_after(noun: Token) -> bool:
    """True for a workplace whose name follows it, maybe after the place it lies in ("a
    startup called Finlytics", "a bakery in Oaxaca called Pan de la Abuela")."""
    after = [t.lower_ for t in noun.doc[noun.i + 1 : noun.i + 5]]
    return bool(after) and (after[0] in NAMING or after[0] == "in" and bool(NAMING & set(after)))


def _name_after(word: Token) -> str | None:
    """The name read off the words after ``word``: up to four, stopping at punctuation,
    a preposition or conjunction of :data:`STOPS`, or a verb ("Fernweh *pays* me")."""
    doc = word.doc
    words: list[Token] = []
    for token in doc[word.i + 1 : min(word.i + 5, word.sent.end)]:
        if token.is_punct and token.text not in ("'", "&", "-") or token.lower_ in STOPS:
            break
        if token.lower_ == "and" and (not words or not _name_goes_on(token)):
            break
        joined = bool(words) and words[-1].lower_ in JOINERS  # "Snip n Sip"
        if token.pos_ in ("VERB", "AUX") and words and token.tag_ != "VBG" and not joined:
            break
        words.append(token)
    if not words or not any(t.is_alpha for t in words) or words[0].pos_ in NOT_NAMES:
        return None  # "my daughter's school called right in the middle of ...": a call
    span = doc[words[0].i : words[-1].i + 1]
    return str(span.text)


def _name_goes_on(joiner: Token) -> bool:
    """True for "and" inside a name ("Snip and Sip"), not before a clause ("... and I
    love it"): a noun or a name follows, and then no verb."""
    doc = joiner.doc
    after = doc[joiner.i + 1] if joiner.i + 1 < len(doc) else None
    if after is None or after.pos_ not in ("NOUN", "PROPN", "VERB"):
        return False
    return after.i + 1 >= len(doc) or doc[after.i + 1].pos_ not in ("VERB", "AUX", "PRON")


def _left(verb: Token) -> bool:
    """A job left: "quit a café called Bean There"."""
    return verb.lemma_.casefold() in END_CUES


def _at_work(sentence: Any, place: Token) -> bool:
    """True where ``sentence`` says work at ``place``: a job title of the speaker's ("im
    a hairdresser at a salon called ..."), or a verb of working whose words hold it."""
    if any(person_noun(respelled(t.lower_)) and t.pos_ in ("NOUN", "PROPN") for t in sentence):
        return True
    holders = [
        t
        for t in sentence
        if t.lemma_.casefold() in WORKING | JOB_NOUNS
        or any(c.lemma_ in JOB_NOUNS for c in t.children)  # "got a job at a startup called"
    ]
    return any(place.i in {s.i for s in t.subtree} for t in holders)
