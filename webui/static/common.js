// Every page: forms marked data-confirm ask before they are sent (end a game, undo, void, merge).
"use strict";
document.addEventListener("submit", (e) => {
  const form = e.target;
  const question = form instanceof HTMLFormElement ? form.dataset.confirm : null;
  if (question && !window.confirm(question)) e.preventDefault();
}, true);

// A "draw seats" button (data-shuffle) deals the four chosen players to the seats at random.
document.addEventListener("click", (e) => {
  const button = e.target instanceof Element ? e.target.closest("[data-shuffle]") : null;
  if (!button) return;
  e.preventDefault();
  const selects = [...button.form.querySelectorAll("select[name^=seat]")];
  const values = selects.map((s) => s.value);
  for (let i = values.length - 1; i > 0; i--) {
    const j = crypto.getRandomValues(new Uint32Array(1))[0] % (i + 1);
    [values[i], values[j]] = [values[j], values[i]];
  }
  selects.forEach((s, i) => { s.value = values[i]; });
});
