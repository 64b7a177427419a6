/* The table page's first live updates, before Brython has started.

   Brython's core (brython.js, 1.4 MB, 229 KB with Brotli) takes 2.5-3.5 s to arrive and
   start on a slow phone (bench/README.md). This script is inlined in the page's <head>: it
   opens the table's WebSocket at once and, when a push names a newer version than the page
   shows, fetches the page's live part (the same server-rendered HTML static/live.py swaps
   in) and swaps it in. It sets <body data-live="boot"> when its socket is open.

   static/live.py takes over when Brython has started: it adopts this socket and the queue
   of messages received so far (window.liveBoot), sets boot.done, and from then on this
   script does nothing. Everything else (posting forms in place, narrowing choices,
   reconnecting, the offline banner) is Brython's. */
(function () {
  var me = document.currentScript, boot = {queue: [], want: -1, busy: false, done: false};

  function shown() {
    var el = document.getElementById("live");
    return el ? Number(el.getAttribute("data-version")) : -1;
  }

  function pull() {
    var main = document.getElementById("main");
    if (boot.busy || boot.done || !main || boot.want <= shown()) return;
    boot.busy = true;
    fetch(main.getAttribute("data-live-url"),
          {headers: {"X-Live": "1"}, credentials: "same-origin", cache: "no-store"})
      .then(function (resp) { return resp.text(); })
      .then(function (html) {
        var holder = document.createElement("div"), old = document.getElementById("live"), part;
        holder.innerHTML = html;
        part = holder.querySelector("#live");
        if (!boot.done && old && part && Number(part.getAttribute("data-version")) > shown()) {
          old.replaceWith(part);
          document.body.setAttribute("data-version", part.getAttribute("data-version"));
        }
      })
      .catch(function () {})
      .then(function () { boot.busy = false; pull(); });
  }

  function opened() {
    if (!document.body) {
      document.addEventListener("DOMContentLoaded", opened);
    } else if (!boot.done && !document.body.hasAttribute("data-live")) {
      document.body.setAttribute("data-live", "boot");
    }
  }

  try {
    boot.ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") +
                            location.host + me.getAttribute("data-ws"));
  } catch (e) {
    return;
  }
  boot.ws.onopen = opened;
  boot.ws.onmessage = function (ev) {
    boot.queue.push(ev.data);
    try {
      var v = JSON.parse(ev.data).version;
      if (typeof v === "number" && v > boot.want) {
        boot.want = v;
        pull();
      }
    } catch (e) {}
  };
  window.liveBoot = boot;
})();
