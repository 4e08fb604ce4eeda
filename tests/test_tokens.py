"""Tests for tem.tokens: the offline cl100k_base token counter."""

from __future__ import annotations

import subprocess
import sys

from tem.tokens import count_tokens


def test_hello_world_is_two_tokens() -> None:
    assert count_tokens("hello world") == 2


def test_count_is_a_positive_int_and_stable() -> None:
    text = "- Ad budget | $4,500/mo | source: call Oct 3"
    first = count_tokens(text)
    assert isinstance(first, int)
    assert first > 0
    assert count_tokens(text) == first


def test_empty_text_has_no_tokens() -> None:
    assert count_tokens("") == 0


def test_special_token_text_is_counted_as_plain_text() -> None:
    assert count_tokens("<|endoftext|>") > 1


def test_import_loads_nothing() -> None:
    code = "import sys, tem.tokens; assert 'tiktoken' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
