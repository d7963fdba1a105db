// The result of a hand as a panel (Table page) or big (live scoreboard): who won, how, the yaku with han,
// fu, points and who paid what; a draw with tenpai/noten; an abortive draw; a chombo. `result` is the
// assistant's `last_result` (riichi_table/assistant/view.py); `names[seat]` what to call each seat.
(function () {
  const WIND = {E: "East", S: "South", W: "West", N: "North"};
  const ABORT = {yao9: "nine terminals", kaze4: "four winds", reach4: "four riichi", kan4: "four kans", ron3: "three rons"};
  let yakuNames = null;

  function yakuName(code) {
    if (yakuNames === null) {
      const node = document.getElementById("yaku-names");
      yakuNames = node ? JSON.parse(node.textContent) : {};
    }
    const known = yakuNames[code];
    return known ? known.en + " (" + known.ja + ")" : String(code).replace(/_/g, " ");
  }

  function node(tag, cls, text) {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  }

  function signed(v) { return (v > 0 ? "+" : "") + v.toLocaleString("en"); }

  function roundText(r) {
    return r ? (WIND[r.bakaze] || r.bakaze) + " " + r.kyoku + (r.honba ? ", " + r.honba + " honba" : "") : "";
  }

  function headline(result, names) {
    if (result.kind === "win") {
      return result.wins.map((w) => names[w.seat] + (w.from === null || w.from === undefined ? " wins by tsumo (self-draw)" : " wins by ron on " + names[w.from] + "'s discard")).join("; ");
    }
    if (result.kind === "draw") {
      const ready = (result.tenpai || []).map((t, s) => t ? names[s] : null).filter(Boolean);
      return "Exhaustive draw: " + (ready.length ? ready.join(", ") + " tenpai" : "everyone noten");
    }
    if (result.kind === "abort") return "Abortive draw (" + (ABORT[result.reason] || result.reason) + ")";
    if (result.kind === "chombo") return "Chombo by " + names[result.seat] + (result.reason ? " (" + result.reason + ")" : "");
    return "Hand over";
  }

  function value(w) {
    if (w.yakuman) return (w.yakuman > 1 ? w.yakuman + "x " : "") + "yakuman";
    const parts = [];
    if (w.han !== null && w.han !== undefined) parts.push(w.han + " han");
    if (w.fu) parts.push(w.fu + " fu");
    if (w.limit) parts.push(w.limit);
    return parts.join(" ");
  }

  function payments(w, names) {
    const lines = [];
    (w.deltas || []).forEach((d, s) => {
      if (d < 0) lines.push(names[s] + " pays " + (-d).toLocaleString("en"));
    });
    const got = (w.deltas || [])[w.seat];
    if (got) lines.push(names[w.seat] + " receives " + got.toLocaleString("en") + " (honba and riichi sticks included)");
    if (w.liable !== null && w.liable !== undefined) lines.push(names[w.liable] + " is liable (pao)");
    return lines;
  }

  function render(result, names, big) {
    const box = node("section", "result-panel" + (big ? " big" : "") + " kind-" + result.kind);
    box.id = big ? "board-result" : "hand-result";
    box.dataset.kind = result.kind;
    box.append(node("div", "result-round muted", roundText(result.round) + " - result"));
    box.append(node("h2", "result-headline", headline(result, names)));
    for (const w of result.wins || []) {
      const win = node("div", "result-win");
      win.dataset.seat = w.seat;
      if (w.hand && w.hand.length) {
        const row = node("div", "result-tiles");
        w.hand.forEach((t, i) => row.append(tiles.chip(t, i === w.hand.length - 1 ? ["winning"] : [])));
        for (const m of w.melds || []) {
          const g = node("span", "meld");
          for (const t of m.tiles || []) g.append(tiles.chip(t));
          row.append(g);
        }
        win.append(row);
      }
      const head = node("div", "result-value");
      head.append(node("strong", "", value(w)));
      if (w.points) head.append(" - " + w.points.toLocaleString("en") + " points");
      win.append(head);
      if (w.yaku && w.yaku.length) {
        const list = node("ul", "result-yaku");
        for (const [code, han] of w.yaku) {
          const li = node("li", "", yakuName(code) + " - " + han + (han >= 13 && w.yakuman ? "" : " han"));
          li.dataset.code = code;
          list.append(li);
        }
        win.append(list);
      }
      const pay = node("ul", "result-payments");
      for (const line of payments(w, names)) pay.append(node("li", "", line));
      win.append(pay);
      box.append(win);
    }
    if (result.riichi && result.riichi.length) box.append(node("p", "muted", "riichi: " + result.riichi.map((s) => names[s]).join(", ") + " (1000 each to the table)"));
    const deltas = node("div", "result-deltas");
    (result.deltas || []).forEach((d, s) => {
      const cell = node("span", "delta " + (d > 0 ? "up" : d < 0 ? "down" : ""), names[s] + " " + (d ? signed(d) : "0"));
      cell.dataset.seat = s;
      deltas.append(cell);
    });
    box.append(deltas);
    return box;
  }

  window.resultPanel = {render, yakuName, headline};
})();
