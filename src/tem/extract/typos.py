"""Typos of the words the rules read, put right before parsing.

A message typed in a hurry misspells the very words a fact hangs on: "my huband Tobi",
"broke up with my boyfirend jake", "droped out of santa monica colege", "first day at
univercity of toronto". The parser then reads no husband, no dropping out, no college.
:func:`cues_respelled` puts such a word right when it is no English word in any form
(pyspellchecker's English word list, which ships with it and holds inflections: "droped"
is none, "dropped" is) and exactly one word the rules read (:func:`cue_words`) is one
slip away: a letter missed, added, swapped or mistyped.

Only the rules' own words are targets, never English at large: a value typed as the
speaker likes it stays as typed ("padel" is no "panel", "matcha" no "match", a lowercase
"nisha" no "aisha"), and so does a place, a language or a word of the lexicon
("cockapoo" no "cockatoo").
"""

from __future__ import annotations

import functools
import re

from tem.extract import lexicon as lx
from tem.extract.nlp import spelling

WORD = re.compile(r"(?<![\w'’-])[A-Za-z]{5,}(?![\w'’-])")
"""A word a typo is looked for in: five letters or more, no part of a longer token."""

EXTRA_CUES = frozenset(
    """
    husband boyfriend girlfriend fiance fiancee partner engaged married divorced widowed
    single separated university college school hospital academy institute polytechnic
    finally currently anymore officially recently studying graduated
    """.split()
)
"""Words every rule table leans on that a verb's inflections or a lexicon do not give."""


@functools.cache
def cue_words() -> frozenset[str]:
    """Every English word form (pyspellchecker's list) the rules read: a rule's verb in
    any inflection ("dropped", "studying", "moved"), a word of the trigger test or the
    lexicons ("husband", "coffee", "electrician"), and :data:`EXTRA_CUES`."""
    from tem.extract.triggers import lexicon_words, rule_lemmas

    lemmas = rule_lemmas()
    listed = lexicon_words() | lx.DRINKS | lx.SCHOOL_WORDS | lx.EMPLOYER_NOUNS | EXTRA_CUES
    cues = set()
    for word in spelling().word_frequency.dictionary:
        if len(word) < 5 or not word.isalpha():
            continue
        if word in listed or any(stem in lemmas for stem in _stems(word)):
            cues.add(word)
    return frozenset(cues)


def _stems(word: str) -> list[str]:
    """What an inflected verb may come from: "dropped" -> "drop", "moving" -> "move"."""
    stems = [word]
    for end in ("ing", "ed", "es", "s", "d"):
        if word.endswith(end) and len(word) > len(end) + 2:
            stem = word[: -len(end)]
            stems += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                stems.append(stem[:-1])  # "stopped" -> "stop"
    return stems


@functools.lru_cache(maxsize=8192)
def respelled_cue(word: str) -> str:
    """``word`` as the one rule word it is a slip of ("huband" -> "husband",
    "univercity" -> "university"); itself when it is capitalised (a name: "Mochi" is no
    "mocha", "Lotte" no "latte"), an English word (pyspellchecker's list, or WordNet's
    index for British spellings: "programme"), a place, a language or a lexicon word, a
    slip of no rule word or of two, five letters long and not a letter short of a
    double (:func:`_undoubled`), or another ending (:func:`_other_ending`)."""
    if not word.islower() or word in spelling() or _kept(word):
        return word
    close: set[str] = spelling().edit_distance_1(word) & cue_words()
    if len(close) != 1:
        return word
    (fixed,) = close
    if len(word) <= 5 and not _undoubled(word, fixed) or _other_ending(word, fixed):
        return word
    return fixed


def _undoubled(word: str, fixed: str) -> bool:
    """True when ``fixed`` is ``word`` with one of its letters doubled ("rabit" ->
    "rabbit", "coffe" -> "coffee"): the one slip a short word is put right for ("trans"
    is no "trains", "lukes" no "likes")."""
    return any(fixed == word[: i + 1] + word[i:] for i in range(len(word)))


def _other_ending(word: str, fixed: str) -> bool:
    """True when ``word`` differs from ``fixed`` only in its last letter, as a word of
    another language differs from its English cognate ("clinica", "universite",
    "universita"), except for a silent "e" left off ("coffe", "anymor")."""
    if fixed == word + "e":
        return False
    return word[:-1] == fixed[:-1] or fixed == word[:-1] or word == fixed[:-1]


KEPT = lx.ANIMALS | lx.DRINKS | lx.OCCUPATIONS | lx.FOODS
"""Values of the lexicons, never respelled however close to a rule word."""


def _kept(word: str) -> bool:
    from tem.extract.languages import languages
    from tem.extract.nlp import english_index
    from tem.extract.places import known_place

    return word in KEPT or word in english_index() or word in languages() or known_place(word)


def cues_respelled(text: str) -> str:
    """``text`` with every typo of a rule word put right (:func:`respelled_cue`)."""
    return WORD.sub(lambda m: respelled_cue(m.group()), text)
