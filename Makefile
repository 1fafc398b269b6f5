# Two entry points for a fresh machine: `make play` and `make test`.
PY ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed

.PHONY: play terminal test lint typecheck vendor browser bench bench-browser clean

$(STAMP): requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

vendor: $(NODE_STAMP)
	$(PY) tools/vendor.py

# The browser tests need Chromium; tools/chromium.sh installs Debian's if it is missing.
browser:
	sh tools/chromium.sh

play: vendor
	$(PY) tools/serve.py --host 127.0.0.1 --port $(PORT)

terminal:
	$(PY) -m caravan

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

test: $(STAMP) lint typecheck vendor browser
	$(BIN)/pytest tests e2e

bench: $(STAMP)
	$(BIN)/python bench/engine.py

bench-browser: $(STAMP) vendor browser
	$(BIN)/python bench/browser.py

clean:
	rm -rf $(VENV) vendor node_modules
