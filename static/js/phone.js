// What the app asks of the phone, where the browser can: keep the pages for when the network drops (the service
// worker, /sw.js), share a link through the phone's share sheet, keep the screen on during a game. Each is
// silently absent where the browser lacks it: browsers offer none of the three on a plain-HTTP page of the LAN
// (only on HTTPS or on the machine itself), and the app works the same without them.
(function () {
  "use strict";

  // --- The service worker and the note shown while the server cannot be reached ---------------------------------

  function showOffline(offline) {
    for (const note of document.querySelectorAll("[data-offline-note]")) {
      note.hidden = !offline;
    }
  }

  function keepThisPage() {
    navigator.serviceWorker.ready.then((registration) => {
      if (registration.active) {
        registration.active.postMessage({ type: "keep", url: location.href });
      }
    });
  }

  function startWorker() {
    if (!("serviceWorker" in navigator)) {
      return;
    }
    const controlled = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data && event.data.type === "status") {
        showOffline(event.data.kept);
      }
    });
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(() => {
        if (controlled) {
          // Was this page the copy the worker kept (the server did not answer)?
          navigator.serviceWorker.controller.postMessage({ type: "status" });
        } else {
          keepThisPage(); // the first visit: the worker did not see this page load, so it fetches it once
        }
      })
      .catch(() => {});
    // The sheet changed in place (a round recorded, the live poll): the kept copy follows it.
    let timer = 0;
    document.addEventListener("htmx:afterSettle", () => {
      clearTimeout(timer);
      timer = setTimeout(keepThisPage, 1500);
    });
  }

  // The live poll tells first when the server stops answering, and when it answers again.
  document.addEventListener("htmx:sendError", () => showOffline(true));
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.xhr && event.detail.xhr.status > 0) {
      showOffline(false);
    }
  });
  window.addEventListener("offline", () => showOffline(true));

  // --- The phone's share sheet (Web Share API) ----------------------------------------------------------------------

  function startSharing() {
    if (typeof navigator.share !== "function") {
      return;
    }
    for (const button of document.querySelectorAll("[data-share-url]")) {
      const holder = button.closest("[data-share]");
      if (holder) {
        holder.hidden = false;
      }
      button.addEventListener("click", () => {
        navigator.share({ title: button.dataset.shareTitle, url: button.dataset.shareUrl }).catch(() => {});
      });
    }
  }

  // --- A picture shared (Web Share API with a file, where the browser takes one) ---------------------------------
  // A link to a picture (`data-share-file`) downloads it (its `download` attribute). Where the phone's browser can share
  // a file, the picture is fetched once the link shows, and a tap hands it to the share sheet (the group's chat)
  // instead: the share must start within the tap, so the file is ready before it.

  const SHARED = new WeakMap();

  function prepareShares(root) {
    if (typeof navigator.share !== "function" || typeof navigator.canShare !== "function") {
      return;
    }
    for (const link of root.querySelectorAll("a[data-share-file]")) {
      if (link.dataset.shareReady) {
        continue;
      }
      link.dataset.shareReady = "fetching";
      fetch(link.href, { credentials: "same-origin" })
        .then((response) => (response.ok ? response.blob() : Promise.reject(response.status)))
        .then((blob) => {
          const file = new File([blob], link.getAttribute("download") || "referee.png", { type: "image/png" });
          if (navigator.canShare({ files: [file] })) {
            SHARED.set(link, file);
            link.dataset.shareReady = "file";
          } else {
            link.dataset.shareReady = "download";
          }
        })
        .catch(() => {
          link.dataset.shareReady = "download";
        });
    }
  }

  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[data-share-file]") : null;
    const file = link && SHARED.get(link);
    if (!file) {
      return; // a plain link: the browser downloads the picture
    }
    event.preventDefault();
    navigator.share({ files: [file], title: link.dataset.shareTitle }).catch(() => {});
  });
  document.addEventListener("htmx:afterSettle", (event) => {
    if (event.target instanceof Element) {
      prepareShares(event.target);
    }
  });

  // --- The screen kept on during a game (Screen Wake Lock API, else a muted looping video) -----------------------
  // The Wake Lock API is there only on a secure page (localhost, HTTPS). Over plain HTTP on the table's Wi-Fi, which
  // is how a card night reaches the app, a muted, looping, inline video keeps the screen on instead (the NoSleep
  // technique): a phone does not sleep while a video plays. A browser starts it only from a tap, so a scorer whose
  // toggle is on has it started by their first tap on the page.

  const WAKE_LOCK_KEY = "referee.wake-lock";

  function nativeLock(box) {
    let lock = null;
    return {
      hold() {
        if (lock) {
          return Promise.resolve();
        }
        return navigator.wakeLock.request("screen").then((sentinel) => {
          lock = sentinel;
          box.dataset.held = "true";
          lock.addEventListener("release", () => {
            lock = null;
            box.dataset.held = "false";
          });
        });
      },
      letGo() {
        if (lock) {
          lock.release();
        }
      },
    };
  }

  function videoLock(box) {
    const video = document.createElement("video");
    video.muted = true;
    video.loop = true;
    video.playsInline = true;
    video.setAttribute("muted", "");
    video.setAttribute("playsinline", "");
    video.setAttribute("aria-hidden", "true");
    video.className = "wake-video";
    for (const [source, type] of [[box.dataset.webm, "video/webm"], [box.dataset.mp4, "video/mp4"]]) {
      const element = document.createElement("source");
      element.src = source;
      element.type = type;
      video.appendChild(element);
    }
    box.appendChild(video);
    video.addEventListener("pause", () => {
      box.dataset.held = "false";
    });
    return {
      hold() {
        if (!video.paused) {
          return Promise.resolve();
        }
        return video.play().then(() => {
          box.dataset.held = "true";
        });
      },
      letGo() {
        video.pause();
      },
    };
  }

  function startWakeLock() {
    const box = document.querySelector("[data-wake-lock]");
    const toggle = box && box.querySelector("[data-wake-lock-toggle]");
    if (!toggle) {
      return;
    }
    const lock = "wakeLock" in navigator ? nativeLock(box) : videoLock(box);
    box.dataset.way = "wakeLock" in navigator ? "wake-lock" : "video";
    const chosen = localStorage.getItem(WAKE_LOCK_KEY);
    if (chosen !== null) {
      toggle.checked = chosen === "on";
    }

    function hold() {
      if (!toggle.checked || document.visibilityState !== "visible") {
        return;
      }
      lock.hold().catch(() => {
        // Refused (battery saver, a hidden page; a video before any tap): taken again at the next tap.
        document.addEventListener("pointerup", hold, { once: true });
      });
    }

    toggle.addEventListener("change", () => {
      localStorage.setItem(WAKE_LOCK_KEY, toggle.checked ? "on" : "off");
      if (toggle.checked) {
        hold();
      } else {
        lock.letGo();
      }
    });
    // The browser lets go of the lock (and pauses the video) when the page is hidden: take it again when it comes back.
    document.addEventListener("visibilitychange", hold);
    box.hidden = false;
    hold();
  }

  // --- The result of what the phone just did, where the eye is -----------------------------------------------------
  // The server marks the answer to a write or a question (`data-result`: a saved round, a verdict, a payment); a
  // refusal shows its first error. Either is brought into view and focused, so a screen reader reads it as well.

  function resultIn(root, refused) {
    const within = (selector) => (root.matches(selector) ? root : root.querySelector(selector));
    return within("[data-result]") || (refused ? within(".error") : null);
  }

  function showResult(found) {
    if (!found) {
      return;
    }
    found.removeAttribute("data-result"); // shown once: a later swap elsewhere leaves it be
    if (!found.hasAttribute("tabindex") && !found.matches("a, button, input, select, textarea")) {
      found.setAttribute("tabindex", "-1");
    }
    const box = found.getBoundingClientRect();
    const height = window.innerHeight;
    if (box.top < 0 || box.bottom > height) {
      // a short answer sits a quarter down the screen, a long one starts at its top
      const above = box.height < height / 2 ? height / 4 : 12;
      window.scrollBy({ top: box.top - above, behavior: "instant" });
    }
    found.focus({ preventScroll: true });
  }

  document.addEventListener("htmx:afterSettle", (event) => {
    const root = event.target;
    const status = event.detail && event.detail.xhr ? event.detail.xhr.status : 0;
    if (root instanceof Element) {
      showResult(resultIn(root, status >= 400));
    }
  });

  document.addEventListener("DOMContentLoaded", () => {
    startWorker();
    startSharing();
    prepareShares(document);
    startWakeLock();
    const main = document.querySelector("main");
    if (main) {
      // a page sent back refused (without htmx) shows the error of its form; a page after a write, its result
      const found = resultIn(main, false) || main.querySelector("form .error");
      showResult(found);
      if (found && location.hash) {
        // A write sends the phone back to its #entry: Chromium scrolls there once the page has loaded, and takes the
        // focus away from what cannot take it. Shown again after that, unless the scorer has moved on meanwhile.
        const again = () => {
          if (!document.activeElement || document.activeElement === document.body) {
            showResult(found);
          }
        };
        window.addEventListener("load", () => requestAnimationFrame(again), { once: true });
      }
    }
  });
})();
