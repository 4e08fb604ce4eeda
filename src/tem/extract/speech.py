"""Speech written down: what a speaker says while finding words, taken out before reading.

A transcript, a voice note or a dictated message keeps what the parser reads as words
of the sentence: "I'm, like, a barista, uh, at this little spot called Grindhouse",
"I live in, uh, Stellenbosch", "I'm a, a maths teacher", "Standard Bank, um, Standard
Bank gave me a graduate spot". :func:`unfilled` says such a message the way it would
be typed: the hesitations ("um", "uh", "er") and the fillers said between commas
("like", "you know", "I mean") cut, and a word or phrase said twice in a row said once.

Only what cannot be read otherwise goes: "like" and "you know" only between commas
("I like tea" and "you know Porto?" stay), "er" and "em" only before a comma ("the ER"
stays). The comma a hesitation leaves goes with it after a word that cannot end a
phrase ("live in, uh, Stellenbosch", "I'm, like, single") and stays between items of a
list ("fishing, woodworking, uh, birdwatching").
"""

from __future__ import annotations

import re

HESITATIONS = r"(?-i:[Uu]h*m+|[Uu]+h+|[Ee]r+m+|[Hh]m+|[Mm]h+m+|[Uu]m+)"
"""Sounds that are never a word: "um", "uhh", "erm", "hmm" (in lowercase, or opening a
sentence: "UH Hilo" is a university)."""
SAID_BETWEEN_COMMAS = r"(?-i:[Ee]r+|[Ee]m|[Aa]h+)|like|you know|i mean|ya know"
"""Fillers that are a word elsewhere, cut only with a comma after them ("er" and "em"
in lowercase or opening a sentence: "the ER, er, nights")."""
FILLER = re.compile(
    rf"(?P<pre>,\s*)?(?<![\w'’-])(?:(?P<sound>{HESITATIONS})(?P<after>\s*,)?"
    rf"|(?P<word>{SAID_BETWEEN_COMMAS})\s*,)(?![\w'’-])\s*",
    re.IGNORECASE,
)
GLUE = frozenset(
    {
        *"a an the my our your his her their this that".split(),
        *"in at to for with by from of as on into about like called named".split(),
        *"i i'm im i’m i've i’ve we we're we’re is are was were am be been being".split(),
        *"and or but so then now just still also really".split(),
        *"got have had has love drink speak play one two three four five".split(),
    }
)
"""Words a phrase goes on after: a hesitation's comma after them is no pause of the
sentence ("I live in, uh, Stellenbosch")."""
GOES_ON = frozenset("at in for by as with from of on to called named".split())
"""Words that go on with the phrase before them: a hesitation's comma before them is no
pause either ("a barista, uh, at this little spot")."""
SAID_TWICE = re.compile(r"(?<![\w'’-])((?:[\w'’]+ ){0,2}[\w'’]+),? +\1(?![\w'’-])", re.IGNORECASE)
"""A word or phrase of up to three words said again at once: "a, a", "by, by",
"Standard Bank, Standard Bank", "as a, as a"; "Trinity, Trinity College Dublin"
keeps the longer."""


def unfilled(text: str) -> str:
    """``text`` without its hesitations and fillers, and, in a message with one, what
    was said twice said once."""
    if not FILLER.search(text):
        return text  # typed, not spoken: "Kumasi branch, branch accountant" is no stammer
    said = FILLER.sub(lambda m: _gap(m, text), text)
    return SAID_TWICE.sub(_once, said)


def _gap(match: re.Match[str], text: str) -> str:
    """What a filler leaves: nothing after a word a phrase goes on from, the comma
    before it elsewhere, nothing where a sentence opens with it."""
    if match.group("sound") and not (match.group("pre") or match.group("after")):
        before = text[: match.start()].rstrip()
        if before and before[-1] not in ".!?":
            return " "  # "I'm um a barista": a sound alone between words
    if not match.group("pre"):
        return ""
    words = text[: match.start()].split()
    last = words[-1].casefold() if words else ""
    following = text[match.end() :].split(maxsplit=1)
    goes_on = bool(following) and following[0].casefold() in GOES_ON
    return " " if last in GLUE or goes_on else ", "


def _once(match: re.Match[str]) -> str:
    return match.group(1)
