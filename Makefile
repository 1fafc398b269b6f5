# Two entry points for a fresh machine: `make play` and `make test`.
PY ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed

.PHONY: play dist terminal test test-ready test-deps lint typecheck browser bench bench-browser bench-links screenshots clean catalogues messages

# --no-compile: a package's modules are byte-compiled when first imported, only those a run uses.
$(STAMP): requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --no-compile -r requirements-dev.txt
	touch $(STAMP)

# The runtime (Pyodide, PyScript) at the versions package-lock.json pins.
$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "make: npm is missing: install Node.js 18 or newer (it comes with npm)" >&2; exit 1; }
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

# The static bundle in dist/: what `make play`, the browser tests and every host serve.
dist: $(NODE_STAMP)
	$(PY) tools/build.py

# The browser tests' Chromium ($CARAVAN_CHROMIUM, else /usr/bin/chromium): tools/chromium.sh installs
# Debian's only as root or under CI; elsewhere it says how to get one and the browser tests skip.
browser:
	sh tools/chromium.sh

play: dist
	$(PY) tools/serve.py --host 127.0.0.1 --port $(PORT)

# The translations' compiled catalogues (.mo, git-ignored) beside their .po files, for the
# terminal and the tests; standard library only (tools/build.py compiles its own for the bundle).
catalogues:
	$(PY) tools/i18n.py compile

# After changing the game's texts: extract them (Babel) into caravan/locale/caravan.pot and
# merge them into every .po (docs/I18N.md).
messages: $(STAMP)
	$(BIN)/python tools/i18n.py extract
	$(BIN)/python tools/i18n.py update

terminal: catalogues
	$(PY) -m caravan

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# Two runs, both always, failing if either fails: everything but the tests that bound a
# wall-clock time on two workers (pytest-xdist: a module to a worker, the browser modules
# first, conftest.py), then those (marker `timing`) alone, with the CPU to themselves.
PARALLEL := -n 2 --dist loadfile --no-loadscope-reorder

# What the tests need, made side by side (-j: the venv, npm, the bundle, Chromium and the
# checks do not wait for each other; each one's output is kept together).
test-ready: test-deps lint typecheck
test-deps: $(STAMP) dist browser catalogues

# The checks (lint, types: mypy takes a fresh clone 17 s of one core) run beside the
# first pass, their output shown after it; any failure fails the run.
CHECKS_LOG := build/checks.log
# The second pass collects only the modules that mark a test `timing` (collecting all of
# them costs the pass 2 s more; a module that gains one is found here by itself).
TIMING_MODULES = $(shell grep -rl --include='*.py' 'mark\.timing' tests e2e)
test:
	@$(MAKE) --no-print-directory -j4 --output-sync=target test-deps
	@mkdir -p build
	status=0; \
	( $(MAKE) --no-print-directory lint typecheck > $(CHECKS_LOG) 2>&1 ) & checks=$$!; \
	$(BIN)/pytest tests e2e $(PARALLEL) -m "not timing" || status=1; \
	wait $$checks || { status=1; echo "make test: lint or typecheck failed"; }; \
	cat $(CHECKS_LOG); \
	$(BIN)/pytest $(TIMING_MODULES) -m timing || status=1; \
	exit $$status

bench: $(STAMP)
	$(BIN)/python bench/engine.py

bench-browser: $(STAMP) dist browser
	$(BIN)/python bench/browser.py

bench-links: $(STAMP)
	$(BIN)/python bench/links.py

# The key states at 1280x800 and 360x740, light and dark, into build/screenshots/ (git-ignored).
screenshots: $(STAMP) dist browser
	$(BIN)/python tools/screenshots.py

clean:
	rm -rf $(VENV) node_modules dist build vendor
