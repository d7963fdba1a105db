# The two commands of the README. Both set up what they need first (idempotent).
.PHONY: run test lint setup setup-full

run: setup
	.venv/bin/riichi-table serve --source demo

test: setup-full
	.venv/bin/ruff check .
	.venv/bin/python -m pytest

lint:
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .

setup:
	scripts/setup.sh

setup-full:
	scripts/setup.sh --full
