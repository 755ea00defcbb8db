# Two entry points: `make run` starts the app, `make test` runs every check.
# Both create .venv on first use and (re)install when pyproject.toml changes.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin

.PHONY: run test lint typecheck pytest screenshots bench clean translations

$(VENV)/.installed-run: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(PY) -m armybuilder

lint: $(VENV)/.installed-test
	$(BIN)/ruff check armybuilder tests benchmarks tools
	$(BIN)/mypy armybuilder

pytest: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(PYTEST_ARGS)

test: lint pytest

screenshots: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(PY) -m tools.screenshots screenshots/

bench: $(VENV)/.installed-test
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache
