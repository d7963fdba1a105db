// Hand check page: read a photo, correct tiles, score through /api/score (the engine's batch object).
(function () {
  const $ = (id) => document.getElementById(id);
  const state = {tiles: [], photoId: null, editing: null, lastScore: null};
  const PALETTE = [];
  for (const s of "mpsz") {
    const n = s === "z" ? 7 : 9;
    for (let d = 1; d <= n; d++) PALETTE.push(d + s);
    if (s !== "z") PALETTE.push("0" + s);
  }
  PALETTE.push("?");

  async function postJSON(url, body) {
    const res = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json", "X-CSRF-Token": window.riichi.csrf}, body: JSON.stringify(body)});
    return res.json().catch(() => ({ok: false, error: res.status + " " + res.statusText}));
  }

  // A tile marked "not a tile" (a false detection) stays in the list, struck out, so it can be restored;
  // it is left out of the hand, the saved labels and what is taught.
  const faces = () => state.tiles.filter((t) => !t.notTile);

  function syncText() {
    $("hand-text").value = tiles.join(faces().map((t) => t.tile).filter((t) => t !== "?"));
  }

  function renderTiles() {
    const row = $("hand-tiles");
    row.textContent = "";
    state.tiles.forEach((t, i) => {
      const classes = [];
      if (t.low && !t.corrected) classes.push("low");
      if (t.corrected) classes.push("corrected");
      if (t.notTile) classes.push("not-tile");
      if (state.editing === i) classes.push("editing");
      const chip = tiles.chip(t.tile, classes);
      chip.setAttribute("role", "button");
      chip.tabIndex = 0;
      chip.dataset.index = i;
      chip.title = t.notTile ? "not a tile (left out)" : t.confidence !== undefined ? "confidence " + t.confidence : "typed";
      chip.onclick = () => openPalette(i);
      row.append(chip);
    });
    renderBoxes();
    $("teach-row").hidden = !(state.photoId && state.tiles.some((t) => t.box));
  }

  function renderBoxes() {
    const img = $("photo-img"), layer = $("photo-boxes");
    layer.textContent = "";
    if (!state.photoId || !img.naturalWidth) return;
    const sx = img.clientWidth / img.naturalWidth, sy = img.clientHeight / img.naturalHeight;
    state.tiles.forEach((t, i) => {
      if (!t.box) return;
      const d = document.createElement("div");
      d.className = "box" + (t.low && !t.corrected ? " low" : "") + (t.corrected ? " corrected" : "") + (t.notTile ? " not-tile" : "");
      d.style.left = t.box[0] * sx + "px";
      d.style.top = t.box[1] * sy + "px";
      d.style.width = (t.box[2] - t.box[0]) * sx + "px";
      d.style.height = (t.box[3] - t.box[1]) * sy + "px";
      d.textContent = t.notTile ? "x" : t.tile;
      d.onclick = () => openPalette(i);
      layer.append(d);
    });
  }

  function openPalette(i) {
    state.editing = i;
    const pal = $("palette");
    pal.textContent = "";
    for (const name of PALETTE) {
      const chip = tiles.chip(name);
      chip.setAttribute("role", "button");
      chip.onclick = () => correct(i, name);
      pal.append(chip);
    }
    if (state.tiles[i].box) {
      const none = document.createElement("button");
      none.type = "button";
      none.id = "not-a-tile";
      none.textContent = "not a tile";
      none.title = "a false detection: leave it out of the hand and of what is taught";
      none.onclick = () => markNotTile(i);
      pal.append(none);
    }
    pal.hidden = false;
    renderTiles();
  }

  async function correct(i, name) {
    const t = state.tiles[i];
    t.corrected = t.tile !== name || t.corrected || !!t.notTile;
    t.tile = name;
    t.notTile = false;
    changed();
  }

  function markNotTile(i) {
    state.tiles[i].notTile = true;
    state.tiles[i].corrected = true;
    changed();
  }

  async function changed() {
    state.editing = null;
    $("palette").hidden = true;
    syncText();
    renderTiles();
    score();
    if (state.photoId && state.tiles.every((x) => x.box)) {
      const r = await postJSON("/hand/correct", {photo_id: state.photoId, tiles: faces().map((x) => ({tile: x.tile, box: x.box}))});
      $("correction-status").textContent = r.ok ? "correction saved as labelled data (" + r.labels + ")" : "correction not saved: " + r.error;
    }
  }

  // Teach these tiles: the photo's tiles as corrected go into the active tile-set profile (POST /hand/teach).
  $("teach-button").addEventListener("click", async () => {
    const sent = state.tiles.filter((t) => t.box);
    const status = $("teach-status");
    status.className = "muted";
    status.textContent = "teaching...";
    const r = await postJSON("/hand/teach", {photo_id: state.photoId,
      tiles: sent.map((t) => (t.notTile ? {not_tile: true, box: t.box} : {tile: t.tile, box: t.box}))});
    status.textContent = r.ok ? r.message : "Not taught: " + r.error;
    status.className = r.ok ? "ok" : "error";
    const list = $("teach-refused");
    list.textContent = "";
    for (const x of (r.ok ? r.refused : [])) {
      const li = document.createElement("li");
      li.textContent = "tile " + (state.tiles.indexOf(sent[x.tile]) + 1) + " (" + x.name + "): " + x.reason;
      list.append(li);
    }
  });

  function loadRead(r) {
    if (!r.ok) {
      $("reader-status").textContent = r.error;
      return;
    }
    state.photoId = r.photo_id;
    state.tiles = r.tiles.map((t) => Object.assign({corrected: false, notTile: false}, t));
    $("teach-status").textContent = "";
    $("teach-refused").textContent = "";
    $("reader-status").textContent = r.tiles.length + " tiles read" + (r.error ? " (" + r.error + ")" : "");
    const img = $("photo-img");
    img.onload = renderBoxes;
    img.src = "/hand/photo/" + r.photo_id + ".jpg";
    $("photo-view").hidden = false;
    syncText();
    renderTiles();
    score();
  }

  $("photo-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const file = $("photo").files[0];
    if (!file) { $("reader-status").textContent = "choose a photo first"; return; }
    const body = new FormData();
    body.append("photo", file);
    $("reader-status").textContent = "reading...";
    const res = await fetch("/hand/photo", {method: "POST", headers: {"X-CSRF-Token": window.riichi.csrf}, body});
    loadRead(await res.json().catch(() => ({ok: false, error: res.status + " " + res.statusText})));
  });
  $("take-frame").addEventListener("click", async () => {
    $("reader-status").textContent = "reading...";
    loadRead(await postJSON("/hand/frame", {}));
  });

  $("hand-text").addEventListener("input", () => {
    const names = tiles.split($("hand-text").value);
    const old = faces(), left = state.tiles.filter((t) => t.notTile);
    state.tiles = names.map((n, i) => (old[i] && old[i].tile === n ? old[i] : {tile: n, box: old[i] ? old[i].box : null, corrected: !!(old[i] && old[i].box)})).concat(left);
    renderTiles();
    score();
  });

  function parseMelds(text) {
    const melds = [];
    for (const part of text.split(",").map((s) => s.trim()).filter(Boolean)) {
      const [kind, tilesText, from] = part.split(/\s+/);
      const m = {kind, tiles: tilesText || ""};
      if (from !== undefined) m.from = Number(from);
      melds.push(m);
    }
    return melds;
  }

  function request() {
    const names = faces().map((t) => t.tile).filter((t) => t !== "?");
    if (!names.length) return null;
    let win = tiles.split($("win-text").value)[0] || names[names.length - 1];
    const rest = names.slice();
    const at = rest.lastIndexOf(win);
    if (at >= 0) rest.splice(at, 1);
    const req = {op: "score", id: "hand-check", hand: tiles.join(rest), win, melds: parseMelds($("melds-text").value),
      tsumo: $("flag-tsumo").checked, seat_wind: $("seat-wind").value, round_wind: $("round-wind").value,
      dora: $("dora").value.trim(), ura: $("ura").value.trim(), honba: Number($("honba").value || 0),
      sticks: Number($("sticks").value || 0), rules: $("rules").value};
    for (const f of ["riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan"]) req[f] = $("flag-" + f).checked;
    return req;
  }

  let pending = 0;
  async function score() {
    const req = request();
    if (!req) return;
    const mine = ++pending;
    const r = await postJSON("/api/score", req);
    if (mine !== pending) return;
    renderResult(r);
  }

  function fill(table, rows) {
    const body = table.querySelector("tbody");
    body.textContent = "";
    for (const [a, b] of rows) {
      const tr = document.createElement("tr");
      for (const v of [a, b]) { const td = document.createElement("td"); td.textContent = v; tr.append(td); }
      body.append(tr);
    }
    table.hidden = rows.length === 0;
  }

  function renderResult(r) {
    const summary = $("result-summary");
    const payments = $("payments");
    payments.textContent = "";
    if (!r.ok) {
      state.lastScore = null;
      if ($("record-hand")) $("record-hand").hidden = true;
      summary.textContent = "Not scored: " + r.error;
      summary.className = "error";
      fill($("yaku-table"), []);
      fill($("fu-table"), []);
      return;
    }
    summary.className = "score";
    const value = r.yakuman ? (r.yakuman > 1 ? r.yakuman + "x yakuman" : "yakuman") : r.han + " han " + r.fu + " fu";
    summary.textContent = value + (r.limit ? " - " + r.limit : "") + " - " + r.points + " points";
    fill($("yaku-table"), (r.yaku || []).map(([code, han]) => [resultPanel.yakuName(code), han]));
    fill($("fu-table"), (r.fu_detail || []).map(([reason, fu]) => [reason, fu]));
    const p = r.payments || {};
    const lines = [];
    // The payments with the honba in them (the engine's `payments` are before honba; its `total` has
    // honba and riichi sticks): the honba part is what the total holds beyond the payments and sticks.
    const sticks = Number($("sticks").value || 0) * 1000;
    const payers = p.ron !== undefined ? 1 : 3;
    const base = p.ron !== undefined ? p.ron : (p.all !== undefined ? 3 * p.all : (p.dealer || 0) + 2 * (p.non_dealer || 0));
    const honbaAll = r.total - base - sticks;
    const honba = honbaAll > 0 && honbaAll % payers === 0 ? honbaAll / payers : 0;
    const withHonba = (v) => honba ? (v + honba) + " (" + v + " + " + honba + " honba)" : String(v);
    if (p.ron !== undefined) lines.push("the discarder pays " + withHonba(p.ron));
    if (p.all !== undefined) lines.push("each other player pays " + withHonba(p.all));
    if (p.dealer !== undefined) lines.push("the dealer pays " + withHonba(p.dealer));
    if (p.non_dealer !== undefined) lines.push("each non-dealer pays " + withHonba(p.non_dealer));
    if (sticks) lines.push("the winner takes the " + sticks + " in riichi sticks");
    lines.push("the winner receives " + r.total + " in all");
    for (const l of lines) { const li = document.createElement("li"); li.textContent = l; payments.append(li); }
    state.lastScore = r;
    const rec = $("record-hand");
    if (rec) rec.hidden = false;
  }

  // Record the scored win in a running club game (the club page's own form fields). The form carries
  // the game, the hand number and the game's version: the server refuses it if the game has moved on.
  // The winner follows the seat wind chosen above (and choosing a winner sets the seat wind), so the
  // recorded han/fu were scored for that player's wind.
  const rec = $("record-hand");
  if (rec) {
    const gameSel = $("record-game");
    const chosen = () => gameSel.selectedOptions[0].dataset;
    const names = () => (chosen().names || "").split("|");
    const winds = () => (chosen().winds || "ESWN").split("");
    const windName = {E: "East", S: "South", W: "West", N: "North"};
    const relabel = () => {
      const n = names(), w = winds();
      for (const opt of $("record-winner").options) opt.textContent = `${n[Number(opt.value)]} (${windName[w[Number(opt.value)]]})`;
      for (const opt of $("record-from").options) if (opt.value !== "tsumo") opt.textContent = "ron on " + n[Number(opt.value)];
      const seat = w.indexOf($("seat-wind").value);
      if (seat >= 0) $("record-winner").value = String(seat);
      $("record-game-id").value = gameSel.value;
      $("record-version").value = chosen().version;
      $("record-hand-number").value = chosen().hand;
    };
    gameSel.addEventListener("change", relabel);
    $("seat-wind").addEventListener("change", relabel);
    $("record-winner").addEventListener("change", () => {
      const wind = winds()[Number($("record-winner").value)];
      if (wind && $("seat-wind").value !== wind) {
        $("seat-wind").value = wind;
        $("seat-wind").dispatchEvent(new Event("change"));
      }
    });
    relabel();
    rec.addEventListener("submit", (e) => {
      const r = state.lastScore;
      if (!r || !r.ok) { e.preventDefault(); return; }
      for (const old of rec.querySelectorAll(".generated")) old.remove();
      const seat = $("record-winner").value;
      if (winds()[Number(seat)] !== $("seat-wind").value) {
        e.preventDefault();
        window.alert("The winner's seat wind in this game is not the seat wind the hand was scored with.");
        return;
      }
      const add = (name, value) => {
        const input = document.createElement("input");
        input.type = "hidden"; input.name = name; input.value = value; input.className = "generated";
        rec.append(input);
      };
      add("win" + seat, "1");
      add("han" + seat, r.yakuman ? 0 : r.han);
      add("fu" + seat, r.yakuman ? 30 : r.fu);
      add("yakuman" + seat, r.yakuman || 0);
      if ($("flag-tsumo").checked) $("record-from").value = "tsumo";
      else if ($("record-from").value === "tsumo" || $("record-from").value === seat) {
        e.preventDefault();
        window.alert("A ron: choose whose discard it was won on.");
        return;
      }
      rec.action = "/club/game/" + gameSel.value + "/hands";
    });
  }

  for (const el of document.querySelectorAll("#result, .flags input, select, #dora, #ura, #honba, #sticks, #win-text, #melds-text")) {
    el.addEventListener("change", score);
  }
  $("melds-text").addEventListener("input", score);
  $("win-text").addEventListener("input", score);

  // Exhaustive draw check.
  $("draw-go").addEventListener("click", async () => {
    const hands = [0, 1, 2, 3].map((s) => {
      const hand = document.querySelector(`.draw-hand[data-seat="${s}"]`).value.trim();
      const melds = parseMelds(document.querySelector(`.draw-melds[data-seat="${s}"]`).value);
      const riichi = document.querySelector(`.draw-riichi[data-seat="${s}"]`).checked;
      return {hand: hand || null, melds, riichi};
    });
    const r = await postJSON("/api/score", {op: "draw", id: "draw-check", hands, dealer: Number($("draw-dealer").value),
      honba: Number($("draw-honba").value || 0), sticks: Number($("draw-sticks").value || 0), rules: $("rules").value});
    const out = $("draw-result");
    // A player who declared riichi and shows a hand that is not ready has no noten to pay: it is a chombo
    // (seed 002 3.4), which the club form refuses too.
    const falseRiichi = r.ok ? hands.map((h, s) => h.riichi && h.hand && !r.tenpai[s] ? s : null).filter((s) => s !== null) : [];
    if (falseRiichi.length) {
      out.textContent = "Not an ordinary draw: seat " + falseRiichi.join(", ") + " declared riichi but the hand shown is not tenpai. That is a chombo (record it as one), not noten.";
      out.className = "error";
      return;
    }
    out.textContent = "";
    if (!r.ok) { out.textContent = "Not checked: " + r.error; out.className = "error"; return; }
    out.className = "";
    const table = document.createElement("table");
    table.className = "small";
    table.innerHTML = "<thead><tr><th>seat</th><th>tenpai</th><th>change</th></tr></thead>";
    const body = document.createElement("tbody");
    r.tenpai.forEach((t, s) => {
      const tr = document.createElement("tr");
      for (const v of [s, t ? "tenpai" : "noten", (r.deltas[s] > 0 ? "+" : "") + r.deltas[s]]) { const td = document.createElement("td"); td.textContent = v; tr.append(td); }
      body.append(tr);
    });
    table.append(body);
    out.append(table);
    const p = document.createElement("p");
    p.textContent = r.dealer_keeps ? "The dealer keeps the deal." : "The deal passes.";
    out.append(p);
  });
})();
