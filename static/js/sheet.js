// The score sheet scrolls inside its own box: open it on its latest lines, and go back there when a line comes in;
// say whether it also scrolls sideways.
(function () {
  "use strict";

  function toLatest() {
    document.querySelectorAll(".sheet-wrap").forEach((box) => {
      box.scrollTop = box.scrollHeight;
    });
  }

  // A sheet wider than the phone scrolls sideways in its box: the line above it says so when, and only when, it does.
  function sayWhetherItScrolls() {
    const box = document.querySelector(".sheet-wrap");
    const said = document.querySelector("[data-sheet-scrolls]");
    if (box && said) {
      said.hidden = box.scrollWidth <= box.clientWidth + 1;
    }
  }

  function settled() {
    toLatest();
    sayWhetherItScrolls();
  }

  document.addEventListener("DOMContentLoaded", settled);
  document.addEventListener("htmx:afterSettle", settled);
  window.addEventListener("resize", sayWhetherItScrolls);
})();
