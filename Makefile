# Two commands for a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
UV ?= $(shell command -v uv 2>/dev/null || echo .tools/bin/uv)
PY := .venv/bin/python
HOME_DIR ?= var
HOST ?= 127.0.0.1
PORT ?= 8000
export CRIMEASSIST_HOME ?= $(HOME_DIR)

.PHONY: install run seed test lint typecheck pytest bench loadtest clean

$(UV):
	python3 -m venv .tools && .tools/bin/pip install --quiet uv==0.13.8

.venv/.synced: pyproject.toml uv.lock | $(UV)
	$(UV) sync --frozen --python 3.11 --compile-bytecode
	$(PY) -m compileall -q app graph tools validators schemas  # the project's own bytecode too
	touch .venv/.synced

install: .venv/.synced

$(CRIMEASSIST_HOME)/records.db: | install
	$(PY) -m app seed-demo

seed: install
	$(PY) -m app seed-demo

run: install $(CRIMEASSIST_HOME)/records.db
	$(PY) -m app serve --host $(HOST) --port $(PORT)

lint: install
	$(UV) run --frozen ruff check .
	$(UV) run --frozen ruff format --check .
	$(UV) run --frozen lint-imports

typecheck: install
	$(UV) run --frozen mypy

pytest: install
	$(UV) run --frozen pytest -q

test: lint typecheck pytest

bench: install
	$(PY) -m bench

loadtest: install
	$(PY) -m bench.loadtest $(LOADTEST_ARGS)

clean:
	rm -rf .venv .tools var .pytest_cache .mypy_cache .ruff_cache
