# Set-up and checks. Each target creates the virtual environment it needs.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
DB     ?= tem.db

.PHONY: demo test lint browser bench clean

# The library alone: enough for the demo, ingestion and the CLI.
$(VENV)/.core: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# Everything the tests exercise: linters, the evaluation harness, embeddings, the servers,
# the PostgreSQL store and the job queue.
$(VENV)/.test: $(VENV)/.core
	$(BIN)/python -m pip install --quiet -e ".[dev,eval,embed,server,postgres,queue]"
	touch $@

# Debian's Chromium and ChromeDriver for the timeline page's browser test (it skips,
# saying why, where they are missing and cannot be installed).
browser:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null \
		|| echo "tem: could not install chromium; the browser test will skip"; \
	else echo "tem: no chromium (apt-get install chromium chromium-driver); the browser test will skip"; fi

## Run the main job on the embedded default (SQLite file, no LLM).
demo: $(VENV)/.core
	$(BIN)/tem --db $(DB) demo

## Lint, type-check and run the whole test suite.
test: lint browser
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
