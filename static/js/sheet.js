// The score sheet scrolls inside its own box: open it on its latest lines, and go back there when a line comes in.
(function () {
  "use strict";

  function toLatest() {
    document.querySelectorAll(".sheet-wrap").forEach((box) => {
      box.scrollTop = box.scrollHeight;
    });
  }

  document.addEventListener("DOMContentLoaded", toLatest);
  document.addEventListener("htmx:afterSettle", toLatest);
})();
