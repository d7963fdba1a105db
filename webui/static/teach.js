// Teach my tiles: upload sheet photos, check every cell's tile, Learn (polled), then Keep or Discard.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const state = {session: null, photos: [], corrections: {}, polling: null};
  const headers = {"X-CSRF-Token": window.riichi.csrf};

  async function post(url, body) {
    const res = await fetch(url, {method: "POST", headers: {...headers, "Content-Type": "application/json"}, body: JSON.stringify(body || {})});
    return readJson(res);
  }

  async function readJson(res) {
    try {
      return await res.json();
    } catch (err) {
      return {ok: false, error: `the server answered ${res.status} ${res.statusText}`};
    }
  }

  function showErrors(errors) {
    const list = $("photo-errors");
    for (const e of errors) {
      const li = document.createElement("li");
      li.textContent = e.error;
      li.dataset.photo = e.photo;
      list.appendChild(li);
    }
  }

  function cellView(photo, cell) {
    const figure = document.createElement("figure");
    figure.className = "teach-cell";
    figure.dataset.cell = cell.cell;
    const img = document.createElement("img");
    img.src = cell.crop;
    img.alt = `cell ${cell.cell}`;
    img.width = 64;
    img.height = 64;
    const caption = document.createElement("figcaption");
    const label = document.createElement("span");
    label.textContent = `cell ${cell.cell}`;
    const reader = document.createElement("span");
    reader.className = "teach-reader" + (cell.reader === cell.tile ? "" : " teach-differs");
    reader.textContent = `reader: ${cell.reader}`;
    const select = document.createElement("select");
    select.className = "teach-choice";
    select.appendChild($("choice-options").content.cloneNode(true));
    select.value = cell.tile;
    select.setAttribute("aria-label", `tile in cell ${cell.cell} of ${photo.name}`);
    select.addEventListener("change", () => {
      const fixes = state.corrections[photo.id] || (state.corrections[photo.id] = {});
      if (select.value === cell.tile) delete fixes[cell.cell];
      else fixes[cell.cell] = select.value;
      figure.classList.toggle("teach-fixed", select.value !== cell.tile);
    });
    caption.append(label, reader, select);
    figure.append(img, caption);
    return figure;
  }

  function addPhotos(photos) {
    const host = $("teach-photos");
    for (const photo of photos) {
      state.photos.push(photo);
      const box = document.createElement("div");
      box.className = "teach-photo";
      box.dataset.photo = photo.id;
      const title = document.createElement("h3");
      const differ = photo.cells.filter((c) => c.reader !== c.tile).length;
      title.textContent = `${photo.name}: ${photo.cells.length} tiles, the reader names ${photo.cells.length - differ} as their cell`;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "remove-photo";
      remove.textContent = `Remove ${photo.name}`;
      remove.addEventListener("click", () => removePhoto(photo, box, remove));
      const grid = document.createElement("div");
      grid.className = "teach-grid";
      for (const cell of photo.cells) grid.appendChild(cellView(photo, cell));
      box.append(title, remove, grid);
      host.appendChild(box);
    }
    showSteps();
  }

  function showSteps() {
    const any = state.photos.length > 0;
    $("step-check").hidden = !any;
    $("step-learn").hidden = !any;
    $("step-result").hidden = true;
  }

  async function removePhoto(photo, box, button) {
    button.disabled = true;
    const data = await post(`/teach/${state.session}/photos/${photo.id}/remove`, {});
    if (!data.ok) {
      button.disabled = false;
      showErrors([{photo: photo.name, error: data.error}]);
      return;
    }
    state.photos = state.photos.filter((p) => p.id !== photo.id);
    delete state.corrections[photo.id];
    box.remove();
    showSteps();
    $("upload-status").textContent = `removed ${data.removed}; ${state.photos.length} photo(s) left`;
  }

  function answer(data) {
    if (data.session) state.session = data.session;
    if (!data.ok && !(data.errors && data.errors.length)) showErrors([{photo: "", error: data.error}]);
    showErrors(data.errors || []);
    addPhotos(data.photos || []);
    const names = (data.photos || []).map((p) => p.name);
    $("upload-status").textContent = names.length ? `read ${names.join(", ")}` : "no photo added";
  }

  $("upload-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const files = $("photo-input").files;
    if (!files.length) {
      $("upload-status").textContent = "choose one or more photos first";
      return;
    }
    const body = new FormData();
    for (const f of files) body.append("photo", f, f.name);
    if (state.session) body.append("session", state.session);
    $("upload-status").textContent = "reading the photos...";
    const res = await fetch("/teach/photos", {method: "POST", headers, body});
    answer(await readJson(res));
    $("photo-input").value = "";
  });

  const frameButton = $("frame-button");
  if (frameButton) {
    frameButton.addEventListener("click", async () => {
      $("upload-status").textContent = "taking a frame...";
      answer(await post("/teach/frame", {session: state.session}));
    });
  }

  const pct = (v) => `${(100 * v).toFixed(1)} %`;

  function showResult(result) {
    const text = $("before-after");
    text.textContent = "";
    if (result.held_back) {
      const h = result.held_back;
      text.innerHTML = `On held-back photos the reader named <strong id="before">${pct(h.base)}</strong> of the tiles right before, ` +
        `and <strong id="after">${pct(h.profile)}</strong> with what it learned (<span id="held-tiles">${h.tiles}</span> tiles; each photo named by a profile taught from the others).`;
    } else {
      text.textContent = result.note;
    }
    const learned = document.createElement("p");
    learned.className = "muted";
    learned.id = "learned-from";
    learned.textContent = `Learned ${result.kinds} kinds from ${result.tiles} tiles on ${result.photos.join(", ")}.` +
      (result.colours_swapped ? " Your set's inks look like a known set's with the colours swapped: the reader now reads it that way." : "");
    text.appendChild(learned);
    const list = $("learn-rejected");
    list.textContent = "";
    for (const r of result.rejected) {
      const li = document.createElement("li");
      li.textContent = `${r.photo}: nothing learned from it: ${r.reason}`;
      li.dataset.photo = r.photo;
      list.appendChild(li);
    }
    $("step-result").hidden = false;
  }

  async function poll() {
    const res = await fetch(`/teach/${state.session}/progress`);
    const data = await readJson(res);
    if (!data.ok) {
      $("learn-error").textContent = data.error;
      $("learn-button").disabled = false;
      return;
    }
    $("learn-progress").value = data.progress;
    $("learn-step").textContent = data.step;
    if (data.state === "running") {
      state.polling = setTimeout(poll, 400);
      return;
    }
    $("learn-button").disabled = false;
    if (data.state === "failed") $("learn-error").textContent = data.error;
    if (data.state === "done") showResult(data.result);
  }

  $("learn-button").addEventListener("click", async () => {
    $("learn-error").textContent = "";
    $("step-result").hidden = true;
    $("learn-button").disabled = true;
    $("learn-progress").value = 0;
    const data = await post(`/teach/${state.session}/learn`, {corrections: state.corrections});
    if (!data.ok) {
      $("learn-error").textContent = data.error;
      $("learn-button").disabled = false;
      return;
    }
    poll();
  });

  $("keep-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const data = await post(`/teach/${state.session}/keep`, {name: $("profile-name").value});
    const status = $("keep-status");
    status.className = data.ok ? "ok" : "error";
    status.textContent = data.ok ? data.message : data.error;
    if (data.ok) {
      $("keep-button").disabled = true;
      $("discard-button").disabled = true;
      $("learn-button").disabled = true;
      const link = document.createElement("a");
      link.href = "/settings#profiles";
      link.textContent = " See it in Settings";
      status.appendChild(link);
    }
  });

  $("discard-button").addEventListener("click", async () => {
    await post(`/teach/${state.session}/discard`, {});
    state.session = null;
    state.photos = [];
    state.corrections = {};
    $("teach-photos").textContent = "";
    $("photo-errors").textContent = "";
    $("upload-status").textContent = "Discarded: nothing was kept. Add photos to start again.";
    for (const id of ["step-check", "step-learn", "step-result"]) $(id).hidden = true;
  });
})();
