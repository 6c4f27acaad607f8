// This phone remembers: the groups and evenings it opened, kept in its own local storage, never on the server.
// A group's or an evening's page carries a hidden `data-remember` element (its kind, the link's role, its path,
// its title); opening the page puts it at the top of the list. The home page's `data-remembered` section shows the
// list, newest first, with the labels it carries in the page's language. Without JavaScript nothing is kept and
// the home page lists nothing: the server never lists anything to a phone without its key.
(function () {
  "use strict";

  const STORE = "referee.remembered";
  const KEPT = 40; // the newest links kept; older ones are forgotten

  function read() {
    try {
      const list = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(list) ? list.filter((item) => item && typeof item.url === "string") : [];
    } catch (error) {
      return []; // storage refused (private browsing) or damaged: remember nothing rather than break the page
    }
  }

  function write(list) {
    try {
      localStorage.setItem(STORE, JSON.stringify(list.slice(0, KEPT)));
    } catch (error) {
      // storage full or refused: the page works as it would without JavaScript
    }
  }

  // Only this app's own paths are kept and shown: /e/<key> for an evening, /g/<key> for a group.
  function ownPath(url) {
    return /^\/[eg]\/[A-Za-z0-9_-]+$/.test(url);
  }

  function remember(element) {
    const item = {
      kind: element.dataset.remember === "group" ? "group" : "evening",
      role: element.dataset.role === "scorer" ? "scorer" : "viewer",
      url: element.dataset.url,
      title: element.dataset.title || "",
      players: element.dataset.players || "", // an evening's players and its day tell two evenings apart
      day: element.dataset.day || "",
      at: new Date().toISOString(),
    };
    if (!ownPath(item.url)) return;
    write([item, ...read().filter((kept) => kept.url !== item.url)]);
  }

  function show(section) {
    const list = read().filter((item) => ownPath(item.url));
    if (!list.length) return;
    const said = section.dataset;
    const lang = document.documentElement.lang || undefined;
    const items = section.querySelector("ul");
    for (const item of list) {
      const group = item.kind === "group";
      const li = document.createElement("li");
      const link = document.createElement("a");
      link.href = item.url;
      link.textContent = item.title || (group ? said.untitledGroup : said.untitledEvening);
      const role = item.role === "scorer" ? said.scorer : said.viewer;
      const when = new Date(item.day || item.at);
      const day = isNaN(when) ? "" : when.toLocaleDateString(lang, { day: "numeric", month: "short", year: "numeric" });
      const meta = document.createElement("small");
      meta.textContent = [group ? said.group : item.players || said.evening, day, role].filter(Boolean).join(" · ");
      li.append(link, " ", meta);
      items.append(li);
    }
    section.hidden = false;
  }

  function start() {
    document.querySelectorAll("[data-remember]").forEach(remember);
    document.querySelectorAll("[data-remembered]").forEach(show);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
