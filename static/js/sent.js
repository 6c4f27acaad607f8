// The players' own hands on the scorer's round form (#35): while the form is open, the phone asks the server every
// two seconds what the players sent from their own phones (`data-sent-url`, a small JSON answer) and puts each hand
// in its player's row, marked as sent by the player. A field the scorer typed into is never overwritten; a field the
// player's hand filled follows the player's latest hand. The one player who says they went out is proposed as the
// winner; two who say so are shown as a conflict, and nothing is chosen for the scorer. Nothing is saved until the
// scorer saves the round.
(function () {
  "use strict";

  const EVERY = 2000; // ms between two looks while the form is open and the page in view

  function quoted(value) {
    return window.CSS && CSS.escape ? CSS.escape(value) : value.replace(/["\\]/g, "\\$&");
  }

  // A field the player's hand filled follows the player's latest hand; one the scorer chose or typed is left alone.
  function fillField(form, name, value) {
    const inputs = Array.from(form.querySelectorAll(`[name="${quoted(name)}"]`));
    if (!inputs.length) return;
    const kept = form.dataset.sentFields ? JSON.parse(form.dataset.sentFields) : {};
    const first = inputs[0];
    if (first.type === "radio" || first.type === "checkbox") {
      const checked = inputs.find((input) => input.checked);
      if (checked && checked.value !== kept[name]) return;
      const target = inputs.find((input) => input.value === value || (first.type === "checkbox" && value === ""));
      if (first.type === "checkbox") {
        if (first.checked !== (value !== "")) first.click();
      } else if (target && !target.checked) {
        target.checked = true;
        target.dispatchEvent(new Event("change", { bubbles: true }));
      }
    } else {
      if (first.value !== "" && first.value !== kept[name]) return; // the scorer's own typing wins
      if (first.value !== value) {
        first.value = value;
        first.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
    kept[name] = value;
    form.dataset.sentFields = JSON.stringify(kept);
  }

  function choose(form, name, value) {
    const radio = form.querySelector(`input[name="${name}"][value="${quoted(value)}"]`);
    if (!radio || radio.checked) return;
    radio.checked = true;
    radio.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function apply(form, data) {
    if (!data || !data.fields) return;
    for (const [name, value] of Object.entries(data.fields)) fillField(form, name, value);
    for (const mark of form.querySelectorAll("[data-sent-said]")) {
      const row = mark.closest("[data-player]");
      const said = row ? data.said[row.dataset.player] : "";
      mark.hidden = !said;
      mark.textContent = said || "";
    }
    const list = form.querySelector("[data-sent-list]");
    if (list) {
      list.replaceChildren(...(data.lines || []).map((line) => {
        const item = document.createElement("li");
        item.textContent = line;
        return item;
      }));
    }
    const conflict = form.querySelector("[data-sent-conflict]");
    if (conflict) {
      conflict.hidden = !data.conflict;
      conflict.textContent = data.conflict || "";
    }
    // The winner this script proposed follows the players' hands: two who say they went out leave nobody chosen.
    const checked = form.querySelector("input[name=winner]:checked");
    if (checked && checked.value === form.dataset.sentWinner && data.winner !== checked.value) {
      checked.checked = false;
      checked.dispatchEvent(new Event("change", { bubbles: true }));
      delete form.dataset.sentWinner;
    }
    if (data.winner && !form.querySelector("input[name=winner]:checked")) {
      choose(form, "winner", data.winner);
      form.dataset.sentWinner = data.winner;
      if (data.finish) choose(form, "finish", data.finish);
    }
  }

  let looking = false;

  async function look() {
    if (looking || document.hidden) return;
    looking = true;
    try {
      for (const form of document.querySelectorAll("form[data-sent-url]")) {
        try {
          const answer = await fetch(form.dataset.sentUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
          if (answer.ok) apply(form, await answer.json());
        } catch (error) {
          // no connection: the next look tries again
        }
      }
    } finally {
      looking = false;
    }
  }

  setInterval(look, EVERY);
  document.addEventListener("visibilitychange", look);
  document.addEventListener("DOMContentLoaded", look);
})();
