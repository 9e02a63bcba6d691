# plakoto_site build/test entry points. GNU make.
# Works on a fresh clone with only python3, node/npm and java installed.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON_SYS ?= python3
VENV       := .venv
PY         := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
PYTEST_ARGS ?=
# pytest-xdist processes: one more than the project's machine has cores, as a browser test
# often waits (for a page, a server, a lock) and the third fills the core it leaves idle;
# 0 runs the tests in make's own pytest process
PYTEST_WORKERS ?= 3
TSC        := node_modules/.bin/tsc --noEmit -p tsconfig.json && node_modules/.bin/tsc --noEmit -p tsconfig.rules.json

.PHONY: help test site serve check messages status lint bench mutants clean chromium php

help: ## show this list
	@grep -E '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | \
		awk 'BEGIN {FS = ":.*## "}; {printf "  %-10s %s\n", $$1, $$2}'

$(VENV_STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON_SYS) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test]'
	@touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts
	@touch $@

chromium: ## make sure a Chromium for the browser tests exists
	@scripts/ensure-tool.sh chromium

php: ## make sure a PHP command line for the WordPress plugin's tests exists
	@scripts/ensure-tool.sh php

test: $(VENV_STAMP) $(NODE_STAMP) chromium php ## run the test suite (PYTEST_ARGS=... to narrow)
	@rc=0; $(PY) -m pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS) || rc=$$?; \
	if [ $$rc -eq 5 ]; then \
		echo "ERROR: pytest collected no tests" >&2; rc=1; \
	fi; \
	echo "== node --test tests/js/ (the browser rules and the computer opponent)"; \
	node --test tests/js/ || rc=1; \
	echo "== tsc --noEmit (the browser scripts against their JSDoc types)"; \
	$(TSC) || rc=1; \
	exit $$rc

site: $(VENV_STAMP) ## build the static site
	$(PY) build.py build

serve: $(VENV_STAMP) ## serve the built site locally
	$(PY) build.py serve

check: $(VENV_STAMP) ## check the built site
	$(PY) build.py check

messages: $(VENV_STAMP) ## extract/compile translation messages
	$(PY) build.py messages

status: $(VENV_STAMP) ## show translation/content status
	$(PY) build.py status

lint: $(VENV_STAMP) $(NODE_STAMP) ## ruff + mypy + tsc (the browser scripts' JSDoc types)
	$(PY) -m ruff check plakoto_site build.py benchmarks tests
	$(PY) -m mypy plakoto_site build.py benchmarks tests
	$(TSC)

bench: $(VENV_STAMP) $(NODE_STAMP) ## run every benchmarks/*.py and *.js
	@shopt -s nullglob; files=(benchmarks/*.py benchmarks/*.js); \
	if [ $${#files[@]} -eq 0 ]; then echo "no benchmarks in benchmarks/"; exit 0; fi; \
	for f in "$${files[@]}"; do echo "== $$f"; \
		if [[ $$f == *.js ]]; then node "$$f"; else $(PY) "$$f"; fi; done

mutants: $(VENV_STAMP) $(NODE_STAMP) chromium ## plant each bug of scripts/mutants.toml and check the tests catch it (slow)
	$(PY) scripts/mutants.py

clean: ## remove build output and caches (keeps .venv, node_modules)
	rm -rf _site .pytest_cache .mypy_cache .ruff_cache .hypothesis benchmarks/.cache test-results
	find . -path ./.venv -prune -o -path ./node_modules -prune -o \
		-name __pycache__ -type d -prune -exec rm -rf {} +
