// The card picker: tap cards into the hand being entered, with a running total and the pack limits.
// Without JavaScript the picker stays hidden and the hands are typed; the server checks everything again.
(function () {
  "use strict";

  function tokens(text) {
    return text.trim().toUpperCase().split(/[\s,]+/).filter(Boolean);
  }

  function rankOf(token) {
    if (token === "JK" || token === "*" || token.startsWith("JK=")) return "JK";
    const rank = token.replace(/\uFE0F/g, "").slice(0, -1);
    return { T: "10", R: "K", D: "Q", V: "J" }[rank] || rank;
  }

  function total(text, values) {
    const parts = tokens(text);
    if (parts.length === 1 && /^\d+$/.test(parts[0])) return Number(parts[0]);
    let sum = 0;
    for (const token of parts) {
      const value = values[rankOf(token)];
      if (value === undefined) return null;
      sum += value;
    }
    return sum;
  }

  function setUp(form) {
    const picker = form.querySelector("[data-picker]");
    if (!picker || picker.dataset.ready) return;
    picker.dataset.ready = "1";
    picker.hidden = false;
    const values = JSON.parse(picker.dataset.values);
    const limits = { packs: Number(picker.dataset.packs), jokers: Number(picker.dataset.jokers) };
    const rows = Array.from(form.querySelectorAll("[data-hand-row]"));
    let active = null;

    function input(row) { return row.querySelector("[data-hand]"); }

    function refresh() {
      const counts = {};
      for (const row of rows) {
        const field = input(row);
        const sum = total(field.value, values);
        const shown = row.querySelector("[data-total]");
        if (shown) shown.textContent = field.value.trim() === "" ? "" : sum === null ? "?" : String(sum);
        if (!row.dataset.won && !/^\d+$/.test(field.value.trim())) {
          for (const token of tokens(field.value)) {
            const key = rankOf(token) === "JK" ? "JK" : token;
            counts[key] = (counts[key] || 0) + 1;
          }
        }
      }
      for (const button of picker.querySelectorAll("[data-card]")) {
        const card = button.dataset.card;
        const limit = card === "JK" ? limits.jokers : limits.packs;
        button.disabled = !active || (counts[card] || 0) >= limit;
      }
      picker.querySelector("[data-active-name]").textContent = active ? active.dataset.label || active.dataset.player : "—";
      for (const row of rows) row.classList.toggle("active", row === active);
    }

    function activate(row) {
      active = row && !row.dataset.won ? row : rows.find((r) => !r.dataset.won) || null;
      refresh();
    }

    function winnerChanged() {
      const chosen = form.querySelector("[data-winner]:checked");
      for (const row of rows) {
        const won = !!chosen && row.dataset.player === chosen.value;
        row.dataset.won = won ? "1" : "";
        const cards = row.querySelector("[data-hand-cards]");
        const wentOut = row.querySelector("[data-went-out]");
        if (cards) cards.hidden = won;
        if (wentOut) wentOut.hidden = !won;
      }
      if (!active || active.dataset.won) activate(null);
      else refresh();
    }

    for (const row of rows) {
      input(row).addEventListener("focus", () => activate(row));
      input(row).addEventListener("input", refresh);
      row.addEventListener("click", () => activate(row));
    }
    form.querySelectorAll("[data-winner]").forEach((radio) => radio.addEventListener("change", winnerChanged));
    picker.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button || !active) return;
      const field = input(active);
      if (button.dataset.card) {
        const current = /^\d+$/.test(field.value.trim()) ? "" : field.value.trim();
        field.value = (current ? current + " " : "") + button.dataset.card;
      } else if (button.hasAttribute("data-undo")) {
        field.value = tokens(field.value).slice(0, -1).join(" ");
      } else if (button.hasAttribute("data-clear")) {
        field.value = "";
      }
      refresh();
    });
    winnerChanged();
    activate(rows.find((r) => !r.dataset.won) || null);
  }

  function setUpAll(root) {
    (root || document).querySelectorAll("form[data-picker-form]").forEach(setUp);
  }

  document.addEventListener("DOMContentLoaded", () => setUpAll(document));
  document.addEventListener("htmx:load", (event) => setUpAll(event.target));
})();
