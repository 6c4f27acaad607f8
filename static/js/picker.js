// The card picker: tap cards into the hand being entered, with a running total and the pack limits.
// Without JavaScript the picker stays hidden and the hands are typed; the server checks everything again.
// Choosing a hand (a tap on its row) never opens the phone's keyboard: the fields take `inputmode="none"`, and
// only "Type instead" opens the keyboard, for the hand chosen. Under each hand its cards show with suit symbols.
// In Rami each player's laid cards are a row too (the winner's as well), one meld at a time: "Next meld" writes
// the "/" between two melds, and the server counts them.
(function () {
  "use strict";

  const MELD_BREAK = "/";

  function tokens(text) {
    return text.trim().toUpperCase().split(/[\s,]+/).filter(Boolean);
  }

  function cards(text) {
    return tokens(text).filter((token) => token !== MELD_BREAK);
  }

  function rankOf(token) {
    if (token === "JK" || token === "*" || token.startsWith("JK=")) return "JK";
    const rank = token.replace(/\uFE0F/g, "").slice(0, -1);
    return { T: "10", R: "K", D: "Q", V: "J" }[rank] || rank;
  }

  // A card as the pack limits count it, whatever letters or symbols it was typed with: "R♥" is "KH".
  function cardOf(token) {
    const rank = rankOf(token);
    if (rank === "JK") return "JK";
    const suit = token.replace(/\uFE0F/g, "").slice(-1);
    return rank + ({ "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" }[suit] || suit);
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

  // A round's answer does not send the picker again: its form holds an empty one of the same id, which htmx fills
  // with the picker already on the page (hx-preserve). Set up for the form it was on, it is set up again for this
  // one, without the old form's listeners; a page that had none fetches it whole from the game's page, once.
  function setUp(form) {
    let picker = form.querySelector("[data-picker]");
    if (!picker || picker.pickerForm === form) return;
    if (!picker.querySelector("[data-card]")) {
      fetchPicker(form, picker);
      return;
    }
    if (picker.pickerForm) {
      const fresh = picker.cloneNode(true);
      picker.replaceWith(fresh);
      picker = fresh;
    }
    picker.pickerForm = form;
    picker.hidden = false;
    const values = JSON.parse(picker.dataset.values);
    const limits = { packs: Number(picker.dataset.packs), jokers: Number(picker.dataset.jokers) };
    const rows = Array.from(form.querySelectorAll("[data-hand-row]"));
    let active = null;

    function input(row) { return row.querySelector("[data-hand]"); }

    // The cards of a hand as the picker's buttons show them ("K♠", "Joker"), red suits in red.
    function showCards(row) {
      let shown = row.querySelector("[data-cards-shown]");
      if (!shown) {
        shown = document.createElement("span");
        shown.className = "cards-shown";
        shown.setAttribute("data-cards-shown", "");
        shown.setAttribute("aria-hidden", "true");  // the field itself says the same to a screen reader
        row.appendChild(shown);
      }
      shown.replaceChildren();
      shown.hidden = !!row.dataset.won;
      const parts = tokens(input(row).value);
      if (parts.length === 1 && /^\d+$/.test(parts[0])) return;
      for (const token of parts) {
        if (token === MELD_BREAK) {
          shown.append(" | ");
          continue;
        }
        const key = cardOf(token);
        const button = picker.querySelector(`[data-card="${CSS.escape(key)}"]`);
        const card = document.createElement("span");
        card.textContent = button ? button.textContent.trim() : token;
        if (key !== "JK" && /[HD]$/.test(key)) card.className = "red";
        if (shown.childNodes.length) shown.append(" ");
        shown.append(card);
      }
    }

    // Back to the picker: no keyboard for this field until "Type instead" is pressed again.
    function stopTyping(field) {
      field.setAttribute("inputmode", "none");
      if (document.activeElement === field) field.blur();
    }

    // Rows count against the packs together, except rows of another `data-count` (the desk's melds after a
    // rearrangement hold the very cards of the melds before).
    function countGroup(row) { return (row && row.dataset.count) || ""; }

    function refresh() {
      const groups = {};
      for (const row of rows) {
        const tally = (groups[countGroup(row)] = groups[countGroup(row)] || {});
        const field = input(row);
        const sum = total(field.value, values);
        const shown = row.querySelector("[data-total]");
        if (shown) shown.textContent = field.value.trim() === "" ? "" : sum === null ? "?" : String(sum);
        showCards(row);
        if (!row.dataset.won && !/^\d+$/.test(field.value.trim())) {
          for (const token of cards(field.value)) {
            const key = cardOf(token);
            tally[key] = (tally[key] || 0) + 1;
          }
        }
      }
      const counts = groups[countGroup(active)] || {};
      for (const button of picker.querySelectorAll("[data-card]")) {
        const card = button.dataset.card;
        const limit = card === "JK" ? limits.jokers : limits.packs;
        button.disabled = !active || (counts[card] || 0) >= limit;
      }
      picker.querySelector("[data-active-name]").textContent = active ? active.dataset.label || active.dataset.player : "—";
      const meld = picker.querySelector("[data-meld]");
      if (meld) meld.hidden = !active || !active.hasAttribute("data-laid");
      for (const row of rows) row.classList.toggle("active", row === active);
    }

    function activate(row) {
      const next = row && !row.dataset.won ? row : rows.find((r) => !r.dataset.won) || null;
      for (const other of rows) {
        if (other !== next && input(other).getAttribute("inputmode") !== "none") stopTyping(input(other));
      }
      active = next;
      refresh();
    }

    function winnerChanged() {
      const chosen = form.querySelector("[data-winner]:checked");
      for (const row of rows) {
        const won = !!chosen && row.dataset.player === chosen.value && !row.hasAttribute("data-laid");
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
      input(row).setAttribute("inputmode", "none");
      input(row).addEventListener("focus", () => activate(row));
      input(row).addEventListener("input", refresh);
      row.addEventListener("click", () => activate(row));
    }
    form.querySelectorAll("[data-winner]").forEach((radio) => radio.addEventListener("change", winnerChanged));
    picker.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button || !active) return;
      const field = input(active);
      if (button.hasAttribute("data-type")) {
        field.removeAttribute("inputmode");
        field.focus();
        field.setSelectionRange(field.value.length, field.value.length);
        return;
      }
      stopTyping(field);
      if (button.dataset.card) {
        const current = /^\d+$/.test(field.value.trim()) ? "" : field.value.trim();
        field.value = (current ? current + " " : "") + (button.dataset.typed || button.dataset.card);
      } else if (button.hasAttribute("data-undo")) {
        field.value = tokens(field.value).slice(0, -1).join(" ");
      } else if (button.hasAttribute("data-meld")) {
        const parts = tokens(field.value);
        if (parts.length && parts[parts.length - 1] !== MELD_BREAK) field.value = parts.concat(MELD_BREAK).join(" ");
      } else if (button.hasAttribute("data-clear")) {
        field.value = "";
      }
      refresh();
    });
    winnerChanged();
    activate(rows.find((r) => !r.dataset.won) || null);
  }

  function fetchPicker(form, empty) {
    const from = empty.dataset.pickerFrom;
    if (!from || empty.dataset.fetching) return;
    empty.dataset.fetching = "1";
    fetch(from, { credentials: "same-origin" })
      .then((answer) => (answer.ok ? answer.text() : ""))
      .then((text) => {
        const whole = new DOMParser().parseFromString(text, "text/html").getElementById(empty.id);
        if (!whole || !empty.isConnected) return;
        empty.replaceWith(document.importNode(whole, true));
        setUp(form);
      })
      .catch(() => { delete empty.dataset.fetching; });  // offline: the hands are typed until the next answer
  }

  function setUpAll(root) {
    (root || document).querySelectorAll("form[data-picker-form]").forEach(setUp);
  }

  document.addEventListener("DOMContentLoaded", () => setUpAll(document));
  document.addEventListener("htmx:load", (event) => setUpAll(event.target));
})();
