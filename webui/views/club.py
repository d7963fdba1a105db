"""The Club night page: players, tables, games, standings, chart, exports, recording/undo/edit of hands."""

from __future__ import annotations

import csv
import io
import json
from datetime import date

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for
from riichi_table.webui import chart, club, exports, results, scoring
from riichi_table.webui.db import get_store
from riichi_table.webui.errors import WebError
from riichi_table.webui.settings_model import current_settings
from riichi_table.webui.views.scoreboard import publish
from werkzeug.wrappers import Response as BaseResponse

bp = Blueprint("club", __name__, url_prefix="/club")


def _back(default: str) -> BaseResponse:
    return redirect(request.form.get("next") or default)


@bp.get("/")
def index() -> str | BaseResponse:
    store = get_store()
    nights = store.nights()
    if nights and not request.args.get("all"):
        return redirect(url_for("club.night", night_id=nights[0].id))
    return render_template(
        "club_index.html",
        nights=nights,
        players=store.players(),
        presets=scoring.presets(),
        default_rules=current_settings(store).preset,
        today=date.today().isoformat(),
    )


@bp.post("/nights")
def new_night() -> BaseResponse:
    store = get_store()
    title = request.form.get("title", "").strip() or "Club night"
    held_on = request.form.get("held_on", "") or date.today().isoformat()
    try:
        date.fromisoformat(held_on)
    except ValueError:
        raise WebError(f"date: expected YYYY-MM-DD, got {held_on!r}") from None
    preset = request.form.get("preset") or current_settings(store).preset
    settings = current_settings(store)
    rules = settings.rules_spec() if preset == settings.preset else preset
    if preset not in scoring.presets():
        raise WebError(f"unknown rule preset {preset!r}")
    night = store.add_night(title[:80], held_on, rules)
    return redirect(url_for("club.night", night_id=night.id))


@bp.post("/players")
def add_player() -> BaseResponse:
    player = get_store().add_player(request.form.get("name", ""), bool(request.form.get("guest")))
    flash(f"{player.name} added" + (" as a guest" if player.guest else ""), "ok")
    return _back(url_for("club.index", all=1))


@bp.get("/night/<int:night_id>")
def night(night_id: int) -> str:
    store = get_store()
    n = store.night(night_id)
    table, series, views = club.standings(store, night_id)
    names = {s.player_id: s.name for s in table}
    svg = chart.line_chart({names[pid]: values for pid, values in series.items() if pid in names})
    return render_template(
        "club_night.html",
        night=n,
        nights=store.nights(),
        players=store.players(),
        tables=store.tables(night_id),
        views=views,
        standings=table,
        chart_svg=svg,
    )


@bp.post("/night/<int:night_id>/tables")
def add_table(night_id: int) -> BaseResponse:
    get_store().add_table(night_id, request.form.get("name", ""))
    return redirect(url_for("club.night", night_id=night_id))


@bp.post("/night/<int:night_id>/games")
def start_game(night_id: int) -> BaseResponse:
    store = get_store()
    try:
        seats = [int(request.form.get(f"seat{s}", "")) for s in range(4)]
    except ValueError:
        raise WebError("choose a player for each of the four seats") from None
    table_raw = request.form.get("table_id", "")
    table_id = int(table_raw) if table_raw.isdigit() else None
    game = store.start_game(night_id, table_id, seats, store.night(night_id).rules)
    publish(store, game.id)
    return redirect(url_for("club.game", game_id=game.id))


@bp.get("/game/<int:game_id>")
def game(game_id: int) -> str:
    store = get_store()
    g = store.game(game_id)
    view = club.game_view(store, g)
    return render_template(
        "club_game.html",
        view=view,
        history=store.history(game_id),
        describe=results.describe,
        edit=None,
        options=results.form_options(g.rules),
    )


def _record_or_edit(game_id: int, hand_id: int | None) -> BaseResponse:
    store = get_store()
    g = store.game(game_id)
    result = results.from_form(request.form, request.form.getlist)
    # Check the engine accepts the game with this hand before anything is written.
    hands = [h.result for h in store.hands(game_id)]
    if hand_id is None:
        hands.append(result)
    else:
        hands = [result if h.id == hand_id else h.result for h in store.hands(game_id)]
    finished = club.check_replay(g.rules, hands)
    if hand_id is None:
        store.record_hand(game_id, result, finishes_game=finished)
    else:
        store.edit_hand(hand_id, result)
        if finished != (g.status == "finished"):
            store.set_game_status(game_id, finished)
    publish(store, game_id)
    return redirect(url_for("club.game", game_id=game_id))


@bp.post("/game/<int:game_id>/hands")
def record(game_id: int) -> BaseResponse:
    return _record_or_edit(game_id, None)


@bp.route("/hand/<int:hand_id>/edit", methods=["GET", "POST"])
def edit(hand_id: int) -> str | BaseResponse:
    store = get_store()
    hand = store.hand(hand_id)
    if request.method == "POST":
        return _record_or_edit(hand.game_id, hand_id)
    g = store.game(hand.game_id)
    view = club.game_view(store, g)
    return render_template(
        "club_game.html",
        view=view,
        history=store.history(hand.game_id),
        describe=results.describe,
        edit=hand,
        options=results.form_options(g.rules),
    )


@bp.post("/game/<int:game_id>/undo")
def undo(game_id: int) -> BaseResponse:
    store = get_store()
    hand = store.undo_last_hand(game_id)
    flash(f"hand {hand.position} taken back (kept in the history)", "ok")
    publish(store, game_id)
    return redirect(url_for("club.game", game_id=game_id))


@bp.post("/game/<int:game_id>/finish")
def finish(game_id: int) -> BaseResponse:
    store = get_store()
    store.set_game_status(game_id, request.form.get("reopen") is None)
    publish(store, game_id)
    return redirect(url_for("club.game", game_id=game_id))


@bp.get("/night/<int:night_id>/standings.csv")
def standings_csv(night_id: int) -> Response:
    store = get_store()
    n = store.night(night_id)
    table, _, views = club.standings(store, night_id)
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["rank", "player", "guest", "games", "total", "places"])
    for rank, s in enumerate(table, 1):
        w.writerow(
            [
                rank,
                s.name,
                "yes" if s.guest else "no",
                s.games,
                f"{s.points:.1f}",
                " ".join(str(p) for p in s.places),
            ]
        )
    w.writerow([])
    w.writerow(["game", "status", "seat", "player", "score", "place", "result"])
    for v in views:
        for p in v.final:
            w.writerow(
                [v.game.id, v.game.status, p.seat, v.names[p.seat], p.score, p.place, f"{p.result:.1f}"]
            )
    name = f"riichi-table-night-{n.held_on}.csv"
    return Response(
        out.getvalue(), mimetype="text/csv", headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@bp.get("/game/<int:game_id>/tenhou.json")
def tenhou(game_id: int) -> Response:
    store = get_store()
    g = store.game(game_id)
    names = club.names_of(store, g)
    log = exports.tenhou_log(g.rules, names, store.hands(game_id), title=f"riichi-table club game {game_id}")
    return Response(
        json.dumps(log, ensure_ascii=False),
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="game-{game_id}.tenhou.json"'},
    )
