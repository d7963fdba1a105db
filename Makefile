# The two commands of the README. Both set up what they need first (idempotent).
.PHONY: run test lint setup setup-full

run: setup
	.venv/bin/riichi-table serve --source demo

# python -P: the checkout folder is not put on sys.path, so only the installed names (riichi_table.*) import.
test: setup-full
	.venv/bin/ruff check .
	.venv/bin/python -P -m pytest

lint:
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .

setup:
	scripts/setup.sh

setup-full:
	scripts/setup.sh --full
