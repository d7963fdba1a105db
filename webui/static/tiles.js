// Tile chips shared by the pages. Accepts notation ("5p", "0p" red five, "1z".."7z") or mjai names
// ("5pr", "E", "S", "W", "N", "P", "F", "C", "?").
(function () {
  const HONOR = {E: "1z", S: "2z", W: "3z", N: "4z", P: "5z", F: "6z", C: "7z"};
  const HONOR_LABEL = {"1z": "E", "2z": "S", "3z": "W", "4z": "N", "5z": "Wh", "6z": "Gr", "7z": "Rd"};

  function normalise(name) {
    if (typeof name !== "string") name = (name && (name.pai || name.tile)) || "?";
    if (HONOR[name]) return HONOR[name];
    if (/^5[mps]r$/.test(name)) return "0" + name[1];
    return name;
  }

  function chip(name, extra) {
    const n = normalise(name);
    const el = document.createElement("span");
    el.className = "tile";
    if (n === "?" || n.length !== 2) {
      el.classList.add("back");
      el.textContent = "?";
    } else {
      const suit = n[1];
      el.classList.add("suit-" + suit);
      if (n[0] === "0") el.classList.add("red");
      el.textContent = suit === "z" ? (HONOR_LABEL[n] || n) : (n[0] === "0" ? "5" : n[0]) + suit;
    }
    el.dataset.tile = n;
    if (extra) for (const c of extra) el.classList.add(c);
    return el;
  }

  // Split "123m406p11z" into ["1m","2m","3m","4p","0p","6p","1z","1z"].
  function split(text) {
    const out = [];
    let digits = [];
    for (const ch of (text || "").replace(/\s+/g, "")) {
      if (/[0-9]/.test(ch)) digits.push(ch);
      else if ("mpsz".includes(ch)) { for (const d of digits) out.push(d + ch); digits = []; }
    }
    return out;
  }

  function join(tiles) {
    // Compact notation: runs of one suit share the letter.
    let out = "", suit = "";
    for (const t of tiles) {
      if (t[1] !== suit && suit) out += suit;
      out += t[0];
      suit = t[1];
    }
    return out + suit;
  }

  window.tiles = {chip, split, join, normalise};
})();
