"""Evaluation: benchmarks and scoring, built on tem's public API like any other client.

Submodules are imported on demand (``from tem.eval import persona``); nothing heavy is
imported here.
"""
