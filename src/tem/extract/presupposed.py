"""What a possessive takes as given: "my shift at Walmart", "my flat in Leeds", "my dog
Rex" say that the speaker has that job, home or dog whatever the clause around them
does. "I *almost* missed my shift at Walmart", "I *didn't* walk my dog Rex today",
"*Do you think* my dog Rex is cute?" and "*If* my boss at Orange finds out" deny,
doubt or ask about something else; the job, the dog and the boss are presupposed.

A verb of wanting or getting cancels it: "I want my own flat in Paris", "I can't wait
to get my own place in Lisbon", "saving for my own place in Leeds" speak of a thing
the speaker does not have yet. A verb of missing puts a home in the past: "I miss my
flat in Leeds" (see :func:`missed`).
"""

from __future__ import annotations

from typing import Any

Token = Any
WANTING = frozenset("want need wish crave seek search look save hunt apply afford".split())
"""Verbs whose object the speaker does not have: "want my own flat", "saving for my own
place", "looking for my first job in Leeds"."""
ACQUIRING = frozenset({"get", "find", "buy", "rent"})
"""Verbs whose object the speaker has once they have done it: "I got my own place in
Leeds" holds; "to get my own place", "should I buy my own flat" do not yet."""
WISHED = frozenset({"dream", "ideal", "future", "next", "potential", "perfect"})
"""Words that make a possessive a wish: "my dream job at Google", "my future home"."""


def presupposed(noun: Token) -> bool:
    """True when nothing around the possessive ``noun`` cancels what it takes as given:
    no word of wishing on it ("my dream job at Google"), and it is not the object of a
    verb of wanting ("saving up for my own flat") or of getting not yet done ("can't
    wait to get my own place", but "I've got my pottery class tonight"). A possessive
    that is no such verb's object stands: "need to get to my shift at Walmart", "hope
    my boss at Orange doesn't see this"."""
    if any(c.lower_ in WISHED for c in noun.children if c.dep_ in ("amod", "compound")):
        return False
    if noun.dep_ == "dobj":
        verb = noun.head
    elif noun.dep_ == "pobj" and noun.head.lower_ == "for" and noun.head.dep_ == "prep":
        verb = noun.head.head  # what is sought, not what for: "need it for my shift"
        if any(c.dep_ == "dobj" for c in verb.children):
            return True
    else:
        return True
    lemma = verb.lemma_.casefold()
    return not (lemma in WANTING or lemma in ACQUIRING and verb.tag_ == "VB")


def missed(noun: Token) -> bool:
    """True for a home the speaker misses, so no longer has: "I miss my flat in Leeds"
    (not "I almost missed my bus": the caller asks only of homes)."""
    head = noun.head
    return bool(noun.dep_ == "dobj" and head.lemma_.casefold() == "miss" and head.tag_ != "VBD")
