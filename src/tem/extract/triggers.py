"""A cheap word test that skips turns no rule could fire on, before spaCy parses them.

Parsing is ~90% of the cost; most chat turns ("haha that's so cool!") contain none of
the words any rule needs. The test is built from the rule tables and word lists, so
it stays in step with them: a rule's verb in any inflection, or a lexicon word.
"""

from __future__ import annotations

import functools
import re

from tem.extract import lexicon as lx
from tem.extract.copula import HABIT_NOUNS, STATUS_WORDS
from tem.extract.headings import HEADINGS, UNWINDING
from tem.extract.home_is import HOME_IDIOMS
from tem.extract.lexicon import SELF_HEADINGS
from tem.extract.partners import HOUSEHOLD
from tem.extract.patterns import VERB_RULES

IRREGULAR = {
    "leave": "left",
    "begin": "began begun",
    "take": "took taken",
    "get": "got gotten",
    "have": "had has",
    "spend": "spent",
    "buy": "bought",
    "bring": "brought",
    "break": "broke broken",
    "drive": "drove driven",
    "speak": "spoke spoken",
    "lose": "lost",
    "find": "found",
    "go": "went gone gonna gon",
    "lay": "laid",
    "pick": "picked",
    "give": "gave given",
    "become": "became",
    "see": "saw seen",
}
COPULA_WORDS = "favorite favourite go-to usual hobby passion plan job role title position"
COPULA_WORDS += " retired fluent based student into language tongue baby son daughter car bike"
# Verbs too common to mean anything alone: their rules also need a word listed above
# (a job, an animal, a home), or they are covered by a phrase below.
WEAK_LEMMAS = frozenset(
    {"have", "get", "take", "find", "see", "go", "gon", "bring", "call", "give", "kick", "come"}
)
PHRASES = r"going to|gonna|gon na|(?:take|took|taking|give|gave|giving|kick|kicked) up"
PHRASES += r"|without|enough of|nothing (?:beats|compares|tops|rivals)|hooked|addicted|obsessed"
PHRASES += r"|first (?:day|week|month|shift)|still (?:in|at) "  # "yeah still in Ghent"
PHRASES += r"|(?:now|back|here) in "  # "I'm back in Bari": :func:`tem.extract.still.still_there`
PHRASES += r"|\w+ (?:me|us) (?:on|go|off|out|redundant|aboard)\b"  # "took me on", "let me go"
PHRASES += r"|propos|the question|one knee|a ring on"  # a proposal
PHRASES += r"|(?:off|on) the market"  # :func:`tem.extract.copula.be_facts`
PHRASES += r"|the (?:chop|sack|push|boot|axe|elbow)\b"  # :func:`tem.extract.posts.dismissals`
PHRASES += (
    r"|bye bye \w|goodbye,? (?:to )?\w|peace out"  # :func:`tem.extract.goodbyes.goodbye_candidates`
)
PHRASES += r"|finish(?:ed)? (?:up )?at |walk(?:ed)? out of |last day at "  # :mod:`.lastdays`
PHRASES += r"|(?:towel|book|plug|time) on |the cord with |the (?:nest|coop)|rear[- ]?view"
# the last: the idioms of leaving of :mod:`.leavings`
PHRASES += r"|deactivated (?:me|my account)|discharged by"  # :mod:`.employers`
PHRASES += r"|(?:sack|dismiss|appoint|poach|rehir|releas|admit|withdr[ae]w|pension)\w* me\b"
PHRASES += r"|let me go|made me redundant|(?:kick|push)\w* me out"  # and taking on:
PHRASES += r"|(?:took|take[ns]?|taking|kept|keeps?|brought|brings?) me (?:on|in|aboard|over)\b"
PHRASES += r"|[a-z]+ (?:club|league|society|crew|squad|team)"  # :mod:`.clubs`
PHRASES += r"|^[\w-]+(?: [\w-]+)?(?: (?:at|on|in|with) (?:the |my )?[\w-]+(?: [\w-]+)?)?"
PHRASES += r" (?:every|each|\d+ ?x|twice|once) "  # a pastime and how often: :mod:`.routines`
PHRASES += r"|personality|in my (?:blood|dna|veins|bones)"  # "... is my whole personality"
PHRASES += "|" + "|".join(f"{word} {noun}" for noun, word in HOME_IDIOMS.items())  # home_is.py
PHRASES += "|" + "|".join(sorted(HABIT_NOUNS))  # "Tea is my lifeblood": copula's words
PHRASES += r"|(?:my|our) (?:\w+ )?(?:boss|manager|colleague|coworker|shift|office|desk|job|rota)"
PHRASES += r"(?:e?s)? (?:at|with|in) "  # "my boss at Deloitte": :func:`tem.extract.posts.posts_at`


@functools.cache
def rule_lemmas() -> frozenset[str]:
    """The lemmas of the rules' verbs that mean something alone (not :data:`WEAK_LEMMAS`)."""
    return frozenset(lemma for rule in VERB_RULES for lemma in rule.lemmas - WEAK_LEMMAS)


@functools.cache
def lexicon_words() -> frozenset[str]:
    """The words the test takes whole: copulas' and statuses' words, household and
    partner nouns, occupations (the lexicon's, the writers' titles and a published list's), animals,
    languages, homes, and what a pastime is to its doer ("my anchor": solace.py; not the
    loose "thing" and "jam", which need another trigger)."""
    from tem.extract.solace import LOOSE, SOLACE
    from tem.extract.titled import occupation_words

    words: set[str] = set(COPULA_WORDS.split()) | STATUS_WORDS | HOUSEHOLD
    words |= SOLACE - LOOSE
    for listed in (lx.OCCUPATIONS, lx.ANIMALS, lx.LANGUAGES, lx.HOME_NOUNS, lx.PARTNER_NOUNS):
        words.update(listed)
    return frozenset(words | occupation_words())


@functools.cache
def _pattern() -> re.Pattern[str]:
    """Verb stems match as prefixes ("mov" in "moving"); listed words as whole words."""
    stems: set[str] = set()
    for lemma in rule_lemmas():
        stems.add(lemma.rstrip("e") if len(lemma) > 3 else lemma)
        stems.update(IRREGULAR.get(lemma, "").split())
    words = lexicon_words()
    prefix = "|".join(sorted(map(re.escape, stems), key=len, reverse=True))
    whole = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    listed = {*HEADINGS, *UNWINDING}  # "Ways I unwind: ..." (headings.py)
    nouns = "|".join(sorted({n.rstrip("y") for n in listed}, key=len, reverse=True))
    nouns += "|(?:free|spare) time|days? off|time off"  # free time: headings.py's _key
    heading = rf"\b(?:{nouns})\w*\b[^.!?:\n]{{0,40}}[:?]\s*\S"  # "Hobbies? Chess, ..."
    return re.compile(rf"\b(?:{prefix}|{PHRASES})|\b(?:{whole})s?\b|{heading}", re.IGNORECASE)


def may_state_fact(text: str) -> bool:
    """False only when no rule can fire on ``text``."""
    return _pattern().search(text) is not None


SELF_WORDS = re.compile(r"\b(?:i|i'm|im|i've|ive|i'd|me|my|mine|we|we're|our|us)\b", re.IGNORECASE)


ANNOTATION = re.compile(r"\[[^\[\]]*\]")
"""What a chat export or a benchmark puts in brackets beside the words: "[image]",
"[shares a photo: a photography of a man ...]"."""


CHAT_TAG = re.compile(r"(?<=\w)[ \t]+(?:lol|lmao|lmfao|rofl|tbh|ngl|smh|fr)(?=[\s,.!?]|$)", re.I)
"""Chat's tags said after a word, which the parser reads as words of the sentence
("finally moved to austin lol, the tacos": a place "lol"): cut before reading, or
read as the comma it stands for when words follow ("my 3rd chai lol i cant stop"). A tag
that opens a sentence stays: the parse around it was no worse, and cutting it lost
facts ("lol my husky Mochi just ate a sock")."""


UNI_OF = re.compile(r"\b[Uu]niv?\.? of(?= )")
"""Chat's "uni of leeds", "Univ. of Porto": the university's own name, said in full
before reading, so that the parser takes it for a name and not the common noun "uni"."""
NUMBERED = re.compile(r"(?:(?<=\s)|^)\d{1,2}\)(?=\s)")
"""The number of an inline list's item: "2)" in "... Tema 2) married to Efua"."""


def spoken(text: str) -> str:
    """``text`` as the readers take it: bracketed annotations blanked (a photo's caption
    says what the picture shows, not what the speaker said of themself: "a photography
    of a man" is no hobby of theirs); an inline list's numbers ("1) nurse at Ridge
    Hospital 2) live in Tema") as the commas they stand for, so that no number is read
    into the item before it ("Tema 2"); the name of the one addressed cut out
    (:func:`tem.extract.vocatives.unaddressed`: "Sibusiso, Discovery Health took me on"
    has no employer "Sibusiso, Discovery Health"); "uni of" as "University of"
    (:data:`UNI_OF`); a typo of a word the rules read put right
    (:func:`tem.extract.typos.cues_respelled`: "my huband Tobi"); a dropped "g" put back
    ("livin in leeds", "kickboxin"); "its" as "it's" (:data:`ITS`); chat's "n" beside
    "me" as "and" (:data:`CHAT_AND`) and its "r" after "we" as "are" (:data:`CHAT_ARE`);
    chat's tags after a word (:data:`CHAT_TAG`) cut; chat's shortenings of the rules'
    words spelled out (:data:`CHAT_WORDS`: "frm", "movd"; :data:`CHAT_WITH`: "w");
    speech's hesitations and fillers cut
    (:func:`tem.extract.speech.unfilled`: "I'm, like, a barista, uh, at Grindhouse"); and
    a learner's "like" before a role as "as" (:func:`tem.extract.learners.as_for_like`:
    "I work in Lidl like cashier")."""
    from tem.extract.learners import as_for_like
    from tem.extract.speech import unfilled
    from tem.extract.typos import cues_respelled
    from tem.extract.vocatives import unaddressed

    said = as_for_like(unfilled(text))
    said = cues_respelled(ANNOTATION.sub(lambda m: " " * len(m.group()), said))
    said = NUMBERED.sub(lambda m: "," + " " * (len(m.group()) - 1), said)
    said = UNI_OF.sub("University of", unaddressed(said))
    said = PAST_OPENING.sub(_lowered_past, said)
    said = DROPPED_G.sub(_g_restored, said)
    said = ITS.sub("it's", CHAT_ARE.sub(r"\1 are ", CHAT_AND.sub(_and_for_n, said)))
    said = CHAT_WITH.sub("with", CHAT_WORD.sub(lambda m: CHAT_WORDS[m.group()], said))
    said = CHAT_IM.sub(lambda m: m.group()[0] + "'m", said)
    return CHAT_TAG.sub(lambda m: "," if said[m.end() : m.end() + 1] == " " else "", said)


CHAT_AND = re.compile(r"\b(\w+) n (?=(\w))")
"""Chat's "n" for "and" between words: "me n Javi broke up", "i live in soweto n wrk
nights"; not in a name of capitalised words ("Pick n Pay", :func:`_and_for_n`)."""


def _and_for_n(match: re.Match[str]) -> str:
    before = match.group(1)
    named = before[0].isupper() and before not in ("I", "Me") and match.group(2).isupper()
    return match.group() if named else f"{match.group(1)} and "


CHAT_WORDS = {"frm": "from", "jus": "just", "movd": "moved", "liv": "live", "outta": "out of"}
"""Chat's shortenings of the words the rules read, typed in lowercase: "shifted to sylhet
frm dhaka", "jus moved outta houston" (no name "jus"; "out of"), "i liv in ahmedabad"
("Liv" is a name)."""
CHAT_WORD = re.compile(r"\b(?:" + "|".join(CHAT_WORDS) + r")\b")
CHAT_IM = re.compile(r"(?<![\w'’-])(?:im|Im(?= [a-z]))(?![\w'’-])")
"""Chat's "im" for "I'm": "im a butcher at the spar" is read as "i'm a butcher ..." (the
parser takes a bare "im" for a verb "m" that no copula reader knows); a capital "Im"
only before a lowercase word, since "Im" is also a Korean family name ("Im Ji-woo")."""
CHAT_WITH = re.compile(r"(?<![\w'’/&.-])w/?(?= [a-z0-9])")
"""Chat's "w" (or "w/") for "with" before a lowercase word: "moved in w my gf Priya",
"share a room w 2 other girls" (no place "w gf Priya"); a capital "W" stays."""


CHAT_ARE = re.compile(r"\b([Ww]e|me|they) r (?=\w)")
"""Chat's "r" for "are" after a plural subject: "we r moving", "luana n me r living"."""
ITS = re.compile(r"\bits(?= (?:all|only|just|been|so|literally|a|the|not|too|really|gonna)\b)")
"""Chat's "its" for "it's" where no possessive can stand: "now its just herbal tea for
me", "its been 2 months"; read as the clause it opens ("its my thing" stays as typed)."""


PAST_OPENING = re.compile(r"(?:^|(?<=[.!?]\s))([A-Z][a-z]{3,})(?= [A-Z])")
"""A capitalised word opening a sentence before a name: "Left Manchester for Sheffield"."""


DROPPED_G = re.compile(r"\b([A-Za-z]{3,}in)\b(?!['’])")
"""A word that may be an "-ing" form typed without its "g": "livin", "drinkin"."""


def _g_restored(match: re.Match[str]) -> str:
    """ "livin" as "living", "drinkin" as "drinking": a word that is no English word
    itself but is one with a "g" after it (WordNet's index; "cousin", "cabin", "Berlin"
    stay)."""
    from tem.extract.nlp import english_index

    word = match.group(1)
    known = english_index()
    folded = word.casefold()
    return word + "g" if folded not in known and folded + "g" in known else word


def _lowered_past(match: re.Match[str]) -> str:
    """A past verb that opens a sentence, its "I" dropped, in lowercase before a name:
    "Left Manchester for Sheffield" (the parser read "Left Manchester" as one name)."""
    from tem.extract.nlp import past_form

    word = match.group(1)
    same = word == "Quit"  # its past is its bare form: "Quit Orkney Ferries, broke up with ..."
    return word.lower() if same or past_form(word.lower(), shortest=5) else word


SELF_HEADED = re.compile(
    rf"^\W*(?:[\w'-]+\W+){{0,6}}?(?:{'|'.join(sorted(SELF_HEADINGS))})\b[^.!?:\n\w]*"
    r"(?:(?:(?!\bof\b)[^.!?:\n]){0,40}:|[^\w\s,'-])",  # not "Profile of Tom:"
    re.IGNORECASE,
)


def self_headed(text: str) -> bool:
    """True when ``text`` opens with a heading that introduces its speaker ("Intro: Kano,
    two cats", "Quick bio for the new folks: ...", "Quick intro 🙌 Tevita, ..."): its
    items are the speaker's though no "I" says so."""
    return SELF_HEADED.search(text.replace("’", "'")) is not None


def speaks_of_self(text: str) -> bool:
    """True when ``text`` has a first-person word or opens with a heading that introduces
    its speaker: the span model may find a fact there."""
    text = text.replace("’", "'")
    return SELF_WORDS.search(text) is not None or self_headed(text)


LEAD_INS = frozenset(
    "just finally so and also ok okay yeah yep well lol haha omg oh btw recently".split()
)
"""Words chat puts before a verb whose "I" it dropped: "just moved to Austin"."""
SENTENCES = re.compile(r"[.!?\n;:—]+")


def may_be_shorthand(text: str) -> bool:
    """True when a sentence of ``text`` opens with a past verb, its "I" dropped ("Tied
    the knot with Daniel!", "so, got a flat in Leith"): the span model may find a fact
    there though no first-person word says so. The past forms are "-ed" and the English
    pipeline's own irregular forms."""
    from tem.extract.nlp import past_form

    for sentence in SENTENCES.split(text.replace("’", "'")):
        words = [w for w in re.findall(r"[a-z']+", sentence.casefold()) if w not in LEAD_INS]
        if words and past_form(words[0], shortest=4):  # a wide gate: the guards decide
            return True
    return False
