// Tile chips shared by the pages, drawn as small pictures (inline SVG: circles for pin, bamboo sticks for
// sou, the numeral for man, winds and dragons as their usual marks; no font needed). Accepts notation
// ("5p", "0p" red five, "1z".."7z") or mjai names ("5pr", "E", "S", "W", "N", "P", "F", "C", "?").
(function () {
  const HONOR = {E: "1z", S: "2z", W: "3z", N: "4z", P: "5z", F: "6z", C: "7z"};
  const HONOR_LABEL = {"1z": "E", "2z": "S", "3z": "W", "4z": "N", "5z": "Wh", "6z": "Gr", "7z": "Rd"};
  const NAME = {m: "man", p: "pin", s: "sou"};
  const HONOR_NAME = {"1z": "East wind", "2z": "South wind", "3z": "West wind", "4z": "North wind",
    "5z": "White dragon", "6z": "Green dragon", "7z": "Red dragon"};
  const SVG = "http://www.w3.org/2000/svg";
  // Pip positions in a 24 x 34 face, by count (the usual arrangement of the tiles).
  const PIPS = {
    1: [[12, 17]], 2: [[12, 9], [12, 25]], 3: [[5, 6], [12, 17], [19, 28]],
    4: [[6, 9], [18, 9], [6, 25], [18, 25]], 5: [[6, 7], [18, 7], [12, 17], [6, 27], [18, 27]],
    6: [[7, 6], [17, 6], [7, 17], [17, 17], [7, 28], [17, 28]],
    7: [[4, 4], [12, 8], [20, 12], [7, 20], [17, 20], [7, 29], [17, 29]],
    8: [[7, 4], [17, 4], [7, 13], [17, 13], [7, 22], [17, 22], [7, 30], [17, 30]],
    9: [[4, 6], [12, 6], [20, 6], [4, 17], [12, 17], [20, 17], [4, 28], [12, 28], [20, 28]],
  };

  function normalise(name) {
    if (typeof name !== "string") name = (name && (name.pai || name.tile)) || "?";
    if (HONOR[name]) return HONOR[name];
    if (/^5[mps]r$/.test(name)) return "0" + name[1];
    return name;
  }

  function el(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function face(n) {
    const svg = el("svg", {viewBox: "0 0 24 34", width: "24", height: "34", "aria-hidden": "true"});
    const suit = n[1], red = n[0] === "0", count = red ? 5 : Number(n[0]);
    if (suit === "p") {
      const big = count === 1;
      PIPS[count].forEach(([x, y], i) => {
        const colour = red || (count === 5 && i === 2) || big || (count === 7 && i < 3) ? "#c0282d" : (i % 2 ? "#1f7a3a" : "#1d4f91");
        const r = big ? 9 : count <= 4 ? 4.6 : 3.6;
        svg.append(el("circle", {cx: x, cy: y, r, fill: "none", stroke: colour, "stroke-width": big ? 2.5 : 1.6}));
        svg.append(el("circle", {cx: x, cy: y, r: r / 2.6, fill: colour}));
      });
    } else if (suit === "s") {
      if (count === 1) {
        svg.append(el("rect", {x: 9, y: 3, width: 6, height: 28, rx: 3, fill: "#1f7a3a"}));
        svg.append(el("circle", {cx: 12, cy: 10, r: 3.2, fill: "#c0282d"}));
      } else {
        PIPS[count].forEach(([x, y], i) => {
          const colour = red || (count === 5 && i === 2) || (count === 7 && i === 0) || (count === 9 && i % 3 === 1) ? "#c0282d" : "#1f7a3a";
          const h = count <= 3 ? 12 : count <= 6 ? 9 : 7;
          svg.append(el("rect", {x: x - 1.6, y: y - h / 2, width: 3.2, height: h, rx: 1.4, fill: colour}));
          svg.append(el("line", {x1: x - 1.6, x2: x + 1.6, y1: y, y2: y, stroke: "#fbf8ee", "stroke-width": 0.8}));
        });
      }
    } else if (suit === "m") {
      svg.append(el("text", {x: 12, y: 15, "text-anchor": "middle", "font-size": 15, "font-weight": 700,
        fill: red ? "#c0282d" : "#111", "font-family": "serif"}, String(count)));
      svg.append(el("text", {x: 12, y: 30, "text-anchor": "middle", "font-size": 10, "font-weight": 700,
        fill: "#c0282d", "font-family": "serif"}, "man"));
    } else if (n === "5z") {
      svg.append(el("rect", {x: 4, y: 5, width: 16, height: 24, fill: "none", stroke: "#1d4f91", "stroke-width": 2}));
    } else if (n === "6z") {
      svg.append(el("path", {d: "M12 4 L12 30 M5 10 L19 10 M6 18 L18 18 M4 27 L20 27 M7 4 L5 9 M17 4 L19 9",
        stroke: "#1f7a3a", "stroke-width": 2.4, fill: "none", "stroke-linecap": "round"}));
    } else if (n === "7z") {
      svg.append(el("rect", {x: 4, y: 10, width: 16, height: 11, fill: "none", stroke: "#c0282d", "stroke-width": 2.4}));
      svg.append(el("line", {x1: 12, x2: 12, y1: 3, y2: 31, stroke: "#c0282d", "stroke-width": 2.6}));
    } else {
      svg.append(el("text", {x: 12, y: 24, "text-anchor": "middle", "font-size": 20, "font-weight": 700,
        fill: "#111", "font-family": "serif"}, HONOR_LABEL[n] || "?"));
    }
    return svg;
  }

  function label(n) {
    if (n[1] === "z") return HONOR_NAME[n] || n;
    return (n[0] === "0" ? "red 5" : n[0]) + " " + NAME[n[1]];
  }

  function chip(name, extra) {
    const n = normalise(name);
    const span = document.createElement("span");
    span.className = "tile";
    if (n === "?" || n.length !== 2 || !/^[0-9][mps]$|^[1-7]z$/.test(n)) {
      span.classList.add("back");
      span.title = "face down or unread";
    } else {
      span.classList.add("suit-" + n[1]);
      if (n[0] === "0") span.classList.add("red");
      span.append(face(n));
      span.title = label(n);
      span.setAttribute("aria-label", label(n));
    }
    span.dataset.tile = n;
    if (extra) for (const c of extra) span.classList.add(c);
    return span;
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

  window.tiles = {chip, split, join, normalise, label};
})();
