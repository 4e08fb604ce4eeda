"""What the speaker bids goodbye to, as ended: "moved to tulum last month!! bye bye
guadalajara", "bye bye ikea 👋 last day was today", "Said goodbye to Ericsson after nine
years", "Sydney Uni finally accepted my transfer, so goodbye Monash!", "Kissed Beirut
goodbye", "no more tequila for me, 6 months sober".

The thing is read off the words after the farewell (chat drops the verb: "bye bye X",
"goodbye X", "peace out X", "no more X"), or after "to" of a verb of farewell ("said goodbye to X",
"bid farewell to X"), or between "kissed" and "goodbye". What it was to the speaker is
judged by its kind: a drink ("bye bye oat milk lattes"), a place the list of places
knows (a home left; the tagger's places are not trusted: "Ericsson"), a
school or else a named organisation (a place of study or work). A person or a pet is
left to the rules of partners and pets ("Goodbye Daniel" may be anyone). Nothing is
ended in a sentence that asks, supposes or plans ("can't wait to say bye to Leeds").
"""

from __future__ import annotations

from typing import Any

from tem.extract import filters, institutions
from tem.extract.facts import Candidate
from tem.extract.idioms import DESCRIBING
from tem.extract.kinds import heading_before, is_animal
from tem.extract.leisure import taste_relation
from tem.extract.places import known_place

Token = Any

FAREWELLS = frozenset({"bye", "goodbye", "byebye", "farewell"})
SAID = ("bye", "farewell", "peace out", "no more")
"""What a sentence with a farewell contains, as typed."""
SAYING = frozenset({"say", "bid", "wave", "kiss", "wish"})
"""Verbs a farewell is said with: "said goodbye to", "kissed X goodbye"."""
STOPS = frozenset(
    """and hello hi for after last when since so but as because to now with at in from
    forever lol haha""".split()
)
"""Words that end the thing bid goodbye: "bye bye fargo *and* hello Minneapolis"."""
SKIPPED = frozenset({"my", "the", "old", "dear", "to", ",", "weekday", "weekend"}) | DESCRIBING
"""Words before the thing that are not its name: "waved goodbye to my *nightly* soju"."""
AHEAD = frozenset({"will", "gonna", "soon", "ll", "'ll", "can't", "cant", "next", "if", "would"})
"""Words by which a farewell is still to come or only supposed."""
WHICH_OF = frozenset({"cans", "can", "tills", "till", "winters", "days", "nights", "life"})
"""Common nouns after a named thing that only say which of it: "Chicago winters"."""


def goodbye_candidates(sentence: Any, speaker: str) -> list[Candidate]:
    """The ended holdings a farewell in ``sentence`` names."""
    typed = sentence.text.casefold()
    if not any(word in typed for word in SAID):
        return []  # most sentences bid nothing goodbye: no parse is walked for them
    heading = heading_before(sentence)  # "My to-don't list for next year: no more ..."
    words = {t.lower_ for t in [*sentence, *(heading or [])]}
    if words & AHEAD or sentence.text.rstrip().endswith("?"):
        return []
    found: list[Candidate] = []
    for token in sentence:
        start = _start(token)
        if start is None:
            continue
        said = _thing(sentence, start)
        if said is None:
            continue
        ended = ended_as(said, sentence, speaker, token.i)
        if ended is not None and token.lower_ == "no" and not _no_more(ended, said):
            continue
        if ended is not None and ended not in found:
            found.append(ended)
    return found


def _start(token: Token) -> int | None:
    """Where the thing bid goodbye starts after ``token``, or None."""
    doc = token.doc
    previous = doc[token.i - 1] if token.i > 0 else None
    following = doc[token.i + 1].lower_ if token.i + 1 < len(doc) else ""
    if (token.lower_, following) in (("peace", "out"), ("no", "more")):
        return int(token.i) + 2  # "peace out Perth", "no more tequila for me"
    if token.lower_ not in FAREWELLS:
        return None
    if previous is not None and previous.lower_ in FAREWELLS:
        return None  # the second "bye" of "bye bye"
    verb = next((a for a in token.ancestors if a.pos_ in ("VERB", "AUX")), None)
    if verb is not None and verb.lemma_.casefold() in SAYING:
        if filters.blocked(verb):
            return None
        if verb.lemma_ == "kiss":  # "Kissed Beirut goodbye": the thing is before
            return verb.i + 1 if verb.i + 1 < token.i else None
        after = [t for t in doc[token.i + 1 : token.i + 3] if t.lower_ == "to"]
        return after[0].i + 1 if after else None
    at = token.i + 1
    while at < len(doc) and doc[at].lower_ in FAREWELLS:
        at += 1  # "bye bye"
    return int(at)


def _no_more(ended: Candidate, said: Any) -> bool:
    """ "no more X" ends a drink or a home the tagger and the list both know as a place
    ("no more tequila for me", "no more cali for me"); of a firm or a gerund it says
    little ("no more FIFA nights", "no more fetching coffee")."""
    if said[0].tag_ == "VBG" or len(said) > 1 and said[0].lower_.endswith("ing"):
        return False
    if ended.relation == "lives in":
        return said.root.ent_type_ in ("GPE", "LOC") or said.text.islower()
    return ended.relation == "favorite drink"


def _thing(sentence: Any, start: int) -> Any | None:
    """The words from ``start`` up to a stop, without "my", "the" and the like."""
    doc = sentence.doc
    at = start
    while at < sentence.end and doc[at].lower_ in SKIPPED:
        at += 1
    end = at
    while end < sentence.end and end - at < 4:
        token = doc[end]
        if token.is_punct or token.lower_ in STOPS or not (token.is_alpha or token.text in "'&-"):
            break
        if token.lower_ == "goodbye":
            break
        end += 1
    if end == at:
        return None
    if end - at > 1 and doc[end - 1].lower_ in WHICH_OF:
        end -= 1  # "Chicago winters", "Pick n Pay tills"
    return doc[at:end]


def ended_as(said: Any, sentence: Any, speaker: str, anchor: int) -> Candidate | None:
    """What ``said`` was to the speaker, ended; None for a person, a pet or a thing of
    no relation."""
    text = str(said.text)
    if taste_relation(text) == "favorite drink":
        return Candidate(speaker, "favorite drink", text, "end", anchor)
    if said.root.ent_type_ in ("PERSON", "NORP") or said.root.pos_ == "PRON":
        return None
    if any(is_animal(t) for t in said):
        return None  # "Said goodbye to my old parrot Kiwi": a pet, for the rules of pets
    if known_place(text) and said.root.ent_type_ != "ORG":
        return Candidate(speaker, "lives in", text, "end", anchor)
    named = said.root.pos_ == "PROPN" or said.root.ent_type_ == "ORG"
    if not named:
        return None
    return Candidate(speaker, institutions.study_or_work(sentence, text), text, "end", anchor)
