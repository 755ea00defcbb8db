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

# bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE): the workers
# and the interpreters the tests start would otherwise compile the package again each time
pytest: $(VENV)/.installed-test
	env -u PYTHONDONTWRITEBYTECODE QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(PYTEST_ARGS)

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
# what the bundle is made of: a change to any of them installs the app into the dist venv again and rebuilds it
DIST_SOURCES := pyproject.toml setup.py README.md LICENSE $(shell find armybuilder profiles resources docs -type f \
	-not -name '*.pyc' -not -path '*/__pycache__/*' 2>/dev/null)
BUNDLE := dist/armybuilder/armybuilder

# the app's dependencies (pyproject.toml's list), PyInstaller and a setuptools that builds this pyproject.toml (a
# new venv's is too old), so installing the app needs no isolated build environment
$(DIST_VENV)/.installed: pyproject.toml setup.py
	rm -rf $(DIST_VENV)
	$(PYTHON) -m venv $(DIST_VENV)
	$(PYTHON) -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
		> $(DIST_VENV)/requirements.txt
	$(DIST_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r $(DIST_VENV)/requirements.txt \
		'pyinstaller>=6.10' 'setuptools>=77'
	touch $@

# the app again (not editable: the bundle takes the installed copy), only when its sources changed
$(DIST_VENV)/.installed-app: $(DIST_VENV)/.installed $(DIST_SOURCES)
	rm -rf build/lib build/bdist.* *.egg-info
	$(DIST_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall \
		--no-build-isolation .
	touch $@

$(BUNDLE): $(DIST_VENV)/.installed-app packaging/armybuilder.spec packaging/launch.py
	rm -rf dist/armybuilder
	mkdir -p build/pyinstaller
	cd build/pyinstaller && ../dist-venv/bin/python -m PyInstaller --noconfirm --log-level WARN \
		--distpath ../../dist --workpath work ../../packaging/armybuilder.spec
	touch $@

dist: $(BUNDLE)
	@echo "standalone app: dist/armybuilder/ (run dist/armybuilder/armybuilder)"

dist-check: dist
	$(PYTHON) packaging/check_bundle.py dist/armybuilder

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache
