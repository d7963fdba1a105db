// Table page: live state over Server-Sent Events, the corner-click calibration, answers to the pipeline.
(function () {
  const $ = (id) => document.getElementById(id);

  function healthText(name, h) {
    if (!h) return name + ": -";
    if (typeof h === "string") return name + ": " + h;
    return name + ": " + (h.state || "?") + (h.message ? " (" + h.message + ")" : "");
  }

  function setHealth(state) {
    const h = state.health || {};
    const pipe = $("health-pipeline");
    if (state.available === false) {
      pipe.textContent = "pipeline: unavailable - " + (state.error || "not running");
      pipe.className = "bad";
    } else {
      pipe.textContent = "pipeline: running";
      pipe.className = "ok";
    }
    for (const name of ["camera", "view", "model", "device"]) {
      const el = $("health-" + name);
      el.textContent = healthText(name, h[name]);
      const s = h[name] && h[name].state;
      el.className = s === "ok" || s === "running" || s === "connected" ? "ok" : (["error", "lost", "poor", "moved"].includes(s) ? "bad" : "");
    }
    $("health-fps").textContent = state.fps ? state.fps + " fps" : "";
    const club = $("health-club");  // only a table that pushes to a club server has this entry (docs/club.md)
    club.hidden = !h.club;
    if (h.club) {
      club.textContent = healthText("club", h.club);
      club.className = h.club.state === "ok" ? "ok" : (h.club.state === "sending" ? "" : "bad");
    }
  }

  const WIND_NAME = {E: "East", S: "South", W: "West", N: "North"};

  // What to call each chair: its wind this hand (the dealer is East) and the chair number for the camera.
  function seatNames(state, oya) {
    return [0, 1, 2, 3].map((s) => {
      const wind = oya !== undefined && oya !== null ? "ESWN"[(s - oya + 4) % 4] : ((state.seats || [])[s] || {}).wind;
      return wind ? WIND_NAME[wind] + " (chair " + s + ")" : "Chair " + s;
    });
  }

  function render(state) {
    setHealth(state);
    const r = state.round || {};
    const result = state.last_result || null;
    const parts = [];
    if (result) {
      // The hand is over: the header names the hand that ended until the next one starts.
      const ended = result.round || {};
      parts.push((WIND_NAME[ended.bakaze] || ended.bakaze) + " " + ended.kyoku + " is over");
      if (r.ended) parts.push("game over");
      else parts.push("next: " + (WIND_NAME[r.bakaze] || r.bakaze || "") + " " + (r.kyoku ?? ""));
    } else {
      const wind = r.bakaze || r.wind;
      if (wind) parts.push((WIND_NAME[wind] || wind) + " " + (r.kyoku ?? r.number ?? ""));
      if (r.honba !== undefined) parts.push(r.honba + " honba");
      const sticks = r.kyotaku ?? r.sticks;
      if (sticks !== undefined) parts.push(sticks + " riichi sticks");
      if (r.ended) parts.push("game over");
    }
    $("round").textContent = parts.join(", ") || (state.available === false ? "no live game" : "waiting for a hand");
    const wall = state.wall ?? state.wall_count;
    $("wall").textContent = result || wall === null || wall === undefined ? "" : "wall: " + wall + " left";
    const dora = $("dora");
    dora.textContent = "";
    const markers = state.dora_markers || [];
    if (markers.length) {
      dora.append("dora indicators: ");
      for (const m of markers) dora.append(tiles.chip(m));
    }
    const panel = $("result-slot");
    panel.textContent = "";
    const names = seatNames(state, result && result.round ? result.round.oya : r.oya);
    if (result) panel.append(resultPanel.render(result, names, false));
    const warnings = $("warnings");
    warnings.textContent = "";
    const shownInSetup = new Set((state.setup && state.setup.why_not) || []);  // said once, in the set-up box
    for (const w of state.warnings || []) {
      if (shownInSetup.has(w)) continue;
      const li = document.createElement("li");
      li.textContent = typeof w === "string" ? w : (w.message || JSON.stringify(w));
      warnings.append(li);
    }
    if (!state.setup) appendUnnamed(warnings, state.why_not_crops);
    renderQuestions(state.questions || [], names);
    renderSetup(state.setup, state.why_not_crops);
    const seats = $("seats");
    seats.textContent = "";
    seats.classList.toggle("ended", Boolean(result));
    (state.seats || []).forEach((seat, i) => {
      const box = document.createElement("div");
      box.className = "seat" + (seat.riichi ? " riichi" : "") + (seat.furiten ? " furiten" : "") + (r.oya === i && !result ? " dealer" : "");
      box.dataset.seat = i;
      const head = document.createElement("h3");
      head.textContent = names[i] + (seat.score !== undefined ? " - " + seat.score.toLocaleString("en") : "") +
        (seat.riichi ? " - riichi" : "") + (seat.furiten ? " - furiten" : "");
      box.append(head);
      const pond = document.createElement("div");
      pond.className = "pond";
      for (const t of seat.pond || seat.kawa || []) {
        const sideways = typeof t === "object" && (t.riichi || t.sideways);
        const called = typeof t === "object" && t.called;
        pond.append(tiles.chip(t, [sideways ? "sideways" : "", called ? "called" : ""].filter(Boolean)));
      }
      box.append(pond);
      const melds = document.createElement("div");
      melds.className = "melds";
      for (const m of seat.melds || []) {
        const g = document.createElement("span");
        g.className = "meld";
        const list = Array.isArray(m) ? m : (m.tiles || m.consumed || []);
        for (const t of (typeof list === "string" ? tiles.split(list) : list)) g.append(tiles.chip(t));
        if (m.pai) g.append(tiles.chip(m.pai, ["sideways"]));
        melds.append(g);
      }
      box.append(melds);
      seats.append(box);
    });
    renderLeds(state.device_leds);
  }

  // The set-up check before the first hand (the assistant's state "setup", docs/live.md): what to do, the reasons
  // the table cannot be read yet, and the tile read in each pond with its name as a picture.
  // Pictures of the tiles found but not named (the assistant's state "why_not_crops", docs/live.md), as one item.
  function appendUnnamed(list, crops) {
    if (!crops || !crops.length) return;
    const li = document.createElement("li");
    li.className = "bad unnamed-tiles";
    li.append("tiles found but not named: ");
    for (const crop of crops) {
      const img = document.createElement("img");
      img.src = crop.png;
      img.alt = "a tile not named, seat " + crop.seat;
      img.title = "seat " + crop.seat;
      img.className = "unnamed-tile";
      li.append(img);
    }
    list.append(li);
  }

  // The box is rebuilt only when what it shows changed: rebuilt with every state, its pictures were made
  // again each time and blinked while they decoded.
  let shownSetup = null;
  function renderSetup(setup, crops) {
    const box = $("setup");
    const key = JSON.stringify([setup || null, crops || null]);
    if (key === shownSetup) return;
    shownSetup = key;
    box.textContent = "";
    if (!setup) { box.hidden = true; return; }
    box.hidden = false;
    const head = document.createElement("p");
    head.className = setup.ok ? "ok" : "bad";
    head.textContent = "Set-up check: " + setup.message;
    box.append(head);
    const list = document.createElement("ul");
    for (const why of setup.why_not || []) {
      const li = document.createElement("li");
      li.className = "bad";
      li.textContent = why;
      list.append(li);
    }
    appendUnnamed(list, crops);
    for (const seat of setup.seats || []) {
      const li = document.createElement("li");
      li.className = seat.ok ? "ok" : "";
      li.textContent = seat.message + " ";
      for (const name of seat.tiles || []) if (/^[0-9][mpsz]$/.test(name)) li.append(tiles.chip(name));
      list.append(li);
    }
    box.append(list);
  }

  // The LED unit emulator (device.emulator snapshot): one row of dots per seat, and the buzzer.
  function renderLeds(snap) {
    const box = $("device-leds");
    if (!snap || !snap.segments) { box.hidden = true; return; }
    box.hidden = false;
    box.textContent = "LED unit" + (snap.plugged === false ? " (unplugged)" : "") + ": ";
    for (const seg of snap.segments) {
      const group = document.createElement("span");
      group.className = "led-seat";
      group.title = "seat " + seg.seat + ": " + (seg.layers || []).join(", ");
      group.append("seat " + seg.seat + " ");
      for (const colour of seg.rgb || []) {
        const dot = document.createElement("span");
        dot.className = "led";
        dot.style.background = colour;
        group.append(dot);
      }
      box.append(group);
    }
    if (snap.buzzer && snap.buzzer.frequency) box.append(" buzzer " + snap.buzzer.frequency + " Hz" + (snap.buzzer.tune ? " (" + snap.buzzer.tune + ")" : ""));
  }

  function renderQuestions(questions, names) {
    const box = $("questions");
    box.textContent = "";
    for (const q of questions) {
      const div = document.createElement("div");
      div.className = "question";
      div.append((q.text || q.question || q.message || "The camera needs an answer") + " ");
      let answers = q.answers;
      if (!answers && q.actor !== undefined) {
        // A win the camera saw but cannot tell apart: tsumo, or ron from which seat (engine `declare`).
        answers = [{label: "tsumo", event: {type: "declare", actor: q.actor, call: "tsumo"}}];
        for (let s = 0; s < 4; s++) {
          if (s !== q.actor) answers.push({label: "ron from " + names[s], event: {type: "declare", actor: q.actor, call: "ron", target: s}});
        }
      }
      for (const a of answers || []) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = a.label || a.answer || String(a);
        b.disabled = !window.riichi.canEdit;
        if (q.kind === "order") {
          // Which place a tile read late takes (docs/live.md, "Asked on the page"); the best guess stands
          // until then, and the game goes on meanwhile.
          b.className = "order-answer" + (a.answer === q.place ? " best-guess" : "");
          if (a.answer === q.place) b.title = "the best guess, in the record now";
          b.onclick = async () => {
            const r = await post("/table/order", {question: q.id, answer: a.answer});
            const said = $("question-status");  // kept across renders: the question itself may be gone
            said.textContent = r.ok ? "answer taken: the record follows it" : (r.error || "not taken");
            said.className = r.ok ? "ok" : "bad";
          };
        } else {
          b.onclick = () => post("/table/answer", Object.assign({type: "answer", question: q.id}, a.event || {answer: a.answer || a}));
        }
        div.append(b);
      }
      box.append(div);
    }
  }

  async function post(url, body) {
    const res = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json", "X-CSRF-Token": window.riichi.csrf}, body: JSON.stringify(body)});
    const data = await res.json().catch(() => ({ok: false, error: res.statusText}));
    return data;
  }

  render(JSON.parse($("initial-state").textContent));
  const source = new EventSource("/table/events");
  source.addEventListener("table", (e) => render(JSON.parse(e.data)));

  // Calibration: ArUco, or four clicks on the picture (in camera pixels).
  const img = $("video");
  if (img) {
    let corners = null;
    const status = $("calibrate-status");
    $("calibrate-aruco").onclick = async () => {
      const r = await post("/table/calibrate", {corners: null});
      status.textContent = r.ok ? "calibrated from the markers" : r.error;
    };
    $("calibrate-click").onclick = () => {
      corners = [];
      status.textContent = "click the table's four corners, starting at the bottom left, counter-clockwise";
    };
    img.addEventListener("click", async (e) => {
      if (corners === null) return;
      const rect = img.getBoundingClientRect();
      const sx = img.naturalWidth / rect.width, sy = img.naturalHeight / rect.height;
      corners.push([Math.round((e.clientX - rect.left) * sx), Math.round((e.clientY - rect.top) * sy)]);
      status.textContent = corners.length + " of 4 corners";
      if (corners.length === 4) {
        const r = await post("/table/calibrate", {corners});
        status.textContent = r.ok ? "calibrated from the four corners" : r.error;
        corners = null;
      }
    });
  }
})();
