// The Canasta card table: draws the table from the data Python built (tutor/ui/card_table/
// model.py) and sends back the learner's intents. Plain DOM, no framework, no network.
//
// The selection lives here, by position in the hand (two eight of hearts are two cards), so
// selecting is instant; it is sent with each intent together with the hand's version, and Python
// refuses a stale one. Streamlit calls the default export on mount and whenever `data` changes,
// without running the previous call's cleanup: per-instance state is kept in a WeakMap and
// every call first aborts the listeners of the one before (see the notes on Components v2).

const instances = new WeakMap();
const playedReplays = new Set(); // replays already shown in this page: a rerun does not replay

function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of [].concat(children)) {
    if (child) node.append(child);
  }
  return node;
}

// One card face. Its spoken name is the accessible name; the drawn symbols are hidden from
// screen readers so they do not read "K heart".
function face(card, extra = "") {
  return el("span", { class: `card ${card.colour} ${extra}`.trim(), role: "img",
                      "aria-label": card.name, title: card.name }, [
    el("span", { class: "rank", "aria-hidden": "true", text: card.rank }),
    el("span", { class: "suit", "aria-hidden": "true", text: card.suit || "★" }),
  ]);
}

function backs(count) {
  const shown = Math.min(count, 5); // a short fan says "cards in hand"; the number says how many
  const fan = el("span", { class: "backs", "aria-hidden": "true" });
  for (let i = 0; i < shown; i += 1) fan.append(el("span", { class: "card back" }));
  return fan;
}

function meldNode(meld) {
  const label = el("span", { class: "meld-label", text: meld.label });
  if (!meld.canasta) {
    const fan = el("span", { class: "fan" }, meld.cards.map((c) => face(c, "small")));
    return el("div", { class: "meld", role: "group", "aria-label": meld.label }, [fan, label]);
  }
  // A canasta is closed into one pile with a red (natural) or black (mixed) card on top.
  const pile = el("span", { class: `canasta ${meld.canasta}` }, [
    face(meld.top, "small"),
    el("span", { class: "count", "aria-hidden": "true", text: meld.count }),
  ]);
  const wilds = el("span", { class: "fan wilds" }, meld.wilds.map((c) => face(c, "tiny")));
  return el("div", { class: "meld closed", role: "group", "aria-label": meld.label },
            [pile, wilds, label]);
}

// A side: its name and score beside its melds, the threes laid out after the melds (one row
// as long as there is room, so the board stays low).
function sideNode(side) {
  const threes = side.threes.length
    ? el("div", { class: "threes", role: "group", "aria-label": side.threes_label },
         [el("span", { class: "fan" }, side.threes.map((c) => face(c, "tiny"))),
          el("span", { class: "meld-label", text: side.threes_label })])
    : null;
  const melds = el("div", { class: "melds" }, [...side.melds.map(meldNode), threes]);
  return el("section", { class: `side ${side.mine ? "mine" : "theirs"}`,
                         "aria-label": side.name }, [
    el("h4", {}, [el("span", { text: side.name }),
                  el("span", { class: "score", text: side.score_text })]),
    melds,
  ]);
}

// A seat: its name and marks, the backs of its cards and how many (all in one short row).
function seatNode(seat, labels) {
  const marks = [];
  if (seat.turn) marks.push(el("span", { class: "turn", text: labels.to_play }));
  if (seat.dealer) marks.push(el("span", { class: "dealer", text: labels.dealer }));
  const hand = seat.cards
    ? el("span", { class: "fan" }, seat.cards.map((c) => face(c, "tiny")))
    : backs(seat.count);
  return el("div", { class: `seat ${seat.turn ? "active" : ""}`, role: "group",
                     "aria-label": `${seat.name}, ${seat.count_text}` }, [
    el("div", { class: "seat-head" }, [el("span", { class: "seat-name", text: seat.name }),
                                       ...marks]),
    el("div", { class: "seat-cards" }, [
      hand, el("span", { class: "count-text", text: seat.count_text })]),
  ]);
}

function pileNode(pile, stock) {
  const stack = el("div", { class: "pile-stack" });
  if (pile.crosswise) stack.append(face(pile.crosswise, "crosswise"));
  if (pile.top) stack.append(face(pile.top, pile.stop ? "stop" : ""));
  else stack.append(el("span", { class: "card empty", "aria-hidden": "true" }));
  const notes = [];
  if (pile.empty_text) notes.push(el("p", { class: "note", text: pile.empty_text }));
  if (pile.stop) notes.push(el("p", { class: "note stop-text", text: pile.stop }));
  if (pile.crosswise) notes.push(el("p", { class: "note frozen-text", text: pile.frozen_mark }));
  const pileBox = el("div", { class: "pile", role: "group", "aria-label":
                              `${pile.label}, ${pile.count_text}` }, [
    el("h4", {}, [el("span", { text: pile.label }),
                  el("span", { class: "count-text", text: pile.count_text })]),
    stack, ...notes,
  ]);
  const stockBox = el("div", { class: "stock", role: "group",
                               "aria-label": `${stock.label}, ${stock.count_text}` }, [
    el("h4", {}, [el("span", { text: stock.label }),
                  el("span", { class: "count-text", text: stock.count_text })]),
    stock.count ? backs(1) : el("span", { class: "card empty" }),
  ]);
  return el("div", { class: "middle" }, [stockBox, pileBox]);
}

// Why the pile is frozen, in a line across the board under the pile (not a tall column).
function pileReasons(pile) {
  if (!pile.reasons.length) return null;
  return el("div", { class: "pile-reasons", role: "note", "aria-label": pile.label },
            pile.reasons.map((reason) => el("p", { class: "note", text: reason })));
}

// The table itself, kept low so the pile, the hand and the moves fit on one screen: the other
// seats in a row across the top (left, across, right), the other side's melds, the learner's
// side's melds in front, and the stock and the pile beside the melds. The learner's own seat is
// the hand below the board.
function boardNode(board, data) {
  const order = { left: 0, top: 1, right: 2 };
  const seats = board.seats.filter((s) => s.place !== "bottom")
    .sort((a, b) => order[a.place] - order[b.place]);
  const theirs = board.sides.filter((side) => !side.mine).map(sideNode);
  const ours = board.sides.filter((side) => side.mine).map(sideNode);
  const answer = data.answer ? el("p", { class: "answer", role: "status", text: data.answer })
                             : null;
  return el("div", { class: `board players-${board.seats.length}` }, [
    el("div", { class: "seats" }, seats.map((seat) => seatNode(seat, data.labels))),
    el("div", { class: "their-sides" }, theirs),
    pileNode(board.pile, board.stock),
    el("div", { class: "our-sides" }, [...ours, answer]),
    pileReasons(board.pile),
  ]);
}

function verdictNode(verdict, extraClass) {
  return el("div", { class: `verdict ${verdict.legal ? "legal" : "illegal"} ${extraClass}` }, [
    el("strong", { text: verdict.headline }),
    verdict.reasons.length ? el("ul", {}, verdict.reasons.map((r) => el("li", { text: r }))) : null,
  ]);
}

function logNode(lines, count, label) {
  const shown = lines.slice(0, count);
  return el("section", { class: "log", "aria-label": label }, [
    el("h4", { text: label }),
    // The rules behind a line are for teachers: its tooltip, never inside the sentence.
    el("ol", {}, shown.map((line) =>
      el("li", line.rules ? { text: line.text, title: line.rules } : { text: line.text }))),
  ]);
}

// Which move Enter plays now: it follows the selection, so the learner can see it beforehand.
// Only a move that makes sense now is offered (a move the engine would refuse is never the
// main button): taking the pile with a selection, else drawing.
function highlighted(data, inst) {
  const selected = inst.selected.length;
  const staged = data.staged.length;
  const enabled = new Set(data.buttons.filter((b) => b.enabled).map((b) => b.kind));
  let wanted = [];
  if (data.phase === "draw") wanted = selected || staged ? ["take", "draw"] : ["draw"];
  else if (data.phase === "play") {
    if (staged || selected > 1) wanted = ["meld"];
    else if (selected === 1) wanted = ["discard"];
  } else if (data.phase === "answer") wanted = ["yes"];
  return wanted.find((kind) => enabled.has(kind)) || null;
}

export default function (component) {
  const { parentElement, setTriggerValue } = component;
  const data = JSON.parse(component.data.json); // one string: see mount() in __init__.py
  const root = parentElement.querySelector(".ct-root") || parentElement;
  let inst = instances.get(parentElement);
  if (!inst) {
    inst = { selected: [], version: null, abort: null, timer: null, focusKey: null,
             dismissed: null, asked: null, whyOpen: false, announced: "",
             live: el("div", { class: "ct-live", role: "status", "aria-live": "polite" }) };
    instances.set(parentElement, inst);
  }
  if (inst.abort) inst.abort.abort();
  clearTimeout(inst.timer);
  const controller = new AbortController();
  inst.abort = controller;
  const signal = controller.signal;
  const live = inst.live;
  if (inst.version !== data.version) {
    inst.selected = [];
    inst.version = data.version;
  }
  const stagedPositions = new Set(data.staged.flatMap((g) => g.positions));
  inst.selected = inst.selected.filter((p) => !stagedPositions.has(p) && p < data.hand.length);

  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const replay = data.replay;
  let frame = -1; // the replayed move being shown; -1 for the live table
  let paused = false;
  if (replay.frames.length && replay.pace_ms > 0 && !reduced && !playedReplays.has(replay.id)) {
    frame = 0;
  }
  playedReplays.add(replay.id);

  function send(kind, extra = {}) {
    if (frame >= 0) { // a move during the replay first ends it
      frame = -1;
      render();
    }
    // (no "onto" unless the learner chose where wild cards go: null is "a meld of their own")
    setTriggerValue("intent", { kind, selected: [...inst.selected], version: data.version,
                                group: null, ...extra });
  }

  function toggle(position) {
    const at = inst.selected.indexOf(position);
    if (at >= 0) inst.selected.splice(at, 1);
    else inst.selected.push(position);
    refreshSelection();
  }

  // Selecting changes only attributes: no rebuild, no message to the server.
  function refreshSelection() {
    for (const node of root.querySelectorAll(".hand .card[role=checkbox]")) {
      const on = inst.selected.includes(Number(node.dataset.pos));
      node.setAttribute("aria-checked", on ? "true" : "false");
      node.classList.toggle("selected", on);
    }
    const count = root.querySelector(".selected-count");
    if (count) {
      const n = inst.selected.length;
      count.textContent = n === 0 ? "" : n === 1 ? data.labels.selected_one
        : data.labels.selected_many.replace("{n}", String(n));
    }
    const move = highlighted(data, inst);
    for (const button of root.querySelectorAll(".actions button")) {
      button.classList.toggle("primary", button.dataset.kind === move);
    }
    const picker = root.querySelector(".picker");
    if (picker && !choiceShown()) { // another selection: the question was about other cards
      inst.dismissed = data.choice.id;
      picker.remove();
    }
  }

  // The question where wild cards alone go (Python asks it, from the engine's verdicts): shown
  // while the selection is the one it was asked for, until it is answered or closed.
  function choiceShown() {
    const choice = data.choice;
    if (!choice || inst.dismissed === choice.id || frame >= 0) return false;
    const key = (list) => [...list].sort((a, b) => a - b).join(",");
    return key(choice.positions) === key(inst.selected);
  }

  function handNode() {
    const cards = data.hand.map((card) => {
      const node = face(card, card.staged ? "staged-out" : "");
      node.dataset.pos = card.pos;
      node.dataset.key = `card-${card.pos}`;
      if (card.staged || data.readonly) return node; // put aside: shown in its group instead
      node.setAttribute("role", "checkbox");
      node.setAttribute("aria-checked", "false");
      node.tabIndex = -1;
      node.addEventListener("click", () => toggle(card.pos), { signal });
      return node;
    });
    const live = cards.filter((n) => n.getAttribute("role") === "checkbox");
    if (live.length) live[0].tabIndex = 0; // roving tabindex: one tab stop for the hand
    const hand = el("div", { class: "hand", role: "group", "aria-label": data.labels.hand }, cards);
    hand.addEventListener("keydown", (event) => {
      const index = live.indexOf(event.target);
      if (index < 0) return;
      let next = null;
      if (event.key === "ArrowRight" || event.key === "ArrowDown") next = index + 1;
      else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = index - 1;
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = live.length - 1;
      else if (event.key === " ") {
        event.preventDefault();
        toggle(Number(event.target.dataset.pos));
        return;
      } else if (event.key === "Enter") {
        event.preventDefault();
        const move = highlighted(data, inst);
        if (move) send(move);
        return;
      } else return;
      event.preventDefault();
      next = Math.max(0, Math.min(live.length - 1, next));
      live[index].tabIndex = -1;
      live[next].tabIndex = 0;
      live[next].focus();
    }, { signal });
    return hand;
  }

  function stagedNode() {
    if (!data.staged.length) return null;
    const groups = data.staged.map((group) => el("div", { class: "staged-group" }, [
      el("span", { class: "fan" }, group.positions.map((p) => face(data.hand[p], "small"))),
      (() => {
        const back = el("button", { type: "button", "data-key": `unstage-${group.index}`,
                                    "aria-label": `${data.labels.take_back}: ${group.label}`,
                                    text: data.labels.take_back });
        back.addEventListener("click", () => send("unstage", { group: group.index }), { signal });
        return back;
      })(),
    ]));
    return el("section", { class: "staged", "aria-label": data.labels.staged }, [
      el("h4", { text: data.labels.staged }), ...groups,
    ]);
  }

  // Which meld the wild cards go onto, asked from the button that was clicked (Put aside or
  // Meld): the answer is that button's move with the meld chosen.
  function pickerNode() {
    if (!choiceShown()) return null;
    const choice = data.choice;
    const close = () => {
      inst.dismissed = choice.id;
      inst.focusKey = `btn-${choice.kind}`; // back to the button that asked
      render();
    };
    const choices = choice.options.map((option) => {
      const button = el("button", { type: "button", "data-key": option.key,
                                    text: option.label });
      button.addEventListener("click", () => {
        inst.dismissed = choice.id;
        send(choice.kind, { onto: option.rank });
      }, { signal });
      return button;
    });
    const cancel = el("button", { type: "button", "data-key": "onto-cancel",
                                  text: data.labels.cancel });
    cancel.addEventListener("click", close, { signal });
    const picker = el("div", { class: "picker", role: "group", "aria-label": choice.label }, [
      el("span", { text: choice.label }), ...choices, cancel]);
    picker.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { event.preventDefault(); event.stopPropagation(); close(); }
    }, { signal });
    if (inst.asked !== choice.id) { // a new question: focus goes to its first answer
      inst.asked = choice.id;
      inst.focusKey = choice.options.length ? choice.options[0].key : "onto-cancel";
    }
    return picker;
  }

  // One verdict area: the latest word on the learner's move (Python chooses it: a notice, a
  // verdict, or the preview of the melds put aside). While the computer players' moves play
  // out it shows the move that ended the learner's turn, and then nothing of that turn.
  function verdictArea() {
    let body = null;
    if (frame >= 0) body = replay.verdict ? verdictNode(replay.verdict, "last") : null;
    else if (data.message) {
      body = el("p", { class: "message", role: "alert", text: data.message });
    } else if (data.verdict) body = verdictNode(data.verdict, "last");
    else if (data.preview) {
      body = el("div", { class: "preview" }, [
        el("span", { class: "preview-label", text: data.labels.preview }),
        verdictNode(data.preview, "small")]);
    }
    const why = frame >= 0 ? null : whyNode();
    if (!body && !why) return null;
    return el("div", { class: "verdict-area" }, [body, why]);
  }

  function buttonsNode() {
    const row = el("div", { class: "actions" });
    for (const spec of data.buttons) {
      // aria-disabled, not disabled: the button keeps focus, and a click still asks the
      // engine "why not?"
      const button = el("button", { type: "button", "data-kind": spec.kind,
                                    "data-key": `btn-${spec.kind}`,
                                    "aria-disabled": spec.enabled ? null : "true",
                                    "aria-keyshortcuts": spec.key,
                                    title: `${spec.label} (${spec.key.toUpperCase()})`,
                                    text: spec.label });
      button.addEventListener("click", () => send(spec.kind), { signal });
      row.append(button);
    }
    return row;
  }

  // "Why?": the rules behind the last verdict, opened in place (a native disclosure widget).
  function whyNode() {
    if (!data.why.length) return null;
    const open = inst.whyOpen;
    const details = el("details", { class: "why", open: open || null }, [
      el("summary", { "data-key": "why", text: data.labels.why }),
      el("dl", {}, data.why.flatMap((rule) => [
        el("dt", { text: `${rule.rule} · ${rule.title}` }), el("dd", { text: rule.statement }),
      ])),
    ]);
    details.addEventListener("toggle", () => { inst.whyOpen = details.open; }, { signal });
    return details;
  }

  // Undo, redo and the hint live on the table too: using them reruns only the table.
  function toolsNode() {
    if (!data.tools.length) return null;
    const row = el("div", { class: "tools" });
    for (const tool of data.tools) {
      const button = el("button", { type: "button", "data-kind": tool.kind,
                                    "data-key": `tool-${tool.kind}`,
                                    "aria-disabled": tool.enabled ? null : "true",
                                    "aria-pressed": tool.pressed === undefined ? null
                                      : String(tool.pressed),
                                    "aria-keyshortcuts": tool.key || null,
                                    title: tool.key ? `${tool.label} (${tool.key.toUpperCase()})`
                                      : null,
                                    text: tool.label });
      button.addEventListener("click", () => { if (tool.enabled) send(tool.kind); },
                              { signal });
      row.append(button);
    }
    return row;
  }

  function render() {
    const board = frame >= 0 ? replay.frames[frame].board : data.board;
    const lines = frame >= 0 ? replay.frames[frame].lines : data.log.length;
    const nodes = [
      el("p", { class: "prompt", text: frame >= 0 ? replay.frames[frame].prompt : data.prompt }),
      boardNode(board, data),
    ];
    if (frame >= 0) {
      const skip = el("button", { type: "button", class: "skip", "data-key": "skip",
                                  text: data.labels.skip });
      skip.addEventListener("click", () => { frame = -1; paused = false; render(); }, { signal });
      // Pause holds the replay on the move shown; Resume goes on from there.
      const pause = el("button", { type: "button", class: "pause", "data-key": "pause",
                                   "aria-pressed": paused ? "true" : "false",
                                   text: paused ? data.labels.resume : data.labels.pause });
      pause.addEventListener("click", () => { paused = !paused; render(); }, { signal });
      nodes.push(el("div", { class: "replay-controls" }, [pause, skip]));
    }
    // The learner's seat: the hand with its marks (zone bottom active: the learner's turn).
    const me = board.seats.find((s) => s.place === "bottom");
    const myMarks = [];
    if (me && me.turn) myMarks.push(el("span", { class: "turn", text: data.labels.to_play }));
    if (me && me.dealer) myMarks.push(el("span", { class: "dealer", text: data.labels.dealer }));
    nodes.push(el("div", { class: `hand-area zone bottom ${me && me.turn ? "active" : ""}` }, [
      el("h4", {}, [el("span", {}, [el("span", { text: data.labels.hand }), ...myMarks]),
                    el("span", { class: "selected-count", "aria-live": "polite" })]),
      handNode(), stagedNode(), pickerNode(), buttonsNode(), verdictArea(),
    ]));
    nodes.push(toolsNode(), data.hint ? el("div", { class: "hint", role: "note" }, [
      el("strong", { text: data.hint.text }),
      el("ul", {}, data.hint.reasons.map((r) => el("li", { text: r }))),
    ]) : null, data.buttons.length ? el("p", { class: "keys", text: data.labels.keys }) : null);
    if (data.log.length) nodes.push(logNode(data.log, lines, data.labels.log));
    const active = root.getRootNode().activeElement;
    const focusInside = Boolean(active && root.contains(active));
    // data-version names the position shown (tests wait on it; selections are tagged with it)
    const table = el("div", { class: "ct", lang: data.lang, "data-version": data.version }, nodes);
    root.replaceChildren(table, live);
    pin();
    refreshSelection();
    if (focusInside) restoreFocus();
    announce(frame >= 0 ? replay.frames[frame].prompt : null);
    clearTimeout(inst.timer);
    if (frame >= 0 && !paused) {
      inst.timer = setTimeout(() => {
        frame = frame + 1 < replay.frames.length ? frame + 1 : -1;
        render();
      }, replay.pace_ms);
    }
  }

  // On a phone the hand and the moves stay at the bottom of the window while the board above
  // is scrolled (the stylesheet pins them in a narrow table only): when they leave at least
  // two fifths of the window to the board, and the board starts high enough to be seen above.
  function pin() {
    const area = root.querySelector(".hand-area");
    const board = root.querySelector(".board");
    if (!area || !board) return;
    const height = area.offsetHeight;
    const room = window.innerHeight - height - 48;
    area.classList.toggle("pinned", height <= window.innerHeight * 0.6
                                    && board.getBoundingClientRect().top <= room);
  }
  let pinQueued = false;
  const queuePin = () => {
    if (pinQueued) return;
    pinQueued = true;
    requestAnimationFrame(() => { pinQueued = false; pin(); });
  };
  window.addEventListener("resize", queuePin, { signal });
  document.addEventListener("scroll", queuePin, { capture: true, passive: true, signal });

  // What changed, said once to screen readers: the verdict, a notice, the prompt, new moves.
  // The live region is kept across rebuilds (a new live region is often not announced).
  function announce(replayPrompt) {
    const parts = [];
    if (replayPrompt) {
      const lines = replay.frames[frame].lines;
      if (lines > 0 && data.log[lines - 1]) parts.push(data.log[lines - 1].text);
    } else {
      // (a notice is role=alert itself, and is announced from there)
      if (data.verdict) parts.push(data.verdict.headline, ...data.verdict.reasons);
      if (data.prompt) parts.push(data.prompt);
    }
    const text = parts.join(" ");
    if (text && text !== inst.announced) {
      inst.announced = text;
      live.textContent = text;
    }
  }

  // A rebuilt table keeps keyboard focus where it was (or on the nearest card), without
  // scrolling the page: it is only restored when focus was inside the table.
  function restoreFocus() {
    if (!inst.focusKey) inst.focusKey = "card-0";
    let target = root.querySelector(`[data-key="${inst.focusKey}"]`);
    if (target && target.getAttribute("role") !== "checkbox" && target.dataset.pos) target = null;
    if (!target && inst.focusKey.startsWith("card-")) {
      const cards = [...root.querySelectorAll(".hand .card[role=checkbox]")];
      const wanted = Number(inst.focusKey.slice(5));
      target = cards.find((c) => Number(c.dataset.pos) >= wanted) || cards[cards.length - 1];
    }
    if (!target) target = root.querySelector(".hand .card[role=checkbox]");
    if (target) {
      for (const c of root.querySelectorAll(".hand .card[role=checkbox]")) c.tabIndex = -1;
      if (target.getAttribute("role") === "checkbox") target.tabIndex = 0;
      target.focus({ preventScroll: true });
    }
  }

  root.addEventListener("focusin", (event) => {
    const key = event.target.closest("[data-key]");
    if (key) inst.focusKey = key.dataset.key;
  }, { signal });
  // Letter shortcuts while the table has focus: d draw, t take, s stage, m meld, x discard ...
  // The letters follow the key's place (event.code), so they work on a Greek keyboard too; a
  // key the table uses does not reach Streamlit's page shortcuts.
  root.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat
        || event.target.tagName === "INPUT") return;
    const key = event.code.startsWith("Key") ? event.code.slice(3).toLowerCase()
      : event.key.toLowerCase();
    const spec = data.buttons.find((b) => b.key === key)
      || data.tools.find((t) => t.key && t.key === key && t.enabled);
    if (!spec) return;
    event.preventDefault();
    event.stopPropagation();
    send(spec.kind);
  }, { signal });

  render();
  return () => {
    controller.abort();
    clearTimeout(inst.timer);
  };
}
