// Every page: forms marked data-confirm ask before they are sent (end a game, undo, void, merge).
"use strict";
document.addEventListener("submit", (e) => {
  const form = e.target;
  const question = form instanceof HTMLFormElement ? form.dataset.confirm : null;
  if (question && !window.confirm(question)) e.preventDefault();
}, true);
