"""The Club night page: players, tables, games, standings, chart, exports, recording/undo/edit of hands."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from typing import Any

from flask import Blueprint, Response, flash, jsonify, redirect, render_template, request, url_for
from riichi_table.webui import chart, club, engine_game, exports, results, scoring
from riichi_table.webui.db import get_store
from riichi_table.webui.errors import WebError
from riichi_table.webui.security import local_path, safe
from riichi_table.webui.settings_model import current_settings
from riichi_table.webui.store import StaleGame
from riichi_table.webui.views.scoreboard import publish
from werkzeug.wrappers import Response as BaseResponse

bp = Blueprint("club", __name__, url_prefix="/club")


def _back(default: str) -> BaseResponse:
    return redirect(local_path(request.form.get("next"), default))


@bp.after_request
def _no_store(response: BaseResponse) -> BaseResponse:
    """Club pages are never kept by the browser: Back reloads the game as it is now (a stale form that a
    browser shows anyway is refused by its version stamp)."""
    if response.mimetype == "text/html":
        response.headers["Cache-Control"] = "no-store"
    return response


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


@bp.post("/players/rename")
def rename_player() -> BaseResponse:
    store = get_store()
    raw = request.form.get("player", "")
    if not raw.isdigit():
        raise WebError("rename: choose the player to rename")
    player_id = int(raw)
    old = store.player(player_id).name
    player = store.rename_player(player_id, request.form.get("name", ""))
    flash(f"{old} is now called {player.name}", "ok")
    return _back(url_for("club.index", all=1))


@bp.post("/players/merge")
def merge_players() -> BaseResponse:
    store = get_store()
    try:
        source, target = int(request.form.get("source", "")), int(request.form.get("target", ""))
    except ValueError:
        raise WebError("merge: choose the player to fold in and the one to keep") from None
    name = store.player(source).name
    kept = store.merge_players(source, target)
    flash(f"{name} merged into {kept.name}: their games are {kept.name}'s now", "ok")
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


def expected_version(form: Any, game_id: int) -> int:
    """The game version a changing form was drawn at (hidden fields `game_id` and `version`).

    A form without them, or for another game, is refused: every recording form says which hand it is for.
    """
    sent_game = str(form.get("game_id", ""))
    if sent_game != str(game_id):
        raise WebError(
            f"this form does not say it is for game {game_id} (it says {sent_game or 'nothing'}): "
            "reload the game page and enter it again. Nothing was recorded."
        )
    raw = str(form.get("version", ""))
    if not raw.isdigit():
        raise WebError("this form does not say which state of the game it was drawn from: reload the page")
    return int(raw)


def _record_or_edit(game_id: int, hand_id: int | None) -> BaseResponse:
    store = get_store()
    expected = expected_version(request.form, game_id)
    g = store.game(game_id)
    if g.version != expected:  # refused before the engine is asked; the write checks again atomically
        raise StaleGame(game_id, expected, g.version)
    try:
        result = results.from_form(request.form, request.form.getlist)
    except WebError as exc:
        raise WebError(club.plain(str(exc), club.names_of(store, g))) from None
    # Check the engine accepts the game with this hand before anything is written.
    stored = store.hands(game_id)
    if hand_id is None:
        hands = [h.result for h in stored] + [result]
    else:
        hands = [result if h.id == hand_id else h.result for h in stored]
    names = club.names_of(store, g)
    try:
        finished = club.check_replay(g.rules, hands)
    except WebError as exc:
        raise WebError(club.plain(str(exc), names) + ". Nothing was recorded.") from None
    if hand_id is None:
        store.record_hand(game_id, result, finishes_game=finished, expected_version=expected)
        flash(f"hand {len(hands)} recorded: {results.describe(result, list(club.names_of(store, g)))}", "ok")
    else:
        changes_status = finished != (g.status == "finished")
        store.edit_hand(hand_id, result, finished if changes_status else None, expected_version=expected)
        flash("the change is saved (the old result stays in the history)", "ok")
    publish(store, game_id)
    return redirect(url_for("club.game", game_id=game_id))


@bp.post("/game/<int:game_id>/preview")
@safe
def preview(game_id: int) -> Response:
    """What recording the form's hand would change (each seat's points), without recording it."""
    store = get_store()
    g = store.game(game_id)
    names = club.names_of(store, g)
    try:
        result = results.from_form(request.form, request.form.getlist)
        hands = [h.result for h in store.hands(game_id)] + [result]
        replay = engine_game.replay(g.rules, hands)
        if replay.error:
            raise WebError(replay.error)
    except WebError as exc:
        return jsonify(ok=False, error=club.plain(str(exc), names))
    step = replay.steps[-1]
    return jsonify(ok=True, deltas=list(step.deltas), scores=list(step.scores), names=list(names),
                   ends_game=replay.state.finished)  # fmt: skip


@bp.post("/game/<int:game_id>/hands")
def record(game_id: int) -> BaseResponse:
    return _record_or_edit(game_id, None)


@bp.route("/hand/<int:hand_id>/edit", methods=["GET", "POST"])
def edit(hand_id: int) -> str | BaseResponse:
    store = get_store()
    hand = store.hand(hand_id)
    if request.method == "POST":
        return _record_or_edit(hand.game_id, hand_id)
    if not hand.active:
        raise WebError(f"hand {hand.position} was undone and cannot be edited")
    g = store.game(hand.game_id)
    view = club.game_view(store, g)
    numbers = [line.number for line in view.lines if line.hand_id == hand.id]
    return render_template(
        "club_game.html",
        view=view,
        history=store.history(hand.game_id),
        describe=results.describe,
        edit=hand,
        edit_number=numbers[0] if numbers else hand.position,
        options=results.form_options(g.rules),
    )


@bp.post("/game/<int:game_id>/undo")
def undo(game_id: int) -> BaseResponse:
    store = get_store()
    number = len(store.hands(game_id))
    store.undo_last_hand(game_id, expected_version(request.form, game_id))
    flash(f"hand {number} was taken back; it stays in the history", "ok")
    publish(store, game_id)
    return redirect(url_for("club.game", game_id=game_id))


@bp.post("/game/<int:game_id>/finish")
def finish(game_id: int) -> BaseResponse:
    store = get_store()
    store.set_game_status(
        game_id, request.form.get("reopen") is None, expected_version(request.form, game_id)
    )
    publish(store, game_id)
    return redirect(url_for("club.game", game_id=game_id))


@bp.post("/game/<int:game_id>/void")
def void(game_id: int) -> BaseResponse:
    store = get_store()
    restore = request.form.get("restore") is not None
    store.set_game_void(game_id, not restore, expected_version(request.form, game_id))
    flash(
        f"game {game_id} restored"
        if restore
        else f"game {game_id} is void: kept in the history, out of the standings",
        "ok",
    )
    publish(store, game_id)
    return redirect(url_for("club.game", game_id=game_id))


def _csv(rows: list[list[Any]], name: str) -> Response:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return Response(
        out.getvalue(), mimetype="text/csv", headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@bp.get("/night/<int:night_id>/standings.csv")
def standings_csv(night_id: int) -> Response:
    """One table: the night's standings (void games left out)."""
    store = get_store()
    n = store.night(night_id)
    table, _, _ = club.standings(store, night_id)
    rows: list[list[Any]] = [["rank", "player", "guest", "games", "total", "places", "chombo_penalty"]]
    for rank, s in enumerate(table, 1):
        places = " ".join(str(p) for p in s.places)
        guest = "yes" if s.guest else "no"
        rows.append([rank, s.name, guest, s.games, f"{s.points:.1f}", places, f"{s.chombo / 1000:.1f}"])
    return _csv(rows, f"riichi-table-night-{n.held_on}-standings.csv")


@bp.get("/night/<int:night_id>/games.csv")
def games_csv(night_id: int) -> Response:
    """One table: every game's seats with final score, place and result (void games marked)."""
    store = get_store()
    n = store.night(night_id)
    _, _, views = club.standings(store, night_id)
    rows: list[list[Any]] = [["game", "status", "seat", "player", "score", "place", "result"]]
    for v in views:
        status = "void" if v.game.voided else v.game.status
        for p in v.final:
            rows.append([v.game.id, status, p.seat, v.names[p.seat], p.score, p.place, f"{p.result:.1f}"])
    return _csv(rows, f"riichi-table-night-{n.held_on}-games.csv")


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
