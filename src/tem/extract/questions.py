"""Where a question begins: what a question sentence asks, and what it tells first.

"I speak Hokkien but can barely read — *are* there any apps?": the first clause is
stated, the rest asked. :func:`question_start` finds where the asking begins;
:func:`tem.extract.filters.asked` and the guards of :mod:`tem.extract.filters` use it.
"""

from __future__ import annotations

from typing import Any

Token = Any


def is_question(sentence: Any) -> bool:
    """True for a sentence that ends in a question mark (before closing quotes)."""
    return bool(sentence.text.rstrip().rstrip("\"')").endswith("?"))


WH_TAGS = frozenset({"WDT", "WP", "WP$", "WRB"})
ASKING_WORDS = frozenset(
    {"anyone", "anybody", "any", "suggestions", "thoughts", "ideas", "tips", "recommendations"}
)
"""Chat's openers of a question with no verb before them: "anyone know a good vet?",
"..., suggestions??"."""
SUBORDINATE = frozenset({"advcl", "relcl", "acl", "pcomp"})


QUESTION_LINKS = frozenset({"so", "then", "anyway", "well", "now"})
"""Words that lead from what is told to what is asked: "..., so *when* am I supposed
to sleep?"."""


def question_start(sentence: Any) -> int:
    """The index where a question sentence's question begins; what comes before it is
    stated, not asked ("I speak Hokkien but can barely read — *are* there any apps?",
    "moved to Leeds last spring, but *where* do people go out?"). A question begins,
    at the sentence's start or after a mark, an emoji, "but" or "so", with a wh-word of a
    main clause, an auxiliary before its subject ("*can* you", "*is* it"), "anyone" or a
    bare "suggestions?". A statement of the speaker's own with chat's doubled mark asks
    nothing (:func:`_marvelled`)."""
    doc = sentence.doc
    for token in sentence:
        before = doc[token.i - 1] if token.i > sentence.start else None
        # after a mark, an emoji ("laid off today 🙃 anyone know ...?") or "and"/"but"
        opening = before is None or (
            not (before.is_alpha or before.is_digit)
            or before.pos_ == "CCONJ"
            or before.lower_ in QUESTION_LINKS
        )
        if opening and _asks(token):
            return int(token.i)
    # no asking word: what follows the last ", so" asks ("IIT Madras throws MATLAB at us in
    # first year, so something with a beefy CPU?")
    links = [t for t in sentence if t.lower_ in QUESTION_LINKS and t.i > sentence.start]
    links = [t for t in links if doc[t.i - 1].text == ","]
    if links:
        return int(links[-1].i)
    return int(sentence.end) if _marvelled(sentence) else int(sentence.start)


def _marvelled(sentence: Any) -> bool:
    """ "i officially have a bf now??", "i do crossfit now?? like 5am classes??": chat's
    doubled mark on a statement of the speaker's own, which asks nothing (no asking word
    before it, the speaker the subject of the main verb)."""
    if not sentence.text.rstrip().endswith("??"):
        return False
    root = sentence.root
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in ("i", "we") for c in root.children)


def _asks(token: Token) -> bool:
    if token.lower_ in ASKING_WORDS:
        return True
    if token.tag_ in WH_TAGS:
        return token.head.dep_ not in SUBORDINATE  # "when I moved to Leeds, ..." states
    if token.pos_ != "AUX":
        return False
    verb = token if token.dep_ == "ROOT" else token.head
    return any(c.dep_ in ("nsubj", "nsubjpass", "expl") and c.i > token.i for c in verb.children)
