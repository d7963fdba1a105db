// Club game page: a preview of what the hand being entered would change, before it is recorded.
"use strict";
(function () {
  const form = document.getElementById("record-form");
  const out = document.getElementById("record-preview");
  if (!form || !out || form.action.includes("/edit")) return;
  let pending = 0;
  async function preview() {
    const ticket = ++pending;
    const body = new FormData(form);
    const res = await fetch(out.dataset.url, {method: "POST", body, headers: {"X-CSRF-Token": window.riichi.csrf}});
    const data = await res.json().catch(() => ({ok: false, error: res.statusText}));
    if (ticket !== pending) return;  // a newer change is on its way
    if (!data.ok) { out.textContent = "Preview: " + data.error; out.className = "muted"; return; }
    const parts = data.names.map((n, s) => n + " " + (data.deltas[s] > 0 ? "+" : "") + data.deltas[s].toLocaleString("en"));
    out.textContent = "Recording this hand: " + parts.join(", ") + (data.ends_game ? " - and the game ends" : "");
    out.className = "preview";
  }
  form.addEventListener("change", preview);
  form.addEventListener("input", preview);
})();
