"""The relation vocabulary: canonical relations, their cardinality and their synonyms.

Cardinality ``one`` means a new value replaces the old one (a city, an employer);
``many`` means values coexist (likes, pets). A relation nobody declared is ``one``,
the TEM paper's rule: every group has a single current value unless told otherwise.

Synonyms serve recall: the words of a question ("where does she live") are mapped to
the relations they ask about ("lives in", "city", "residence", ...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tem.core.model import CARDINALITIES, Cardinality, normalize_key
from tem.errors import UserError

# Canonical relation -> cardinality. Keys are normalized (see normalize_key).
DEFAULT_CARDINALITY: Mapping[str, Cardinality] = {
    # where and with whom someone lives
    "lives in": "one",
    "address": "one",
    "relationship status": "one",
    "partner": "one",
    "spouse": "one",
    # work
    "works at": "one",
    "job title": "one",
    "occupation": "one",
    "salary": "one",
    "studies at": "one",
    # preferences that are by nature single ("favourite")
    "favorite drink": "one",
    "favorite food": "one",
    "favorite book": "one",
    "favorite movie": "one",
    "favorite music": "one",
    "favorite sport": "one",
    "favorite color": "one",
    "favorite place": "one",
    "drives": "one",
    "age": "one",
    "budget": "one",
    "plan": "one",
    "status": "one",
    # values that coexist
    "likes": "many",
    "dislikes": "many",
    "has pet": "many",
    "has child": "many",
    "sibling": "many",
    "friend": "many",
    "speaks": "many",
    "hobby": "many",
    "plays": "many",
    "allergic to": "many",
    "owns": "many",
    "member of": "many",
    "visited": "many",
    "goal": "many",
    "habit": "many",
}

# Question word (normalized, stemmed later by the retriever) -> relations it asks about.
RELATION_SYNONYMS: Mapping[str, tuple[str, ...]] = {
    "live": ("lives in", "address", "city", "residence", "home", "moved to", "based in"),
    "living": ("lives in", "address", "city", "residence", "home", "moved to"),
    "move": ("lives in", "address", "city", "residence", "moved to"),
    "moved": ("lives in", "address", "city", "residence", "moved to"),
    "city": ("lives in", "city", "residence", "based in"),
    "home": ("lives in", "address", "residence", "home"),
    "reside": ("lives in", "residence", "address"),
    "based": ("lives in", "based in", "city"),
    "where": ("lives in", "city", "residence", "works at", "location"),
    "address": ("address", "lives in"),
    "work": ("works at", "employer", "job title", "occupation", "job", "company"),
    "works": ("works at", "employer", "job title", "occupation"),
    "job": ("works at", "employer", "job title", "occupation", "job", "role"),
    "employer": ("works at", "employer", "company"),
    "company": ("works at", "employer", "company"),
    "employed": ("works at", "employer"),
    "role": ("job title", "role", "occupation"),
    "title": ("job title", "role"),
    "career": ("occupation", "job title", "works at"),
    "drink": ("favorite drink", "drinks", "drink"),
    "coffee": ("favorite drink", "drinks"),
    "tea": ("favorite drink", "drinks"),
    "beverage": ("favorite drink", "drinks"),
    "eat": ("favorite food", "likes", "diet"),
    "food": ("favorite food", "likes", "diet"),
    "favorite": ("favorite drink", "favorite food", "favorite book", "likes"),
    "favourite": ("favorite drink", "favorite food", "favorite book", "likes"),
    "like": ("likes", "favorite drink", "favorite food", "hobby"),
    "likes": ("likes", "favorite drink", "favorite food", "hobby"),
    "enjoy": ("likes", "hobby"),
    "hobby": ("hobby", "likes", "plays"),
    "pet": ("has pet", "pets", "pet"),
    "pets": ("has pet", "pets", "pet"),
    "dog": ("has pet", "pets"),
    "cat": ("has pet", "pets"),
    "married": ("relationship status", "spouse", "partner"),
    "partner": ("partner", "spouse", "relationship status"),
    "dating": ("partner", "relationship status"),
    "study": ("studies at", "education", "school"),
    "school": ("studies at", "education", "school"),
    "speak": ("speaks", "languages"),
    "language": ("speaks", "languages"),
    "sell": ("sales channel", "main sales channel", "marketplace", "sells on"),
    "sells": ("sales channel", "main sales channel", "marketplace", "sells on"),
    "selling": ("sales channel", "main sales channel", "marketplace", "sells on"),
    "channel": ("sales channel", "main sales channel"),
    "budget": ("budget", "ad budget"),
    "spend": ("budget", "ad budget"),
    "salary": ("salary", "income", "pay"),
    "earn": ("salary", "income", "pay"),
    "car": ("drives", "car"),
    "drive": ("drives", "car"),
    "old": ("age",),
    "age": ("age",),
    "plan": ("plan", "plans", "goal"),
    "why": ("reason", "reason for leaving"),
    "reason": ("reason", "reason for leaving"),
    "leave": ("reason for leaving",),
    "left": ("reason for leaving",),
}


def default_cardinality(relation: str) -> Cardinality:
    """Return the shipped cardinality of ``relation``; unknown relations are ``one``.

    A store's declarations (``Memory.declare``) take precedence over this.
    """
    return DEFAULT_CARDINALITY.get(normalize_key(relation), "one")


def check_cardinality(value: str) -> Cardinality:
    """Return ``value`` as a cardinality or raise a clear error."""
    for cardinality in CARDINALITIES:
        if value == cardinality:
            return cardinality
    raise UserError(f"cardinality: expected 'one' or 'many', got {value!r}")


def relations_for(words: Iterable[str]) -> dict[str, int]:
    """Return the normalized relations the question words ask about, with how many ask.

    "Where does she work" counts ``works at`` twice (where, work) and ``lives in``
    once (where), so the relation the question is really about ranks first.
    """
    found: dict[str, int] = {}
    for word in dict.fromkeys(w.casefold() for w in words):
        for relation in dict.fromkeys(normalize_key(r) for r in RELATION_SYNONYMS.get(word, ())):
            found[relation] = found.get(relation, 0) + 1
    return found


# Surface relation (normalized) -> canonical relation. Extractors and importers map
# through this; the library's add() keeps whatever relation the caller names.
RELATION_ALIASES: Mapping[str, str] = {
    "live in": "lives in",
    "lives at": "address",
    "city": "lives in",
    "residence": "lives in",
    "home": "lives in",
    "based in": "lives in",
    "moved to": "lives in",
    "location": "lives in",
    "work at": "works at",
    "works for": "works at",
    "employer": "works at",
    "company": "works at",
    "job": "job title",
    "title": "job title",
    "role": "job title",
    "position": "job title",
    "profession": "occupation",
    "favourite drink": "favorite drink",
    "favourite food": "favorite food",
    "favourite book": "favorite book",
    "favourite movie": "favorite movie",
    "favourite music": "favorite music",
    "favourite sport": "favorite sport",
    "favourite color": "favorite color",
    "favourite colour": "favorite color",
    "favourite place": "favorite place",
    "drinks": "favorite drink",
    "pet": "has pet",
    "pets": "has pet",
    "child": "has child",
    "children": "has child",
    "kid": "has child",
    "language": "speaks",
    "languages": "speaks",
    "married to": "spouse",
    "husband": "spouse",
    "wife": "spouse",
    "boyfriend": "partner",
    "girlfriend": "partner",
    "hobbies": "hobby",
    "like": "likes",
    "enjoys": "likes",
    "plans": "plan",
}


def canonical_relation(relation: str) -> str:
    """Return the canonical name of a surface relation; unknown ones stay, normalized."""
    key = normalize_key(relation)
    return RELATION_ALIASES.get(key, key)


IMPLIED_ENDS: Mapping[tuple[str, str], tuple[str, ...]] = {
    ("relationship status", "single"): ("partner",),
    ("relationship status", "divorced"): ("partner",),
    ("relationship status", "widowed"): ("partner",),
    ("relationship status", "separated"): ("partner",),
}
"""Values that end other relations of their subject: one who says "I'm divorced" or "we
broke up" (single) no longer has the partner memory holds, named or not. What a message
states is the status; the ending of the partner is the code's inference, made where facts
are written (:func:`tem.ingest.pipeline.statements`)."""


def implied_ends(relation: str, value: str | None) -> tuple[str, ...]:
    """The relations that ``relation`` = ``value`` ends for its subject (often none)."""
    if value is None:
        return ()
    return IMPLIED_ENDS.get((canonical_relation(relation), normalize_key(value)), ())
