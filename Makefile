# Set-up and checks. Every target creates the virtual environment it needs.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
DB     ?= tem.db
EXTRAS ?= dev,extract,llm,eval

.PHONY: venv demo test lint bench clean

$(BIN)/tem: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[$(EXTRAS)]"
	touch $(BIN)/tem

venv: $(BIN)/tem

## Run the main job on the embedded default (SQLite file, no LLM).
demo: venv
	$(BIN)/tem --db $(DB) demo

## Lint, type-check and run the whole test suite.
test: venv lint
	$(BIN)/python -m pytest

lint: venv
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

bench: venv
	$(BIN)/python benchmarks/bench_store.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
