"""The rules engine: standard library only.

Spellings used throughout (one per term): kind (0..33), tile (kind + red flag), pon, chi, kan (open),
ankan (concealed), kakan (added), kawa (a seat's discards), furiten, tenpai, noten, honba, riichi sticks,
dora / ura dora / aka dora, tsumo, ron, yaku, yakuman, han, fu, mangan, seat wind, round wind.

The scoring path may run compiled by mypyc where it has been built and matches these sources
(engine/native.py; docs/engine.md "The compiled engine").
"""

from riichi_table.engine import native as _native

_native.activate(__path__)
