// The settle-up's Print button (an inline onclick would need the CSP's 'unsafe-inline'). Without JavaScript the
// button stays hidden: the browser's own menu prints the page.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", () => {
    for (const box of document.querySelectorAll("[data-print]")) {
      box.hidden = false;
      box.querySelector("button").addEventListener("click", () => window.print());
    }
  });
})();
