// The card picker: one palette of the 53 faces and the places the picked cards go (each side's
// melds, each player's threes and hand). A click on a place makes it the one cards go to; a
// click on a palette card puts a copy there (no more copies than the two decks hold); a click
// on a picked card takes it back. The browser owns the picks (Streamlit does not send Python's
// writes back): they are kept per instance and sent whole as the state "picked".
//
// The default export runs again whenever `data` changes, without the previous call's cleanup:
// per-instance state lives in a WeakMap keyed by the parent element, and each call aborts the
// previous call's listeners.

const instances = new WeakMap();

function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (all, name) =>
    name in values ? String(values[name]) : all);
}

function copy(picked) {
  return JSON.parse(JSON.stringify(picked || {}));
}

function face(card, small) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 50 70");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", small ? "cp-face small" : "cp-face");
  const rect = document.createElementNS(svg.namespaceURI, "rect");
  for (const [k, v] of [["x", "1.5"], ["y", "1.5"], ["width", "47"], ["height", "67"],
                        ["rx", "5"], ["fill", "#fff"], ["stroke", "#555"]]) {
    rect.setAttribute(k, v);
  }
  const rank = document.createElementNS(svg.namespaceURI, "text");
  rank.setAttribute("x", "5");
  rank.setAttribute("y", "22");
  rank.setAttribute("font-size", "20");
  rank.setAttribute("font-weight", "bold");
  rank.setAttribute("fill", card.colour);
  rank.setAttribute("font-family", "sans-serif");
  rank.textContent = card.rank;
  const suit = document.createElementNS(svg.namespaceURI, "text");
  suit.setAttribute("x", "25");
  suit.setAttribute("y", "58");
  suit.setAttribute("font-size", "26");
  suit.setAttribute("text-anchor", "middle");
  suit.setAttribute("fill", card.colour);
  suit.setAttribute("font-family", "sans-serif");
  suit.textContent = card.suit;
  svg.append(rect, rank, suit);
  return svg;
}

function draw({ data, parentElement, setStateValue }) {
  const spec = JSON.parse(data.json);
  const root = parentElement.querySelector(".cp-root");
  let instance = instances.get(parentElement);
  if (!instance || instance.id !== spec.id) {
    instance = { id: spec.id, picked: copy(spec.picked), active: spec.first };
    instances.set(parentElement, instance);
  }
  if (instance.controller) instance.controller.abort();
  instance.controller = new AbortController();
  const signal = instance.controller.signal;
  const cards = new Map(spec.cards.map((card) => [card.code, card]));
  const picked = instance.picked;
  picked.melds = picked.melds || {};
  picked.fields = picked.fields || {};

  // Where the cards of a place are kept, and its spoken name.
  function place(id) {
    const [kind, a, b] = id.split(":");
    if (kind === "meld") {
      const melds = picked.melds[a] || (picked.melds[a] = [[]]);
      while (melds.length <= Number(b)) melds.push([]);
      return melds[Number(b)];
    }
    return picked.fields[a] || (picked.fields[a] = []);
  }
  const names = new Map();
  for (const side of spec.sides) {
    const melds = picked.melds[side.index] || (picked.melds[side.index] = [[]]);
    if (!melds.length) melds.push([]);
    melds.forEach((_m, i) => names.set(`meld:${side.index}:${i}`,
      fill(spec.texts.meld_of, { side: side.name, number: i + 1 })));
    for (const field of side.fields) names.set(`field:${field.id}`, field.label);
  }
  if (!names.has(instance.active)) instance.active = names.keys().next().value;

  function used(code) {
    let n = 0;
    for (const melds of Object.values(picked.melds)) {
      for (const meld of melds) n += meld.filter((c) => c === code).length;
    }
    for (const field of Object.values(picked.fields)) n += field.filter((c) => c === code).length;
    return n;
  }
  function send() {
    setStateValue("picked", copy(picked));
  }

  // Keep the focus where it was across the rebuild (a click, or Python's answer to it).
  const active = root.getRootNode().activeElement;
  const holder = active && active.closest ? active.closest("[data-zone], [data-code]") : null;
  const focusKey = holder ? (holder.dataset.code ? `c:${holder.dataset.code}`
    : `z:${holder.dataset.zone}`) : null;
  root.textContent = "";
  const box = document.createElement("div");
  box.className = "cp";

  // The places, side by side.
  const places = document.createElement("div");
  places.className = "cp-sides";
  function zone(id, label, extra) {
    const row = document.createElement("div");
    row.className = "cp-zone" + (id === instance.active ? " active" : "");
    row.dataset.zone = id;
    const head = document.createElement("button");
    head.type = "button";
    head.className = "cp-target";
    head.setAttribute("aria-pressed", id === instance.active ? "true" : "false");
    head.textContent = label;
    head.addEventListener("click", () => {
      instance.active = id;
      render();
    }, { signal });
    const held = document.createElement("div");
    held.className = "cp-held";
    place(id).forEach((code, i) => {
      const card = cards.get(code);
      if (!card) return;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "cp-card picked";
      remove.setAttribute("aria-label", fill(spec.texts.remove, { card: card.name, place: label }));
      remove.title = remove.getAttribute("aria-label");
      remove.append(face(card, true));
      remove.addEventListener("click", () => {
        place(id).splice(i, 1);
        send();
        render();
      }, { signal });
      held.append(remove);
    });
    if (!place(id).length) {
      const empty = document.createElement("span");
      empty.className = "cp-empty";
      empty.textContent = spec.texts.empty;
      held.append(empty);
    }
    row.append(head, held);
    if (extra) row.append(extra);
    return row;
  }
  for (const side of spec.sides) {
    const group = document.createElement("fieldset");
    group.className = "cp-side";
    const legend = document.createElement("legend");
    legend.textContent = side.name;
    group.append(legend);
    const melds = picked.melds[side.index];
    melds.forEach((_m, i) => {
      const id = `meld:${side.index}:${i}`;
      group.append(zone(id, fill(spec.texts.meld, { number: i + 1 })));
    });
    const more = document.createElement("button");
    more.type = "button";
    more.className = "cp-new";
    more.textContent = spec.texts.new_meld;
    more.setAttribute("aria-label", fill(spec.texts.new_meld_of, { side: side.name }));
    more.addEventListener("click", () => {
      const last = melds[melds.length - 1];
      if (last && !last.length) {
        instance.active = `meld:${side.index}:${melds.length - 1}`;
      } else {
        melds.push([]);
        instance.active = `meld:${side.index}:${melds.length - 1}`;
      }
      render();
    }, { signal });
    group.append(more);
    for (const field of side.fields) group.append(zone(`field:${field.id}`, field.label));
    places.append(group);
  }

  // Where the next card goes, said and shown.
  const status = document.createElement("p");
  status.className = "cp-status";
  status.setAttribute("aria-live", "polite");
  status.textContent = fill(spec.texts.goes_to, { place: names.get(instance.active) || "" });

  // The palette: every face, with the copies still free.
  const palette = document.createElement("div");
  palette.className = "cp-palette";
  palette.setAttribute("role", "group");
  palette.setAttribute("aria-label", spec.texts.palette);
  for (const card of spec.cards) {
    const left = card.copies - used(card.code);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "cp-card";
    button.dataset.code = card.code;
    button.setAttribute("aria-label", fill(spec.texts.add, { card: card.name, left }));
    button.title = button.getAttribute("aria-label");
    if (left <= 0) button.setAttribute("aria-disabled", "true");
    button.append(face(card, false));
    const badge = document.createElement("span");
    badge.className = "cp-left";
    badge.setAttribute("aria-hidden", "true");
    badge.textContent = String(left);
    button.append(badge);
    button.addEventListener("click", () => {
      if (card.copies - used(card.code) <= 0) return;
      place(instance.active).push(card.code);
      send();
      render();
    }, { signal });
    palette.append(button);
  }

  const clear = document.createElement("button");
  clear.type = "button";
  clear.className = "cp-clear";
  clear.textContent = spec.texts.clear;
  clear.addEventListener("click", () => {
    picked.melds = {};
    picked.fields = {};
    instance.active = spec.first;
    send();
    render();
  }, { signal });

  box.append(places, status, palette, clear);
  root.append(box);
  if (focusKey) {
    const target = focusKey.startsWith("c:")
      ? root.querySelector(`[data-code="${focusKey.slice(2)}"]`)
      : root.querySelector(`[data-zone="${focusKey.slice(2)}"] .cp-target`);
    if (target) target.focus();
  }

  // Rebuild from the instance's state, with the same data.
  function render() {
    draw({ data, parentElement, setStateValue });
  }
}

export default draw;
