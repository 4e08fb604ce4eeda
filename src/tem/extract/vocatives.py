"""The one addressed: a name said to the listener is no value of the speaker's.

Chat turns open or close with the other person's name: "Sibusiso, Discovery Health
took me on as a claims analyst", "Reem, my husband Faisal got the kids to bed",
"zara im a pharmacy tech at boots now", "I had to say no, my heart broke, Zoé." The
parser reads such a name into the clause that follows (an employer "Sibusiso,
Discovery Health", a partner "Reem", a home "Zeynep"). :func:`unaddressed` cuts it out
before anything reads the turn, with the greeting words around it ("Hey John!",
"Thanks, Mel!", "dude Devin,"); blanking it with spaces instead changed the parse of
what followed ("Omar, Cairo has been my stomping ground" lost Cairo).

A word counts as a name when it is capitalised, is no listed place (a home said first,
"Rabat, then Lyon for uni"), and is no English word (WordNet's index in the pipeline's
lemmatizer tables: "Divorced, two kids", "Coffee, then more coffee", "Running,
crocheting, and salsa dancing"); an English word is a name only after a greeting ("Hey
Jack,"), or as a noun right before the speaker's own clause ("Taylor omg i'm engaged"),
never a word of a relation's ("Coffee, I can't live without it"). A name the next words
describe is the sentence's subject, not the one addressed: "Deniz, my girlfriend, moved
in" (an apposition closed by a comma). Typed in lowercase, only an unknown word right
before "i" or "im" counts ("flor i moved to rosario").
"""

from __future__ import annotations

import re

from spacy.lang.en.stop_words import STOP_WORDS

from tem.extract.lexicon import ANIMALS, DRINKS, LANGUAGES, OCCUPATIONS
from tem.extract.nlp import english_word, listed_word
from tem.extract.places import known_place

GREETINGS = frozenset(
    """hey hi hiya heya hello oh ooh ah aw aww awww yo dude bro bruh girl sis babe haha
    hahaha lol omg wow yay ugh thanks thank cheers sorry congrats congratulations morning
    evening night well ok okay so yes yeah yep yup nah wesh dear""".split()
)
"""Words said around a name to the one addressed; cut with it."""
TITLES = frozenset("bhai ji didi anna akka bestie".split())
"""Words of address said after a name ("Sunil bhai,")."""
APPOSITION = frozenset("my our the a an his her their".split())
LOWER_NEXT = frozenset({"i", "im", "i'm"})
ABBREVIATIONS = re.compile(r"\b[A-Z][a-z]{0,2}[.]\s+$")
"""A title's dot ("St. Xavier's", "Dr. Osei") ends no sentence."""

WORD = re.compile(r"[^\s,!?.;:—–]+")
SEPARATOR = re.compile(r"\s*[,!]+\s*")
STARTS = re.compile(r"(?:^|(?<=[.!?])\s+|\n)")


def _function_word(word: str) -> bool:
    """ "My", "Which", "Myself", "I'm", "She's": no name."""
    return word.casefold().split("'")[0] in STOP_WORDS


def _name(word: str, *, greeted: bool) -> bool:
    """True when ``word`` may be a name said to the listener."""
    bare = word.replace("’", "'").removesuffix("'s")
    if not bare[:1].isupper() or _function_word(bare) or known_place(bare):
        return False
    tail = bare.rsplit("-", 1)[-1]
    if "-" in bare and len(tail) >= 5 and english_word(tail):  # "Leicester-based"
        return False
    return greeted or not english_word(bare.strip("'-"))


def _cut(text: str, spans: list[tuple[int, int]]) -> str:
    kept, at = [], 0
    for start, end in sorted(spans):
        kept.append(text[at:start])
        at = max(at, len(text) - len(text[end:].lstrip(" ")))
    return "".join(kept) + text[at:]


def unaddressed(text: str) -> str:
    """``text`` without the names of the one addressed and their greetings."""
    spans = [span for start in _starts(text) if (span := _opening(text, start))]
    spans += _closings(text) + _asides(text)
    return _cut(text, spans) if spans else text


def _starts(text: str) -> list[int]:
    found = []
    for match in STARTS.finditer(text):
        start = match.end()
        if start < len(text) and not ABBREVIATIONS.search(text[:start]):
            found.append(start)
    return found


def _opening(text: str, start: int) -> tuple[int, int] | None:
    """The address that opens the sentence at ``start``: greetings, then a name, then a
    comma, "!" or a word of chat; None when the sentence opens otherwise."""
    words = [(m.group(), m.start(), m.end()) for m in WORD.finditer(text, start)][:6]
    at, greeted = 0, False
    while at < len(words) - 1 and words[at][0].casefold() in GREETINGS:
        greeted, at = True, at + 1
        if text[words[at - 1][2] : words[at][1]].strip().startswith("!"):
            return None  # "Thanks! Books, movies ...": the greeting was a sentence
        if _separator(text, words[at - 1][2]) is not None and words[at][0][:1].isupper():
            break
    names: list[tuple[str, int, int]] = []
    while at < len(words) and len(names) < 2 and _name(words[at][0], greeted=greeted):
        names.append(words[at])
        at += 1
        if _separator(text, names[-1][2]) is not None:
            break
    if not names and not greeted:
        return _english_name(text, words, start) or _lowercase(words, start)
    if not names:
        return None
    end = names[-1][2]
    if at < len(words) and words[at][0].casefold() in TITLES:
        end, at = words[at][2], at + 1
    after = _separator(text, end)
    if after is None:
        chat = at < len(words) and words[at][0].casefold() in GREETINGS
        return (start, words[at][2]) if chat else None
    if after >= len(text) or _apposition(text, after):
        return None
    return start, after


CLAUSE_OPENERS = frozenset("i i'm im i've ive i'd my we we're our you your".split())
"""Words that open a clause of the speaker's after an address ("Taylor omg i'm engaged")."""


def _english_name(
    text: str, words: list[tuple[str, int, int]], start: int
) -> tuple[int, int] | None:
    """A name that is an English noun too ("Taylor", "Franco", "Jack"), said first: only
    right before the speaker's own clause, after a comma or a word of chat, and no word
    of a relation's ("Coffee, I can't live without it")."""
    if len(words) < 2 or not _noun_only(words[0][0]):
        return None
    after = _separator(text, words[0][2])
    if after is not None:
        opens = words[1][0].casefold().replace("’", "'") in CLAUSE_OPENERS
        return (start, after) if opens and not _apposition(text, after) else None
    chat = words[1][0].casefold() in GREETINGS
    opens = len(words) > 2 and words[2][0].casefold().replace("’", "'") in CLAUSE_OPENERS
    return (start, words[1][2]) if chat and opens else None


def _noun_only(word: str) -> bool:
    """A capitalised English noun that is no verb, adjective or adverb, no place and no
    word of a relation (an animal, a drink, an occupation, a language)."""
    if not word[:1].isupper() or not word.isalpha() or _function_word(word) or known_place(word):
        return False
    if listed_word(word, "verb", "adj", "adv"):
        return False
    return word.casefold() not in ANIMALS | DRINKS | LANGUAGES | OCCUPATIONS


def _separator(text: str, end: int) -> int | None:
    """Where the words after a comma or "!" at ``end`` start; None when neither is there."""
    match = SEPARATOR.match(text, end)
    return match.end() if match else None


def _apposition(text: str, after: int) -> bool:
    """True when the words after the name describe it ("Deniz, my girlfriend, moved in"):
    a short phrase that opens with a determiner and a comma closes."""
    phrase = re.split(r"[.!?;]", text[after:], maxsplit=1)[0]
    if "," not in phrase:
        return False
    words = phrase.split(",", 1)[0].split()
    return 0 < len(words) <= 6 and words[0].casefold() in APPOSITION


def _lowercase(words: list[tuple[str, int, int]], start: int) -> tuple[int, int] | None:
    """A name typed in lowercase right before "i" or "im" ("flor i moved")."""
    if len(words) < 2 or words[1][0].casefold().replace("’", "'") not in LOWER_NEXT:
        return None
    word = words[0][0]
    if len(word) < 3 or not (word.isalpha() and word.islower()):
        return None
    if english_word(word) or _function_word(word) or known_place(word):
        return None
    return start, words[0][2]


CAPITALISED = r"[A-Z][\w'’-]*"
CLOSING = re.compile(rf"([a-z'’]+),\s*({CAPITALISED}(?:\s{CAPITALISED})?)\s*(?=[.!?]+(?:\s|$)|$)")


def _closings(text: str) -> list[tuple[int, int]]:
    """Names said last in a sentence, after a comma and a word in lowercase ("... my
    heart broke, Zoé."); not the last item of a list ("I speak Hausa, Igbo.") nor a
    noun's name ("my wife, Lerato")."""
    return [
        (match.end(1), match.end(2))
        for match in CLOSING.finditer(text)
        if not listed_word(match.group(1), "noun")  # "my wife, Lerato", "my ex, Sipho"
        and all(_name(word, greeted=False) for word in match.group(2).split())
    ]


ADDRESS = frozenset(
    """mate mates bro bruh man dude lads lad guys fam love babe hun darling sweetie mum mam
    mom mama mamma ma dad da pa papa gran granny grandma grandpa gramps nan nana nanna
    uncle aunt auntie aunty cuz cousin sis son boss pal buddy folks everyone""".split()
)
"""English words said to the one addressed, not of them: "I'm a sparky in Ballarat,
mate, been at it fifteen years" (no yerba mate), "so I'm a Volta Region man now,
Auntie"."""
KIN_TITLES = frozenset(
    """uncle aunt auntie aunty tante tía tia tío tio bro sis cousin cuz grandma grandpa
    gran nana nanna pastor""".split()
)
"""Words said before a name to the one addressed ("Bro Tunji", "Aunt Kari", "Tía Rosa")."""
PREPOSITIONS = frozenset("for with at to from in on of by about like".split())
HONORIFICS = re.compile(r"-(?:chan|san|kun|sama|ji|bhai|didi|nim|ssi)$", re.IGNORECASE)
"""A suffix that makes a word an address ("Onii-chan", "Nee-chan", "Ravi-ji")."""
ASIDE = re.compile(r"(?<=,)\s*([\w'’-]+(?:\s[\w'’-]+)?)\s*(?=[,.!?]+(?:\s|$)|$)")


def _asides(text: str) -> list[tuple[int, int]]:
    """The one addressed, set off by commas inside or at the end of a sentence: "we're
    lakeside now, Mamie, come in summer", "Andela made me a senior engineer, Bro Tunji,
    three years of grinding", "a sparky in Ballarat, mate." A word of address, a title
    and a name, or a name with an honorific; never an item of a list ("tea, coffee,
    mate") nor the start of one ("..., Mamie and Papa").
    """
    found = []
    for match in ASIDE.finditer(text):
        words = match.group(1).split()
        before = text[: match.start()].rstrip(" ,")
        chunk = re.split(r"[,;:.!?]", before)[-1].split()
        owned = bool(APPOSITION.intersection(w.casefold() for w in chunk[:-1]))
        named = chunk and not owned and _named_after(words, chunk[-1])
        if not (_address(words) or named):
            continue  # "My other half, Dev, does the cooking", "my fiancé, Ren."
        after = text[match.end(1) :].lstrip(" ,")
        if len(chunk) < 3 or after.split(" ", 1)[0].casefold() in ("and", "or", "&"):
            continue
        found.append((len(text[: match.start()].rstrip(" ")) - 1, match.end(1)))
    return found


def _named_after(words: list[str], previous: str) -> bool:
    """ "we're lakeside now, Mamie, come in summer": one name after a word in lowercase
    that is no noun it could name ("my wife, Lerato") and no word of a relation's."""
    if len(words) != 1 or not previous.isalpha() or not previous.islower():
        return False
    if previous in PREPOSITIONS:
        return False  # "The startup I work for, Zepto, moved me"
    word = words[0]
    known = word.casefold() in ANIMALS | DRINKS | LANGUAGES | OCCUPATIONS
    noun = listed_word(previous, "noun") and not listed_word(previous, "adv")  # not "now"
    return not known and not noun and _name(word, greeted=False)


def _address(words: list[str]) -> bool:
    """ "mate", "Auntie", "Bro Tunji", "Tía Rosa", "Onii-chan": words said to someone."""
    first = words[0].casefold()
    if len(words) == 1:
        return first in ADDRESS or bool(HONORIFICS.search(words[0]) and words[0][:1].isupper())
    return first in KIN_TITLES and _name(words[1], greeted=True) and len(words) == 2
