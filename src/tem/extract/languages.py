"""Language names and the language a text names ("spansih" -> "Spanish").

The names come from ISO 639-1 (pycountry, which ships them) and the extractor's
lexicon; a word of at least five letters close enough to one is taken for it.
"""

from __future__ import annotations

import difflib
import functools
import re

from tem.extract.lexicon import LANGUAGES

EXTRA_LANGUAGES = "asl bsl sign language mandarin cantonese farsi greek gaelic creole"
LANGUAGE_CUES = frozenset(
    "speak speaks spoke speaking talk fluent fluently native bilingual trilingual language"
    " languages tongue conversational mother".split()
)
"""Words around an unlisted language name that say it is one ("I speak Pashto")."""


@functools.cache
def languages() -> frozenset[str]:
    """Casefolded language names: ISO 639-1 (pycountry) and the extractor's lexicon."""
    import pycountry

    names = set(LANGUAGES) | set(EXTRA_LANGUAGES.split()) | {"sign language"}
    for language in pycountry.languages:
        if not hasattr(language, "alpha_2"):
            continue
        for name in (language.name, getattr(language, "common_name", "")):
            for part in name.split(";"):
                part = re.sub(r"\(.*?\)", "", part).strip().casefold()
                if part:
                    names.add(part)
                    names.add(part.split()[-1])  # "modern greek" -> "greek"
    return frozenset(names)


@functools.cache
def _living() -> frozenset[str]:
    """Casefolded names of the living languages of ISO 639-3 (pycountry), whole and by
    their last word ("Southern Pashto": "pashto"; "Hawaiian", "Dari", "Iloko")."""
    import pycountry

    names: set[str] = set()
    for language in pycountry.languages:
        if getattr(language, "type", "") != "L":
            continue
        name = re.sub(r"\(.*?\)", "", language.name).strip().casefold()
        names.update((name, name.split()[-1]))
    return frozenset(names)


def living_language(text: str) -> bool:
    """True when ``text`` names a living language of ISO 639-3 ("Pashto", "Hawaiian").
    Thousands of such names are also words or places ("Mango", "Mali"), so this is only
    for a value already read as a language (the span model's), not to find one."""
    return " ".join(re.findall(r"[\w'-]+", text.casefold())) in _living()


def language_of(text: str) -> str | None:
    """The language ``text`` names ("spansih" -> "Spanish"), or None if it names none."""
    folded = " ".join(re.findall(r"[\w'-]+", text.casefold()))
    known = languages()
    if folded in known:
        said = text.strip()
        return said if any(c.isupper() for c in said) else said.title()
    for word in folded.split():
        if word in known:
            return word.title()
        if len(word) >= 5:
            close = difflib.get_close_matches(word, known, n=1, cutoff=0.85)
            if close and word.startswith(close[0]) and word[len(close[0]) :] in ("n", "an"):
                return word.title()  # "Tongan": the language, not the islands' "Tonga"
            if close:
                return close[0].title()
    return None
