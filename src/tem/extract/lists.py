"""Every item of a list: a value found in a coordination gives its coordinated mates.

Readers and the span model often find one item of "I speak Yoruba, Igbo, Hausa and
English" or "my hobbies are waka ama, weaving and gardening". The parser coordinates
the items (``conj``), so each mate of a found value is the same relation's value too,
stated the same way (same subject, same kind, same clause), when it has that
relation's shape (:func:`tem.extract.shapes.well_formed` and :func:`tem.extract.kinds.fits`).
Only relations whose values are listed as kinds of things take part; a second
employer, home or partner in a list is left to the readers, and so are activities
(measured: "juggling a PhD, tutoring French, and rowing" lists a job with a hobby as
often as the mates are hobbies); but a job title's mate that names one who does a
pastime is that pastime ("civil servant at HMRC, keen angler": angling).
"""

from __future__ import annotations

from typing import Any

from tem.extract import kinds, languages, shapes
from tem.extract.enthusiasts import pastime_of
from tem.extract.facts import Candidate
from tem.extract.values import MODIFIER_DEPS

QUANTITIES = frozenset({"enough", "bit", "little", "some", "more", "few"})
KIN_SAID = frozenset({"nan", "nana", "gran", "granny", "nanna", "mam", "mammy", "da", "ma"})
"""Family words of chat beside :data:`tem.extract.lexicon.KIN_NOUNS`: "with my nan"."""
LISTED = frozenset({"speaks", "favorite drink", "has pet", "job title"})
"""Relations whose values come in lists of like things."""


def list_mates(sentence: Any, candidates: list[Candidate]) -> list[Candidate]:
    """Candidates for the unread mates of every listed value found in ``sentence``."""
    taken = {(c.relation, (c.value or "").casefold()) for c in candidates}
    added: list[Candidate] = []
    for candidate in candidates:
        if candidate.relation not in LISTED or not candidate.value:
            continue
        head = _head_of(sentence, candidate.value)
        if head is None:
            continue
        for mate in head.conjuncts:
            if _denied(mate):
                continue  # "Polish and Czech, but not Slovak"
            pastime = pastime_of(mate) if candidate.relation == "job title" else None
            if pastime is not None and ("hobby", pastime) not in taken:
                taken.add(("hobby", pastime))  # "civil servant at HMRC, keen angler"
                added.append(Candidate(candidate.subject, "hobby", pastime, "assert", mate.i))
                continue
            value = _mate_value(candidate.relation, mate)
            if value is None:
                continue
            key = (candidate.relation, value.casefold())
            if key in taken or any(r == key[0] and v.endswith(f" {key[1]}") for r, v in taken):
                continue  # read already, or whole: "junior recruiter" (not "recruiter")
            taken.add(key)
            added.append(
                Candidate(candidate.subject, candidate.relation, value, candidate.kind, mate.i)
            )
    return added


def _denied(mate: Any) -> bool:
    before = mate.doc[mate.left_edge.i - 1] if mate.left_edge.i > 0 else None
    return any(c.dep_ == "neg" for c in mate.children) or (
        before is not None and before.lower_ in ("not", "never", "no")
    )


def _head_of(sentence: Any, value: str) -> Any | None:
    """The token that heads ``value``'s words in ``sentence`` (its last word there)."""
    words = value.casefold().split()
    for token in sentence:
        if token.lower_ != words[-1]:
            continue
        start = token.i - len(words) + 1
        if start >= sentence.start and [t.lower_ for t in token.doc[start : token.i + 1]] == words:
            return token
    return None


def _chunk(token: Any, adjectives: bool) -> Any:
    """``token`` with the nouns (and, if asked, adjectives) before it: "kunekune pig",
    "hot chocolate"; a hyphenated qualifier of a noun ("a
    *part-time* yoga instructor") is no part of it."""
    deps = MODIFIER_DEPS if adjectives else MODIFIER_DEPS - {"amod"}
    start = token.i
    for child in token.lefts:
        if child.dep_ not in deps or child.lower_ in QUANTITIES:
            continue
        if not adjectives and any(t.text == "-" for t in child.subtree):
            continue
        start = min(start, child.left_edge.i)
    return token.doc[start : token.i + 1]


def _mate_value(relation: str, mate: Any) -> str | None:
    """The value ``mate`` gives ``relation``, if it is that relation's kind of thing:
    a language, an animal, a drink, an occupation."""
    from tem.extract.lexicon import ANIMALS, KIN_NOUNS, OCCUPATIONS

    if relation == "speaks":  # a name listed with languages, after "speak", is one (not
        # a person: "I speak Welsh with my nan and English at uni", "with Mum and English")
        person = kinds.determined(mate) or mate.lower_ in KIN_NOUNS | KIN_SAID
        spoken = (
            mate.pos_ == "PROPN"
            and not person
            and bool(kinds.sentence_words(mate.doc[mate.i : mate.i + 1]) & languages.LANGUAGE_CUES)
        )
        return languages.language_of(mate.text) or (mate.text if spoken else None)
    span = _chunk(mate, adjectives=relation == "favorite drink")
    if not shapes.well_formed(relation, span) or not kinds.fits(relation, span):
        return None
    word = mate.lemma_.casefold()
    if relation == "has pet":
        known = word in ANIMALS or kinds.spelled(word, ANIMALS) in ANIMALS
        kind = " ".join([*(t.text for t in span[:-1]), mate.lemma_])  # "two budgies": budgie
        return kind if known else None
    if relation == "favorite drink":
        return span.text if kinds.is_drink([t.lower_ for t in span]) else None
    known = relation == "job title" and kinds.spelled(mate.lower_, OCCUPATIONS) in OCCUPATIONS
    return span.text if known else None
