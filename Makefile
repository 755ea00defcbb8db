# Two entry points: `make run` starts the app, `make test` runs every check.
# Both create .venv on first use and (re)install when pyproject.toml or setup.py changes.
# `make dist` builds the standalone app folder (dist/armybuilder/) with PyInstaller in its own venv,
# `make dist-check` starts it headless as CI does; `make install-desktop` adds the app to the desktop's menus.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin

.PHONY: run test lint typecheck pytest screenshots bench clean translations dist dist-check install-desktop \
	uninstall-desktop

$(VENV)/.installed-run: pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(PY) -m armybuilder

MYPY := $(CURDIR)/$(BIN)/mypy --config-file $(CURDIR)/pyproject.toml --no-namespace-packages
TEST_MYPY := $(MYPY) --disable-error-code union-attr --follow-imports silent

lint: $(VENV)/.installed-test typecheck
	$(BIN)/ruff check armybuilder tests benchmarks tools packaging

typecheck: $(VENV)/.installed-test
	$(MYPY) armybuilder benchmarks tools packaging
	cd tests && MYPYPATH=$(CURDIR) $(TEST_MYPY) --cache-dir $(CURDIR)/.mypy_cache/tests --exclude '^gui/' .
	cd tests/gui && MYPYPATH=$(CURDIR)/tests:$(CURDIR) $(TEST_MYPY) --cache-dir $(CURDIR)/.mypy_cache/gui .

# the suite on every core (pytest-xdist); `make pytest PYTEST_ARGS=` runs it in one process, e.g. to debug
PYTEST_ARGS ?= -n auto --dist worksteal

pytest: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(PYTEST_ARGS)

test: lint pytest

screenshots: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(PY) -m tools.screenshots screenshots/

bench: $(VENV)/.installed-test
	$(PY) -m benchmarks

install-desktop: $(VENV)/.installed-run
	$(PY) -m armybuilder.desktop install

uninstall-desktop: $(VENV)/.installed-run
	$(PY) -m armybuilder.desktop uninstall

DIST_VENV := build/dist-venv

$(DIST_VENV)/.installed: pyproject.toml setup.py
	rm -rf $(DIST_VENV)
	$(PYTHON) -m venv $(DIST_VENV)
	$(DIST_VENV)/bin/python -m pip install --quiet --disable-pip-version-check . 'pyinstaller>=6.10'
	touch $@

dist: $(DIST_VENV)/.installed
	rm -rf build/lib build/bdist.* *.egg-info dist/armybuilder
	$(DIST_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall .
	mkdir -p build/pyinstaller
	cd build/pyinstaller && ../dist-venv/bin/python -m PyInstaller --noconfirm --log-level WARN \
		--distpath ../../dist --workpath work ../../packaging/armybuilder.spec
	@echo "standalone app: dist/armybuilder/ (run dist/armybuilder/armybuilder)"

dist-check: dist
	$(PYTHON) packaging/check_bundle.py dist/armybuilder

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache
