from riichi_table.cli import entry

entry()
