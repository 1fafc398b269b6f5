# Two entry points for a fresh machine: `make play` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck bench clean

$(STAMP): requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $(STAMP)

play:
	$(PY) -m caravan

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check caravan tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

test: $(STAMP) lint typecheck
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) build
