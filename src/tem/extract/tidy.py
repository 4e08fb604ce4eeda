"""The last word on a value's form, whichever reader found it (rules or span model).

Readers take a value's words from the parse; chat adds words that are not the value:
an emoji, a dash or a chat tag at its edge ("Unilag 🙃", "hot milo lol"), how often
or how long ("badminton twice a week", "Canva 2 weeks"), a word left where a reading
stopped short ("singing in the"), the word that introduced a partner ("gf Leah"), a
pet's kind before its name ("hamster Nugget"), a word of recency ("their new editor"),
or the person a habit makes of the speaker ("a kvass man", "pilates girlie").
:func:`tidy` removes them and keeps the rest as written.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tem.extract.activities import activity, outing
from tem.extract.facts import Candidate
from tem.extract.kinds import PLACE_OF_WORK, doer, person_noun, span_of, spelled
from tem.extract.lexicon import DRINKS, OCCUPATIONS, PARTNER_NOUNS, SCHOOL_WORDS, WORK_SITES
from tem.extract.nlp import english_index, english_word, frequency, respelled
from tem.extract.particles import hyphened, joined_name, owned_name, shop_name
from tem.extract.pets import FOND, pet_kind

PARTNER_WORDS = PARTNER_NOUNS | frozenset(
    {"gf", "bf", "hubby", "wifey", "missus", "fella", "man", "girl", "boo"}
)
"""Words that introduce a partner by name: "my gf Leah", "my husband Tui"."""
LEADING_TO = frozenset("learning trying starting beginning teaching getting going".split())
"""Gerunds whose "to" is the activity's own: "learning to knit" is no reason given."""
HOURS = frozenset(
    {"full-time", "part-time", "fulltime", "parttime", "full time", "part time", "only"}
)
"""Words before a title that say how much or how alone, not what: "full-time"."""
AFTER_NAMES = frozenset(
    "on in at for from since after before last this who when id im ill ive r is was".split()
)
"""Words that end a partner's name: what follows says when or where ("Raf on
Valentine's Day", "erik id help him": chat's "I'd"); a name's own joiners ("de",
"van") are not among them."""
HABIT_PEOPLE = frozenset(
    """
    man woman girl girlie guy gal person addict lover fan fiend junkie enthusiast head
    """.split()
)
"""A person a habit makes of the speaker: "a kvass man", "a tea lover", "pilates girlie"."""
CHAT_TAGS = frozenset(
    "lol lmao lmfao rofl haha hahaha tbh ngl btw omg fr rn imo smh ugh brb idk ikr tbf tho".split()
)
"""Chat's tags that a parse can hang on a value's end: "hot milo lol"."""
TAIL = re.compile(
    r"(?:^|\s)(?:twice|once|thrice|every|each|daily|weekly|nightly|bc|cuz|coz|cause|because|again"
    r"|instead"
    r"|evry|evrey|agian|agin|agen"  # as chat types them: "cricket evry sunday", "running agian"
    r"|\d+\s*(?:x|times|days?|weeks?|months?|years?|yrs?|hrs?|hours?)"
    r"|(?:two|three|four|five|six|seven|several|a\s+few|many)\s+times"
    r"|tmrw|tmr|tmrw?o?w|2moro|2morrow|tonite|2nite|yesterday"
    r"|last\s+(?:year|month|week|summer|winter|spring|autumn|fall|night))\b.*$",
    re.IGNORECASE,
)
"""How often, how long, why or (chat's spelling) when, after a value: "badminton twice a
week", "Canva 2 weeks", "my shift at gamestop tmrw",
"my ferret Bandit bc the landlord said no", "bouldering again", "swimming instead",
"skateboarding agian"."""
LOOSE_ENDS = frozenset("the a an my our your his her their in at of on to for with and or".split())
"""Words a value never ends with, left when a reading stops short: "singing in the"."""
TIMES = frozenset(
    "lately recently nowadays now today currently week weekend day night month year time "
    "nite tonite rn".split()
)
"""Words of time the parse can leave as a whole value: "Stuff I'm into lately: ...",
"we play like 4x a week", chat's "loud at nite", "things i'm into rn: ..."."""
SHORT_DAYS = frozenset("mon tue tues wed thu thur thurs fri sat sun".split())
"""A day as chat shortens it, no place: "can we move to mon" (a partner may be Thu)."""
DOINGS = frozenset("playing doing going making learning practising practicing".split())
"""Verbs of a pastime that name none alone: "playing" is not the koto played."""
RECENCY = frozenset("new current present latest".split())
"""Words of recency before a value that are not part of it: "their new editor"."""
BYGONE = frozenset({"former", "ex", "erstwhile", "retired"})
"""Words that put a value in the past: "*former* accountant", "a *retired* chef"
(:mod:`tem.extract.farewells` ends the fact, :func:`tidy` drops the word)."""
RECENCY_RELATIONS = frozenset({"job title", "works at", "has pet", "favorite drink", "hobby"})
"""Relations whose values never begin with such a word ("new york", lowercase, is a place)."""
DASHES = frozenset({"-", "–", "—", "|", "•"})
"""A dash alone between words ends a value: the next item of a list follows."""
CLAUSE_OPENERS = frozenset("after before b4 when while until till since because once".split())
"""Lowercase words that open a clause of when or why, never inside a name ("b4": chat's before)."""
KEEP_AT_EDGE = frozenset(".)'’&+#")
"""Punctuation a value may end or start with: "St.", "(UK)", "Sainsbury's", "C#"."""


def tidy_all(candidates: list[Candidate], sentence: Any) -> list[Candidate]:
    """``candidates`` with their values tidied (:func:`tidy_in`), less those with nothing
    of a value left ("broke up 💔", "loud at nite": a time) unless an ending may say
    none ("I quit"); a pastime or a drink ended is named ("stopped playing the violin")."""
    timeless = [c for c in candidates if (c.value or "").casefold() not in TIMES]
    tidied = [replace(c, value=tidy_in(c, sentence)) for c in timeless]
    return [c for c in tidied if c.value or c.kind == "end" and c.relation not in NAMED]


NAMED = frozenset({"hobby", "favorite drink"})
"""Relations whose ending names what ended: "I quit" ends no pastime nor drink."""


def tidy_in(candidate: Candidate, sentence: Any) -> str | None:
    """``candidate``'s value tidied (:func:`tidy`), a pastime played as a thing ("play the
    fiddle") keeping its noun."""
    span = span_of(sentence, candidate.value or "") if candidate.relation == "hobby" else None
    before = sentence.doc[span.start - 2 : span.start] if span is not None else ()
    played = [t.lemma_ for t in before] == ["play", "the"]
    value = joined_name(candidate.relation, candidate.value, sentence)  # "Musti ja Mirri"
    value = hyphened(candidate.relation, value, sentence)  # "live-in nanny"
    value = owned_name(candidate.relation, value, sentence)  # "St Luke's Primary"
    value = shop_name(candidate.relation, value, sentence)  # "at Nando's."
    return tidy(candidate.relation, value, played=played)


NAMED_RELATIONS = frozenset({"lives in", "works at", "studies at", "partner"})
"""Relations whose values are names, which may say a word twice: "Wagga Wagga"."""


def tidy(relation: str, value: str | None, *, played: bool = False) -> str | None:
    """``value`` without the words around it that are not the value (see above); a
    pastime ``played`` as a thing ("play the fiddle") keeps its noun (no "fiddling")."""
    if value is None:
        return None
    words = _trimmed(TAIL.sub("", value)).split()
    words = _cut_at(words, DASHES)  # "Kate - fly fishing every weekend": a list's next item
    while len(words) > 1 and (words[-1].casefold() in CHAT_TAGS or words[-1] in LOOSE_ENDS):
        words = words[:-1]  # "Hoi An" keeps its capital "An"
    while len(words) > 1 and (words[0].casefold() in CHAT_TAGS or words[0] in ("w", "w/")):
        words = words[1:]  # "omg Theo", which the tagger read as one name; "w/ Signe"
    said = " ".join(words).casefold()
    bare = relation == "hobby" and said in DOINGS  # "I play the koto": no "playing"
    day = said in SHORT_DAYS and relation != "partner"
    unnamed = relation == "studies at" and said in SCHOOL_WORDS  # "dropped out of uni"
    if not words or bare or unnamed or said in TIMES or day or words[0].casefold() == "than":
        return None  # "broke up 💔": no words, no value; "week lmao": a time; "way more
        # than lemon tea": the other side of a comparison
    named = relation in NAMED_RELATIONS and words[0][:1].isupper()  # "Wagga Wagga", "Bora Bora"
    if len(words) > 1 and len({w.casefold() for w in words}) == 1 and not named:
        words = words[:1]  # "chai chai chai"
    words = _without_when(relation, words)
    if len(words) > 1 and relation == "partner" and words[0].casefold() in PARTNER_WORDS:
        words = words[1:]
    if relation in ("favorite drink", "hobby"):
        words = _habit(words, relation, played=played)
    elif relation in BY_RELATION:
        words = BY_RELATION[relation](words)
    return " ".join(words)


def _cut_at(words: list[str], stops: frozenset[str]) -> list[str]:
    """``words`` up to the first of ``stops`` after the first word."""
    cut = next((i for i, w in enumerate(words) if i and w in stops), len(words))
    return words[:cut]


def _unhailed(words: list[str]) -> list[str]:
    """A place without the hail of one arriving ("moved outta brooklyn, hello jersey city")
    or a word of fondness ("moved to lil old Tulum", "tiny lil yass"; not "Little Rock")."""
    while len(words) > 1 and (words[0].casefold() in HAILS or words[0] in FOND | {"ol"}):
        words = words[1:]
    return words


HAILS = frozenset({"hello", "hi", "hey", "hiya", "goodbye", "bye", "farewell"})
"""Words that hail a place one arrives in or leaves: "hello Muscat!", "Goodbye Munich"."""


def _partner(words: list[str]) -> list[str]:
    """A partner's name without what follows it ("Raf on Valentine's Day": when, not
    who) nor the "'s" of "is" the tagger kept on it ("My partner Freya's on earlies"), in
    capitals when typed in lowercase ("carlos")."""
    cut = next((i for i, w in enumerate(words) if i and w.casefold() in AFTER_NAMES), None)
    words = words[:cut]
    if words and words[-1].endswith(("'s", "’s")) and len(words[-1]) > 3:
        words = [*words[:-1], words[-1][:-2]]
    if all(w.isalpha() and w.islower() for w in words):
        return [w.capitalize() for w in words]
    return words


def _organisation(words: list[str]) -> list[str]:
    """An employer or school by its name: "the Toyota plant", "the Google office" are
    Toyota and Google; "University of leeds" (chat's "uni of leeds") has its capitals;
    a name ends before a lowercase word that opens a clause of when ("Bosch after Emil
    was born", which the tagger read as one name)."""
    words = _cut_at(words, CLAUSE_OPENERS)
    if _name_then_place(words) or _name_then_branch(words):
        return words[:-1]
    if words[:2] == ["University", "of"] and all(w.islower() for w in words[2:]):
        return [*words[:2], *(w.capitalize() for w in words[2:])]
    return words


def _name_then_branch(words: list[str]) -> bool:
    """ "Zara HQ", "Greggs headquarters": a name, then its head office."""
    return len(words) > 1 and words[-1] in ("HQ", "headquarters")


def _name_then_place(words: list[str]) -> bool:
    """A name in capitals, then the lowercase word of one of its sites ("Toyota plant",
    "Google office", "Ocado depot"): not a name typed in lowercase, nor a body ("Bergen
    kommune")."""
    name, last = words[:-1], words[-1]
    return bool(name) and all(w[:1].isupper() for w in name) and last in PLACE_OF_WORK | WORK_SITES


def _bare_pastime(words: list[str]) -> list[str]:
    """A pastime without "doing" ("doing aerial yoga": 55 of 56 such pastimes are
    labelled bare) or the league it is played in ("(Sunday) league football" is
    football; "rugby league" stays)."""
    if len(words) > 1 and words[0].casefold() in ("doing", "league"):
        return words[1:]
    return words


def _habit(words: list[str], relation: str, *, played: bool = False) -> list[str]:
    """A drink or pastime without the reason given for it ("speedcubing to decompress",
    "boxing to clear my") nor the person it makes of the speaker ("a kvass man"); a
    drink's typo respelled ("cofee"); a pastime named as its activity unless ``played``
    as a thing ("swim" is swimming, the fiddle one plays no "fiddling")."""
    why = next(
        (
            i
            for i in range(1, len(words) - 1)
            if words[i] == "to" and _verb(words[i + 1]) and words[i - 1] not in LEADING_TO
        ),
        None,
    )
    if why is not None:
        words = words[:why]
    if len(words) > 1 and words[-1].casefold() in HABIT_PEOPLE:
        words = words[:-1]
    if relation == "favorite drink":
        return _drink(words)
    if relation == "hobby":  # "brewing my own beer": brewing beer
        owned = [
            i for i in range(1, len(words) - 2) if words[i] in OWNERS and words[i + 1] == "own"
        ]
        words = [w for i, w in enumerate(words) if not any(i in (j, j + 1) for j in owned)]
        words = _bare_pastime(words)
        where = [i for i, w in enumerate(words[:-1]) if i and w in WHERE]
        if where and words[0] != "playing":
            words = words[: where[0]]  # "swimming at the local pool", "singing in a choir"
    if relation == "hobby" and not played:
        said = " ".join(words).casefold()
        if said in GEAR:
            words = GEAR[said].split()  # "glued to a chessboard": chess
        elif len(words) > 1 and words[-1].casefold() in GATHERINGS and said not in KEPT_GATHERINGS:
            words = words[:-1]  # "shogi club", "Irish dancing class", "swim team": swimming
            words = [*words[:-1], activity(words[-1])]
        elif len(words) == 1 or words[-1].casefold().endswith(DOERS):
            words = [*words[:-1], activity(words[-1])]  # "salsa dancer": salsa dancing
        else:
            words = outing(words)
    if relation == "hobby" and " ".join(words).casefold() in TABLE_GAMES:
        words = ["playing", *words]  # "the chess club": playing chess, as the guide names it
    return words


WHERE = frozenset({"at", "in", "on", "near", "with", "around"})
"""Words that say where or with whom a pastime is done, not what it is."""
OWNERS = frozenset({"my", "our"})
"""Owners before "own" in a pastime, which says whose the thing made is, not what:
"brewing *my own* beer"."""
GATHERINGS = frozenset(
    "club team squad class classes lesson lessons society crew practice rehearsal".split()
)
"""Where a pastime is done with others, no part of its name: the writers label "running"
for "my running club", "Irish dancing" for "my Irish dancing class" and "choir" for
"choir practice"."""
TABLE_GAMES = frozenset(
    """
    chess go baduk weiqi shogi xiangqi janggi poker bridge mahjong backgammon scrabble
    checkers draughts dominoes
    """.split()
)
"""Games played at a table, whose pastime English names by "playing": "playing chess", as
the writers' guide names it; sports keep their bare name ("rugby")."""
KEPT_GATHERINGS = frozenset({"book club"})
"""A gathering that is itself the pastime's name."""

GEAR = {
    "allotment": "allotment gardening",
    "chessboard": "chess",
    "sourdough": "baking sourdough",
    "sourdough starter": "baking sourdough",
    "sketchbook": "sketching",
}
"""Things a pastime is told by, as the pastime: "potter about on the allotment",
"glued to my sketchbook", "my sourdough starter gets more attention than my kids"."""
DOERS = ("er", "ist")
"""Endings of a doer, named as the activity after other words ("salsa dancer")."""


LIVES = frozenset({"life", "era", "mode"})
"""Words chat puts after a title for the life it makes: "paramedic life", "nurse era"."""


DRINKWARE = frozenset("machine maker grinder kettle mug mugs cup cups glass glasses".split())
"""What a drink is made or drunk with, as a value's last word: "espresso machine"."""


def _drink_word(word: str) -> str:
    """A word of a drink's name as the drink lexicon spells it, where it is a typo
    English does not know ("cofee"); a plural stays ("americanos", "cortados")."""
    if not word.islower() or english_word(word) or word.rstrip("s") in DRINKS:
        return word
    return spelled(word, DRINKS)


TITLE_QUALITIES = frozenset(
    """
    qualified trained licensed seasonal permanent temporary
    real proper born whole broke official fully newly night-shift day-shift night-owl
    weekend saturday sunday slowest busiest
    """.split()
)
"""Words before a title that say how well, how long or when, not what: "a qualified
accountant", "a seasonal ski instructor", "a night-shift midwife", "the Sunday organist"."""
DRINK_QUALITIES = frozenset(
    """
    proper large small decent plain takeaway usual strong weak cold homemade terrible
    airport daily nightly morning cheap fancy occasional ice-cold good nice
    """.split()
)
"""Words before a drink that say how big, good or often, not which: "a proper coffee",
"my usual barley tea", "a strong black coffee"; "cold brew" stays (:func:`_drink_quality`)."""


def _drink(words: list[str]) -> list[str]:
    """A drink without how big, good or often ("a proper coffee", "my usual barley tea"),
    its typos respelled ("cofee"); none for a thing to make it with ("my beloved
    espresso machine")."""
    if words[-1].casefold() in DRINKWARE:
        return []
    while len(words) > 1 and _drink_quality(words[0], words[1]):
        words = words[1:]
    return [_drink_word(w) for w in words]


def _drink_quality(word: str, after: str) -> bool:
    return word.casefold() in DRINK_QUALITIES and f"{word} {after}".casefold() != "cold brew"


def _title(words: list[str]) -> list[str]:
    """A title without how much or how alone ("full time nurse", "the only nurse"), nor
    the life it makes ("mechanic life"), its typos respelled (:func:`respelled`)."""
    if len(words) > 1 and words[-1].casefold() in LIVES:
        words = words[:-1]
    if len(words) > 2 and " ".join(words[:2]).casefold() in HOURS:
        words = words[2:]
    if len(words) > 1 and words[0].casefold() in HOURS:
        words = words[1:]
    if len(words) > 1 and words[0].casefold() in ("employed", "self-employed"):
        words = words[1:]  # "self-employed hairdresser": how, not what
    while len(words) > 1 and words[0].casefold() in TITLE_QUALITIES and words[1] != "estate":
        words = words[1:]  # "a qualified accountant", "the Sunday organist": an accountant
    words = _ending_in_the_person(words)
    if len(words) == 1 and words[0].casefold().endswith("ing"):  # "retired from nursing"
        words = [doer(words[0].casefold()[:-3]) or words[0]]
    fixed = [respelled(w, "noun", "adj") for w in words]  # "sofware engineer", "data anlyst"
    if fixed[-1] != words[-1] and not person_noun(fixed[-1]):
        return words  # "sparky", "physio": a person noun English spells its own way
    return fixed  # "securty guard": a typo before the title's own word


def _ending_in_the_person(words: list[str]) -> list[str]:
    """A title run on into the words after it, typed with no comma ("cashier startd
    monday", "cashier shifts change evry week", "therapist nights mostly"): cut after
    its last listed occupation when a typo or a plural follows it, which no title goes
    on with ("vet tech", "head of marketing" go on)."""
    people = [i for i, w in enumerate(words) if w.casefold() in OCCUPATIONS]
    if not people or people[-1] == len(words) - 1:
        return words
    after = words[people[-1] + 1].casefold()
    plural = after.endswith("s") and not after.endswith("ss")
    known = frequency(after) > 0 or after in english_index()  # as typed: "startd" is none
    if after in ("of", "to", "for", "&", "and") or known and not plural:
        return words  # "vet tech", "bus driver", "head of marketing"
    return words[: people[-1] + 1]


def _without_when(relation: str, words: list[str]) -> list[str]:
    """``words`` without a first word that says when, not what: "now marketing
    manager", "Former accountant", "ex-teacher", "new editor"."""
    if len(words) > 1 and words[0] in ("now", "currently"):
        words = words[1:]
    if relation not in RECENCY_RELATIONS:
        return words
    if len(words) > 1 and words[0].casefold() in BYGONE:
        words = words[1:]  # an accountant, and the fact ended (tem.extract.farewells)
    if words[0].casefold().startswith("ex-") and words[0][3:]:
        words = [words[0][3:], *words[1:]]
    if len(words) > 1 and words[0] in RECENCY:
        words = words[1:]  # lowercase only: "New Balance" is a name
    return words


ABBREVIATIONS = frozenset("st co inc ltd jr sr corp bros dept univ mt ft".split())
"""Words whose full stop is their own: "St.", "Co."; any other word's (but an initial's)
is the sentence's ("marking exams for UiT.")."""


def _trimmed(value: str) -> str:
    start, end = 0, len(value)
    while start < end and _loose(value[start]):
        start += 1
    while end > start and _loose(value[end - 1]):
        end -= 1
    value = value[start:end]
    last = value.rsplit(maxsplit=1)[-1] if value.strip() else ""
    word = last[:-1]
    if (
        last.endswith(".")
        and len(word) > 1
        and "." not in word
        and word.casefold() not in ABBREVIATIONS
    ):
        value = value[:-1]  # but "D.C.", "St." and an initial ("Ana J.") keep theirs
    return value


def _loose(char: str) -> bool:
    """True for a character no value begins or ends with: space, emoji, dash, comma."""
    if char.isspace():
        return True
    if char in KEEP_AT_EDGE:
        return False
    return unicodedata.category(char)[0] in ("S", "P")


def _verb(word: str) -> bool:
    from tem.extract.nlp import known_verbs

    return word.casefold() in known_verbs()


BY_RELATION: dict[str, Callable[[list[str]], list[str]]] = {
    "partner": _partner,
    "has pet": pet_kind,
    "job title": _title,
    "works at": _organisation,
    "studies at": _organisation,
    "lives in": _unhailed,
}
"""How each relation's value is tidied past the words every value loses."""
