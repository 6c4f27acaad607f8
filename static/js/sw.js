// referee's service worker (served at /sw.js, so its scope is the whole app): the app opens at once, and a page
// shows as the phone last saw it when the server cannot be reached.
//
// - Static files at their hashed URLs (`?v=<hash>`, referee/web/assets.py) never change: cache first. Listed by
//   /app-shell.json, they are kept when the worker installs; a newer version replaces the older one.
// - Pages: network first, and each page that answers 200 is kept; when the server does not answer (or is slower
//   than PATIENCE and a copy is kept), the kept copy shows, and the page says so (static/js/phone.js). A page
//   never kept shows /offline.
// - Nothing else is touched: forms (POST), htmx's requests (the live poll) and downloads go to the server as usual.
"use strict";

const SHELL = "referee-shell-1";
const PAGES = "referee-pages-1";
const KEPT_PAGES = 60; // the newest pages kept; an evening is a few pages
const PATIENCE = 8000; // ms a page waits for the server before a kept copy is shown (a weak Wi-Fi is slow)

// The pages just shown from the kept copy, by the browser's id for them: phone.js asks, to show its note.
const shownKept = new Set();

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch("/app-shell.json", { cache: "no-store" });
      const shell = await response.json();
      const cache = await caches.open(SHELL);
      await cache.addAll([...shell.static, shell.offline]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== SHELL && name !== PAGES) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })(),
  );
});

function isHashedFile(url) {
  return url.searchParams.has("v") && (url.pathname.startsWith("/static/") || url.pathname === "/htmx.min.js");
}

function pageKey(url) {
  const key = new URL(url);
  key.hash = "";
  return key.href;
}

async function keepFile(request, response) {
  const cache = await caches.open(SHELL);
  const path = new URL(request.url).pathname;
  for (const old of await cache.keys()) {
    if (new URL(old.url).pathname === path) {
      await cache.delete(old); // an older version of the same file
    }
  }
  await cache.put(request, response);
}

async function fromCacheFirst(event) {
  const kept = await caches.match(event.request, { cacheName: SHELL });
  if (kept) {
    return kept;
  }
  const response = await fetch(event.request);
  if (response.ok && response.type === "basic") {
    event.waitUntil(keepFile(event.request, response.clone()));
  }
  return response;
}

// Two copies of one page may be fetched at once (a page load, and the copy fetched after an htmx swap): the one
// asked for last is the one kept, whichever arrives last.
let asked = 0;
const keptAsked = new Map();

async function keepPage(url, response, order) {
  const key = pageKey(url);
  if ((keptAsked.get(key) || 0) > order) {
    return;
  }
  keptAsked.set(key, order);
  const cache = await caches.open(PAGES);
  await cache.delete(key, { ignoreVary: true }); // put it back as the newest
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT_PAGES))) {
    await cache.delete(old, { ignoreVary: true });
  }
}

function keepable(response) {
  const html = (response.headers.get("Content-Type") || "").startsWith("text/html"); // not a download
  return response.status === 200 && response.type === "basic" && !response.redirected && html;
}

async function fromNetworkFirst(event) {
  const request = event.request;
  const order = ++asked;
  const network = fetch(request).then((response) => {
    if (keepable(response)) {
      event.waitUntil(keepPage(request.url, response.clone(), order));
    }
    return response;
  });
  network.catch(() => {}); // a failure after the kept copy was shown is not an error of the worker
  event.waitUntil(network.catch(() => {}));
  const kept = await caches.match(pageKey(request.url), { cacheName: PAGES, ignoreVary: true });
  const shownBecause = () => {
    shownKept.add(event.resultingClientId);
    return kept;
  };
  if (!kept) {
    try {
      return await network;
    } catch (error) {
      const offline = await caches.match("/offline", { cacheName: SHELL });
      return offline || Response.error();
    }
  }
  const late = new Promise((resolve) => setTimeout(resolve, PATIENCE, null));
  try {
    return (await Promise.race([network, late])) || shownBecause();
  } catch (error) {
    return shownBecause();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") {
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (isHashedFile(url)) {
    event.respondWith(fromCacheFirst(event));
  } else if (request.mode === "navigate") {
    event.respondWith(fromNetworkFirst(event));
  }
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const client = event.source;
  if (data.type === "status" && client) {
    client.postMessage({ type: "status", kept: shownKept.has(client.id) });
    shownKept.delete(client.id);
  } else if (data.type === "keep" && typeof data.url === "string") {
    const url = new URL(data.url);
    if (url.origin !== self.location.origin) {
      return;
    }
    const order = ++asked;
    event.waitUntil(
      fetch(url.href, { credentials: "same-origin" })
        .then((response) => (keepable(response) ? keepPage(url.href, response, order) : undefined))
        .catch(() => {}),
    );
  }
});
