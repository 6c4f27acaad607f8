// The table's screen (#44): its full-screen button (the Fullscreen API, where the browser has it). The screen is kept
// on by static/js/phone.js (the wake lock), and follows the evening through its htmx poll.
(function () {
  "use strict";

  function startFullscreen() {
    const button = document.querySelector("[data-fullscreen]");
    if (!button || !document.fullscreenEnabled) {
      return;
    }
    const said = () => {
      button.textContent = document.fullscreenElement ? button.dataset.leave : button.dataset.enter;
    };
    button.addEventListener("click", () => {
      if (document.fullscreenElement) {
        document.exitFullscreen().catch(() => {});
      } else {
        document.documentElement.requestFullscreen().catch(() => {});
      }
    });
    document.addEventListener("fullscreenchange", said);
    button.hidden = false;
    said();
  }

  document.addEventListener("DOMContentLoaded", startFullscreen);
})();
