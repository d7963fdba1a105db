"""Readable yaku names for people: English and the Japanese term, keyed by the engine's yaku codes.

The API keeps the codes (`menzen_tsumo`); pages show `name(code)` ("Fully concealed self-draw (門前清自摸和
menzen tsumo)"). A code this table does not know is shown as it is with underscores turned into spaces, so a
yaku added to the engine later still reads as words.
"""

from __future__ import annotations

# code: (English, Japanese, romaji)
YAKU: dict[str, tuple[str, str, str]] = {
    "riichi": ("Riichi", "立直", "riichi"),
    "double_riichi": ("Double riichi", "両立直", "daburu riichi"),
    "open_riichi": ("Open riichi", "オープン立直", "oupun riichi"),
    "open_double_riichi": ("Open double riichi", "オープンダブル立直", "oupun daburu riichi"),
    "ippatsu": ("One-shot", "一発", "ippatsu"),
    "menzen_tsumo": ("Fully concealed self-draw", "門前清自摸和", "menzen tsumo"),
    "pinfu": ("All sequences", "平和", "pinfu"),
    "tanyao": ("All simples", "断幺九", "tanyao"),
    "iipeikou": ("Pure double sequence", "一盃口", "iipeikou"),
    "ryanpeikou": ("Twice pure double sequence", "二盃口", "ryanpeikou"),
    "chiitoitsu": ("Seven pairs", "七対子", "chiitoitsu"),
    "haitei": ("Win on the last draw", "海底摸月", "haitei"),
    "houtei": ("Win on the last discard", "河底撈魚", "houtei"),
    "rinshan": ("Win after a kan", "嶺上開花", "rinshan kaihou"),
    "chankan": ("Robbing a kan", "槍槓", "chankan"),
    "yakuhai_haku": ("White dragon", "役牌 白", "haku"),
    "yakuhai_hatsu": ("Green dragon", "役牌 發", "hatsu"),
    "yakuhai_chun": ("Red dragon", "役牌 中", "chun"),
    "yakuhai_seat_wind": ("Seat wind", "自風", "jikaze"),
    "yakuhai_round_wind": ("Round wind", "場風", "bakaze"),
    "sanshoku": ("Mixed triple sequence", "三色同順", "sanshoku doujun"),
    "ittsu": ("Pure straight", "一気通貫", "ittsu"),
    "chanta": ("Half outside hand", "混全帯幺九", "chanta"),
    "junchan": ("Fully outside hand", "純全帯幺九", "junchan"),
    "toitoi": ("All triplets", "対々和", "toitoi"),
    "sanankou": ("Three concealed triplets", "三暗刻", "sanankou"),
    "sanshoku_doukou": ("Triple triplets", "三色同刻", "sanshoku doukou"),
    "sankantsu": ("Three kans", "三槓子", "sankantsu"),
    "shousangen": ("Little three dragons", "小三元", "shousangen"),
    "honroutou": ("All terminals and honours", "混老頭", "honroutou"),
    "honitsu": ("Half flush", "混一色", "honitsu"),
    "chinitsu": ("Full flush", "清一色", "chinitsu"),
    "renhou": ("Blessing of man", "人和", "renhou"),
    "renhou_yakuman": ("Blessing of man (yakuman)", "人和", "renhou"),
    "dora": ("Dora", "ドラ", "dora"),
    "aka_dora": ("Red five", "赤ドラ", "aka dora"),
    "ura_dora": ("Ura dora", "裏ドラ", "ura dora"),
    "kokushi": ("Thirteen orphans", "国士無双", "kokushi musou"),
    "kokushi_13": ("Thirteen orphans, 13-sided wait", "国士無双十三面", "kokushi juusanmen"),
    "suuankou": ("Four concealed triplets", "四暗刻", "suuankou"),
    "suuankou_tanki": ("Four concealed triplets, single wait", "四暗刻単騎", "suuankou tanki"),
    "daisangen": ("Big three dragons", "大三元", "daisangen"),
    "tsuuiisou": ("All honours", "字一色", "tsuuiisou"),
    "ryuuiisou": ("All green", "緑一色", "ryuuiisou"),
    "chinroutou": ("All terminals", "清老頭", "chinroutou"),
    "chuuren": ("Nine gates", "九蓮宝燈", "chuuren poutou"),
    "junsei_chuuren": ("True nine gates", "純正九蓮宝燈", "junsei chuuren poutou"),
    "shousuushii": ("Little four winds", "小四喜", "shousuushii"),
    "daisuushii": ("Big four winds", "大四喜", "daisuushii"),
    "suukantsu": ("Four kans", "四槓子", "suukantsu"),
    "tenhou": ("Blessing of heaven", "天和", "tenhou"),
    "chiihou": ("Blessing of earth", "地和", "chiihou"),
}


def english(code: str) -> str:
    """The English name ('Fully concealed self-draw'); an unknown code with underscores as spaces."""
    known = YAKU.get(code)
    return known[0] if known else code.replace("_", " ")


def japanese(code: str) -> str:
    """The Japanese term with its reading ('門前清自摸和 menzen tsumo'); '' when unknown."""
    known = YAKU.get(code)
    return f"{known[1]} {known[2]}" if known else ""


def name(code: str) -> str:
    """'Fully concealed self-draw (門前清自摸和 menzen tsumo)': what a page shows for a yaku code."""
    ja = japanese(code)
    return f"{english(code)} ({ja})" if ja else english(code)


def names_json() -> dict[str, dict[str, str]]:
    """Every known code with its English and Japanese names (the pages' scripts read this)."""
    return {code: {"en": en, "ja": f"{ja} {romaji}"} for code, (en, ja, romaji) in YAKU.items()}
