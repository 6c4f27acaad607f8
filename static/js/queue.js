// A round saved while the connection is down is not lost: the phone keeps it and sends it when the server answers.
//
// When htmx cannot reach the server with a round's form (htmx:sendError: no answer at all), the form's fields are
// kept in this phone's localStorage under the form's one-time key (its hidden `submission` field), and the game page
// says "Waiting to send: round 3 (Ana went out)". The phone sends it again, as htmx would have (the same body and
// headers), as soon as the browser is back online, every few seconds, and whenever a page of the app opens; every
// tab of the app tries. The server records a form's key once (referee/scorebook `record`), so two tabs, or a resend
// of a round that did reach the server after all, record it once.
//
// The server's answer is shown as if the form had been sent then: the new line on the sheet, or the entry refused
// (422) or clashing with another phone's round (409). A refused entry is kept, with the server's reason, until the
// scorer sends the form again or forgets it.
//
// A player's own hand (templates/hands) is kept the same way: its form says so (`data-outbox-form`), where its
// answer goes (its `hx-target`), what the notice calls it (`data-outbox-label`), and which answers settle it
// (`data-outbox-settles`: 409, the round recorded meanwhile, whose answer is the next round's form); the notice
// stands beside its Send button (`[data-outbox]` in the form).
(function () {
  "use strict";

  const OUTBOX = "referee.outbox";
  const RETRY = 5000; // ms between two tries while an entry waits
  const FORGOTTEN = 30 * 24 * 3600 * 1000; // ms after which a refused entry nobody saw to is dropped (its game gone)
  // A round (Kaluki, Rami) or a hand (Kaiser): templates/games/*/_entry.html; a player's own hand: templates/hands.
  const ENTRY_FORMS = "form.round[hx-post], form[data-outbox-form][hx-post]";
  const AGAIN_LATER = new Set([408, 429, 500, 502, 503, 504]); // the server is there but cannot take it now
  // What the notice says, where the page gives no words of its own (a copy of a page kept before they existed).
  const ENGLISH = {
    waiting: "Waiting to send: {entry}",
    refused: "Not recorded: {entry}. {reason}",
    named: "round {number} ({name} went out)",
    unnamed: "round {number}",
    send: "Send now",
    forget: "Forget it",
    unknown: "The server did not take it.",
  };

  const sending = new Set(); // the keys this tab is sending now

  // --- The entries kept on this phone ------------------------------------------------------------------------------

  function kept() {
    try {
      const entries = JSON.parse(localStorage.getItem(OUTBOX) || "{}");
      return entries && typeof entries === "object" ? entries : {};
    } catch (error) {
      return {}; // a damaged list is no list
    }
  }

  function keep(entries) {
    if (Object.keys(entries).length) {
      localStorage.setItem(OUTBOX, JSON.stringify(entries));
    } else {
      localStorage.removeItem(OUTBOX);
    }
    show();
  }

  function change(key, update) {
    const entries = kept();
    if (update === null) {
      delete entries[key];
    } else if (entries[key] || update.url) {
      entries[key] = Object.assign(entries[key] || {}, update);
    }
    keep(entries);
  }

  // --- The notice on the game page ---------------------------------------------------------------------------------

  function words() {
    const given = document.querySelector("[data-outbox-words]");
    return Object.assign({}, ENGLISH, given ? given.dataset : {});
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }

  function describe(body) {
    const said = words();
    const name = said.who ? body.get(said.who) : "";
    const number = said.next || "";
    if (!number) {
      return name || "";
    }
    return name ? fill(said.named, { number, name }) : fill(said.unnamed, { number });
  }

  function notice() {
    let box = document.querySelector("[data-outbox]");
    const entry = document.getElementById("entry");
    if (!box && entry) {
      // Outside #entry, which each answer replaces: the notice stays put, and its changes are read out.
      box = document.createElement("div");
      box.className = "notice outbox";
      box.dataset.outbox = "";
      box.setAttribute("role", "status");
      box.hidden = true;
      entry.before(box);
    }
    return box;
  }

  function button(text, action) {
    const made = document.createElement("button");
    made.type = "button";
    made.textContent = text;
    made.addEventListener("click", action);
    return made;
  }

  function show() {
    const box = notice();
    if (!box) {
      return;
    }
    const said = words();
    const here = Object.entries(kept()).filter(([, entry]) => entry.page === location.pathname);
    box.replaceChildren();
    for (const [key, entry] of here) {
      const line = document.createElement("p");
      line.dataset.outboxEntry = entry.state;
      const text = document.createElement("span");
      if (entry.state === "refused") {
        text.textContent = fill(said.refused, { entry: entry.label, reason: entry.reason || said.unknown });
        line.append(text, " ", button(said.forget, () => change(key, null)));
      } else {
        text.textContent = fill(said.waiting, { entry: entry.label });
        line.append(text, " ", button(said.send, () => sendAll(true)));
      }
      box.append(line);
    }
    box.hidden = here.length === 0;
    hold();
  }

  // The form of a round that waits cannot be saved again: the next round typed over it would take its place.
  function hold() {
    const entries = kept();
    for (const form of document.querySelectorAll(ENTRY_FORMS)) {
      const field = form.querySelector("input[name=submission]");
      const waits = Boolean(field && entries[field.value] && entries[field.value].state === "waiting");
      for (const save of form.querySelectorAll("button[type=submit]")) {
        if (waits && !save.disabled) {
          save.disabled = true;
          save.dataset.outboxHeld = "";
        } else if (!waits && "outboxHeld" in save.dataset) {
          save.disabled = false;
          delete save.dataset.outboxHeld;
        }
      }
    }
  }

  // --- Keeping a form htmx could not send --------------------------------------------------------------------------

  function entryForm(detail) {
    const form = detail && detail.elt;
    const config = detail && detail.requestConfig;
    if (!form || !config || config.verb !== "post" || !form.matches || !form.matches(ENTRY_FORMS)) {
      return null;
    }
    const body = new URLSearchParams(config.formData || new FormData(form));
    return body.get("submission") ? { form, config, body } : null;
  }

  function pageToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  document.addEventListener("htmx:sendError", (event) => {
    const sent = entryForm(event.detail);
    if (!sent) {
      return;
    }
    const key = sent.body.get("submission");
    const form = sent.form;
    change(key, {
      url: new URL(sent.config.path, location.href).href,
      page: location.pathname,
      body: sent.body.toString(),
      token: pageToken(),
      label: form.dataset.outboxLabel || describe(sent.body),
      target: form.getAttribute("hx-target") || "#entry",
      settles: (form.dataset.outboxSettles || "").split(",").filter(Boolean).map(Number),
      state: "waiting",
      reason: "",
      saved: Date.now(),
    });
    later();
  });

  // The form reached the server after all (sent again by hand, with the connection back): its answer is on the page.
  document.addEventListener("htmx:afterRequest", (event) => {
    const sent = entryForm(event.detail);
    if (sent && event.detail.xhr && event.detail.xhr.status > 0 && kept()[sent.body.get("submission")]) {
      change(sent.body.get("submission"), null);
    }
  });

  // The scorer chose between the kept round and the one another phone recorded (templates/games/_clash.html): the
  // choice is made, whichever it is.
  document.addEventListener("click", (event) => {
    const chosen = event.target.closest && event.target.closest(".clash a, .clash button");
    if (!chosen) {
      return;
    }
    const entries = kept();
    for (const [key, entry] of Object.entries(entries)) {
      if (entry.page === location.pathname && entry.state === "refused" && entry.status === 409) {
        delete entries[key];
      }
    }
    keep(entries);
  });

  // --- Sending it again --------------------------------------------------------------------------------------------

  function reasonIn(html) {
    const page = new DOMParser().parseFromString(html, "text/html");
    const said = [...page.querySelectorAll("#entry [role=alert], #entry .error")]
      .map((element) => element.textContent.replace(/\s+/g, " ").trim())
      .filter(Boolean);
    return [...new Set(said)].join(" ");
  }

  function answerHere(entry, html) {
    const target = document.querySelector(entry.target || "#entry");
    if (entry.page === location.pathname && target && window.htmx) {
      window.htmx.swap(target, html, { swapStyle: "outerHTML" });
    }
  }

  async function send(key, entry) {
    const token = pageToken() || entry.token;
    const body = new URLSearchParams(entry.body);
    if (token && body.has("csrf_token")) {
      body.set("csrf_token", token); // this page's token: the session's, whatever page the entry was kept on
    }
    let response;
    try {
      response = await fetch(entry.url, {
        method: "POST",
        body,
        credentials: "same-origin",
        cache: "no-store",
        headers: { "HX-Request": "true", "HX-Current-URL": location.href, "HX-Target": "entry", "X-CSRFToken": token },
      });
    } catch (error) {
      return; // still no connection: it waits
    }
    if (AGAIN_LATER.has(response.status)) {
      return;
    }
    const html = await response.text().catch(() => "");
    if ((response.ok && !response.redirected) || (entry.settles || []).includes(response.status)) {
      change(key, null);
      answerHere(entry, html);
    } else {
      if (response.status === 409 || response.status === 422) {
        answerHere(entry, html);
      }
      change(key, { state: "refused", status: response.status, reason: reasonIn(html) });
    }
  }

  async function sendAll(now) {
    const waiting = Object.entries(kept())
      .filter(([key, entry]) => entry.state === "waiting" && !sending.has(key))
      .sort(([, one], [, other]) => one.saved - other.saved); // in the order they were saved
    if (!waiting.length || (!now && navigator.onLine === false)) {
      return;
    }
    for (const [key, entry] of waiting) {
      sending.add(key);
      try {
        await send(key, entry);
      } finally {
        sending.delete(key);
      }
    }
  }

  let timer = 0;

  function later() {
    if (!timer) {
      timer = setInterval(() => {
        if (Object.values(kept()).some((entry) => entry.state === "waiting")) {
          sendAll(false);
        } else {
          clearInterval(timer);
          timer = 0;
        }
      }, RETRY);
    }
  }

  window.addEventListener("online", () => sendAll(true));
  // A form drawn again (an answer, a poll) brings a notice of its own beside its Send button: it says what waits.
  document.addEventListener("htmx:afterSettle", show);
  window.addEventListener("storage", (event) => {
    if (event.key === OUTBOX || event.key === null) {
      show();
      later();
    }
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      sendAll(false);
    }
  });
  document.addEventListener("DOMContentLoaded", () => {
    const entries = kept();
    for (const [key, entry] of Object.entries(entries)) {
      if (entry.state === "refused" && !(Date.now() - entry.saved < FORGOTTEN)) {
        delete entries[key];
      }
    }
    keep(entries);
    later();
    sendAll(false);
  });
})();
