# make run: serve the lobby at http://127.0.0.1:8000/ (SQLite in data/).  make test: lint, types, tests.
# Both create .venv on first use; nothing else needs installing but Python 3.11+, pip and make.
# `make run` installs only what serving needs (the web extra); `make test` installs every extra.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck pytest bench bench-drivers clean fast clean-fast pytest-pure bench-fast

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,sim,web,rl,cluster]'
	touch $@ $(VENV)/.web-installed

# Serving needs the web extra alone: no test, simulation or RL packages.
$(VENV)/.web-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $@

$(VENV)/.fast-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[fast]'
	touch $@

$(VENV)/.bench-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,sim,web,rl,cluster,bench]'
	touch $@

run: $(VENV)/.web-installed
	$(BIN)/gamenight serve --host 127.0.0.1 --port 8000 --data data


lint: $(VENV)/.installed
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: $(VENV)/.installed
	$(BIN)/mypy

# axe-core, for the browser tests' accessibility checks: from npm, tests only (no browser).
AXE := tests/web/axe/node_modules/axe-core/axe.min.js
$(AXE): tests/web/axe/package.json tests/web/axe/package-lock.json
	npm ci --prefix tests/web/axe --no-audit --no-fund --ignore-scripts
	touch $@

pytest: $(VENV)/.installed $(AXE)
	$(BIN)/pytest

bench: $(VENV)/.bench-installed
	$(BIN)/python benchmarks/playouts.py

# What a Match step and a Table step cost a decision against the raw rules step (issue 31).
bench-drivers: $(VENV)/.installed
	$(BIN)/python benchmarks/drivers.py

clean: clean-fast
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis

# The compiled build (issue 31, optional): mypyc compiles the engine and the games' rules into C
# extensions written beside their sources (src/gamenight/compiled.py lists them; git ignores
# them), which Python then imports instead. `make clean-fast` removes them: pure Python again.
fast: $(VENV)/.installed $(VENV)/.fast-installed
	$(BIN)/python -m gamenight.compiled

clean-fast:
	PYTHONPATH=src $(PYTHON) -m gamenight.compiled --clean

# `make test` (CI's command): lint and types, the engine's and games' tests in pure Python, then
# the build, then the whole suite against it (GAMENIGHT_COMPILED=1: tests/test_compiled.py fails
# if any module listed is not compiled). `make pytest` runs the suite on whatever is there.
test: lint typecheck pytest-pure fast $(AXE)
	GAMENIGHT_COMPILED=1 $(BIN)/pytest

pytest-pure: $(VENV)/.installed clean-fast
	GAMENIGHT_COMPILED=0 $(BIN)/pytest --ignore=tests/web

# Decisions per second of each game compiled against pure Python, and Fireball Island against maedn.
bench-fast: $(VENV)/.bench-installed fast
	$(BIN)/python benchmarks/compiled.py

# The online server's full suites (issue 20); CI runs each in small form in `make pytest`.
.PHONY: load crash leaks
load: $(VENV)/.installed
	$(BIN)/python benchmarks/web_load.py --tables 1000 --seconds 60
	$(BIN)/python benchmarks/web_load.py --tables 200 --seconds 60
	$(BIN)/python benchmarks/web_load.py --tables 200 --seconds 60 --postgres
	$(BIN)/python benchmarks/web_load.py --tables 200 --seconds 60 --processes 2
	$(BIN)/python benchmarks/web_load.py --tables 200 --seconds 60 --hostile 10

crash: $(VENV)/.installed
	$(BIN)/python -m tests.web.crashing --kills 30 --tables 8
	$(BIN)/python -m tests.web.crashing --kills 30 --tables 8 --postgres
	$(BIN)/python -m tests.web.crashing --kills 30 --tables 8 --processes 2

leaks: $(VENV)/.installed
	GAMENIGHT_LEAK_SEEDS=10 $(BIN)/pytest -q -s -p no:cacheprovider tests/web/test_leaks.py
