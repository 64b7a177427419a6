/* The table page's first live updates, before Brython has started, and the page-patching
   helpers both this script and static/live.py use.

   Brython's core (brython.js, 1.4 MB, 229 KB with Brotli) takes 2.5-3.5 s to arrive and
   start on a slow phone (bench/README.md). This script is inlined in the page's <head>: it
   opens the table's WebSocket at once and patches in the page's live part each push carries
   (the same server-rendered HTML static/live.py uses; a push without one, when the server
   could not make it, makes it fetch the part). It sets <body data-live="boot"> when its
   socket is open.

   Patching (window.liveMorph) changes the page in place, node by node, so an update from
   another phone never resets what this phone is doing: a field being typed in keeps its
   value and the focus (the browser keeps a value the user changed when only the default
   changes), an open panel (<details>) stays open, the part being read stays where it was
   on the screen. A form being typed in whose step is gone stays, marked as no longer
   possible, until it is dismissed. A control that appeared or moved in the last moment
   (window.liveGuardMs, 600 ms) does not act on the first tap on it, and says so beside it
   (what it now enters; "Already entered" when this phone just sent that kind of step).

   static/live.py takes over when Brython has started: it adopts this socket and the queue
   of messages received so far (window.liveBoot), sets boot.done, and from then on this
   script's socket is Brython's. */
(function () {
  // the page runs scripts: what only a page without them needs is hidden (app.css ".js")
  document.documentElement.classList.add("js");
  var me = document.currentScript, boot = {queue: [], want: -1, busy: false, done: false};
  if (window.liveGuardMs == null) window.liveGuardMs = 600;

  function shown() {
    var el = document.getElementById("live");
    return el ? Number(el.getAttribute("data-version")) : -1;
  }

  // -- patching in place ----------------------------------------------------------------
  function key(n) {
    if (n.nodeType !== 1) return null;
    if (n.id) return "#" + n.id;
    if (n.hasAttribute("data-key")) return "k" + n.getAttribute("data-key");
    if (n.hasAttribute("aria-label")) return "a" + n.tagName + n.getAttribute("aria-label");
    if (n.tagName === "FORM" && n.hasAttribute("data-type"))
      return "f" + n.getAttribute("data-type") + n.getAttribute("data-fixed");
    if (n.hasAttribute("data-consent")) return "c" + n.getAttribute("data-consent");
    if (n.hasAttribute("data-waiting")) return "w" + n.getAttribute("data-waiting");
    if (n.hasAttribute("data-section")) return "s" + n.getAttribute("data-section");
    return null;
  }
  function same(a, b) {
    return a.nodeType === b.nodeType && a.nodeName === b.nodeName &&
      (a.nodeType !== 1 || a.getAttribute("type") === b.getAttribute("type"));
  }
  function inUse(n) {       // a form this phone is typing in (or a part holding one)
    if (n.nodeType !== 1) return false;
    var a = document.activeElement, typing = a && a.matches("input:not([type=hidden]),select,textarea") &&
      n.contains(a) && a.closest("form");
    if (n.tagName === "FORM") return n.hasAttribute("data-dirty") || !!typing;
    return !!n.querySelector("form[data-dirty]") || !!typing;
  }
  function stale(form) {
    var main = document.getElementById("main");
    form.classList.add("stale");
    form.querySelectorAll("button:not([data-dismiss])").forEach(function (b) { b.disabled = true; });
    if (form.querySelector("[data-stale-note]")) return;
    var p = document.createElement("p"), x = document.createElement("button");
    p.className = "err";
    p.setAttribute("data-stale-note", "");
    p.textContent = (main && main.getAttribute("data-stale")) ||
      "This step is no longer possible: the game moved on. What you typed is kept here.";
    x.type = "button";
    x.className = "alt";
    x.setAttribute("data-dismiss", "");
    x.textContent = (main && main.getAttribute("data-dismiss")) || "Dismiss";
    p.appendChild(document.createTextNode(" "));
    p.appendChild(x);
    form.insertBefore(p, form.firstChild);
  }
  function attrs(o, n) {
    var i, a, keep = {open: o.tagName === "DETAILS", "data-dirty": true, "data-fresh": true};
    for (i = o.attributes.length - 1; i >= 0; i--) {
      a = o.attributes[i].name;
      if (!keep[a] && !n.hasAttribute(a)) o.removeAttribute(a);
    }
    for (i = 0; i < n.attributes.length; i++) {
      a = n.attributes[i];
      if (a.name === "open" && o.tagName === "DETAILS") continue;   // the reader's choice
      if (o.getAttribute(a.name) !== a.value) o.setAttribute(a.name, a.value);
    }
  }
  function kids(o, n) {
    var old = Array.prototype.slice.call(o.childNodes), neu = Array.prototype.slice.call(n.childNodes);
    var byKey = {}, used = [], out = [], at = 0, i, j, k, m, nk;
    old.forEach(function (c) { var kk = key(c); if (kk && !byKey[kk]) byKey[kk] = c; });
    for (i = 0; i < neu.length; i++) {
      nk = neu[i];
      k = key(nk);
      m = null;
      if (k) {
        m = byKey[k] || null;
        if (m && used.indexOf(m) >= 0) m = null;
      } else {
        for (j = at; j < old.length; j++) {
          if (used.indexOf(old[j]) < 0 && key(old[j]) === null && same(old[j], nk)) { m = old[j]; at = j + 1; break; }
        }
      }
      if (m) { used.push(m); morph(m, nk); out.push(m); } else { out.push(nk); fresh(nk); }
    }
    // the old parts not in the new page: gone, unless this phone is typing in them
    var prev = null;
    old.forEach(function (c) {
      if (used.indexOf(c) >= 0) { prev = c; return; }
      if (inUse(c)) {
        (c.tagName === "FORM" ? [c] : Array.prototype.slice.call(c.querySelectorAll("form")))
          .forEach(function (f) { if (f === c || inUse(f)) stale(f); else f.remove(); });
        out.splice(prev ? out.indexOf(prev) + 1 : 0, 0, c);
        prev = c;
      } else {
        o.removeChild(c);
      }
    });
    for (i = 0; i < out.length; i++) {
      if (o.childNodes[i] !== out[i]) o.insertBefore(out[i], o.childNodes[i] || null);
    }
  }
  function fresh(n) {
    if (n.nodeType !== 1) return;
    var t = String(Date.now());
    if (n.matches("button,a.btn")) n.setAttribute("data-fresh", t);
    n.querySelectorAll("button,a.btn").forEach(function (b) { b.setAttribute("data-fresh", t); });
  }
  function morph(o, n) {
    if (o.nodeType !== 1) {
      if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue;
      return;
    }
    attrs(o, n);
    if (o.tagName === "TEXTAREA") { if (!o.hasAttribute("data-dirty")) o.defaultValue = n.defaultValue; return; }
    kids(o, n);
  }
  function spots(root) {
    var list = [];
    root.querySelectorAll("button,a.btn").forEach(function (b) {
      var r = b.getBoundingClientRect();
      list.push([b, Math.round(r.left), Math.round(r.top)]);
    });
    return list;
  }
  /* The live part is made once for every phone of the table: each phone puts in its own CSRF
     token (the page's), a new key per form and the version its forms are posted at (the part's
     data-version) (companion/pages/live_part.py, CSRF_SLOT, KEY_SLOT, VERSION_SLOT). */
  function own(part) {
    var main = document.getElementById("main"), token = main && main.getAttribute("data-csrf"),
        version = part.getAttribute("data-version");
    part.querySelectorAll('input[name="csrf_token"]').forEach(function (el) {
      if (el.value === "<csrf>" && token) el.value = token;
    });
    part.querySelectorAll('input[name="expected_version"]').forEach(function (el) {
      if (el.value === "<version>" && version) el.value = version;
    });
    part.querySelectorAll('input[name="key"]').forEach(function (el) {
      if (el.value === "<key>") el.value = window.crypto && crypto.randomUUID ? crypto.randomUUID() :
        String(Date.now()) + String(Math.random()).slice(2);
    });
  }
  /* True when a pushed part is not to be patched in: the page shows this very part already (the
     same data-made: the same table, version, language and undo asks), or it shows the answer
     to this phone's own post (an error, a notice, a step to confirm: data-made="") and the game
     has not moved on since. Read off the part's first tag, before any parsing. */
  window.liveSkip = function (html) {
    var live = document.getElementById("live"), made = window.liveHead(html, "data-made"),
        v = window.liveHead(html, "data-version"),
        shownMade = live ? live.getAttribute("data-made") || "" : null;
    if (!live || made === null || !v) return false;
    if (made && shownMade === made) return true;
    return shownMade === "" && Number(v) === shown();
  };
  /* An attribute of a part's first tag (#live), read off its text; null without it. */
  window.liveHead = function (html, name) {
    var m = new RegExp(" " + name + '="([^"]*)"').exec(html.slice(0, 300));
    return m ? m[1] : null;
  };
  /* A pushed part as its HTML: {"part"} is the whole part (kept); {"delta", "lines"} what
     changed since the part this socket pushed before, made into the whole part from the kept
     one (each op: [first line, count] of the kept part's lines, or new lines; joined by "\n",
     as companion/live_wire.py makes it). "" when the delta does not fit the kept part: the
     caller asks for the whole part ({"since": n}). */
  var pushed = null;         // the part this socket pushed last, made whole
  window.livePart = function (msg) {
    var part = window.liveApply(pushed, msg);
    pushed = part || null;
    return part;
  };
  /* The whole part of such a message, made from the part `held` (a step's answer is one too:
     static/live.py submit); "" when it does not fit. */
  window.liveApply = function (held, msg) {
    if (typeof msg.part === "string") return msg.part;
    if (!msg.delta) return "";
    var was = held ? held.split("\n") : [], out = [], i, op, j;
    if (was.length !== msg.lines) return "";
    for (i = 0; i < msg.delta.length; i++) {
      op = msg.delta[i];
      if (typeof op === "string") { out.push(op); continue; }
      if (!(op[0] >= 0 && op[0] + op[1] <= was.length)) return "";
      for (j = op[0]; j < op[0] + op[1]; j++) out.push(was[j]);
    }
    return out.join("\n");
  };
  /* Patch the live part `old` to the server's `part`: in place, keeping what this phone is doing. */
  window.liveMorph = function (old, part) {
    own(part);
    var focus = document.activeElement, anchor = null, top = 0, before = spots(old), t = String(Date.now());
    if (focus && focus !== document.body && old.contains(focus)) anchor = focus;
    else anchor = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 3);
    if (anchor && !old.contains(anchor)) anchor = null;
    if (anchor) top = anchor.getBoundingClientRect().top;
    morph(old, part);
    if (anchor && anchor.isConnected) {
      var moved = anchor.getBoundingClientRect().top - top;
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    }
    before.forEach(function (s) {       // a control that moved counts as new for a moment
      if (!s[0].isConnected) return;
      var r = s[0].getBoundingClientRect();
      if (Math.round(r.left) !== s[1] || Math.round(r.top) !== s[2]) s[0].setAttribute("data-fresh", t);
    });
    if (focus && focus.isConnected && document.activeElement !== focus && focus.focus) focus.focus({preventScroll: true});
    document.body.setAttribute("data-version", old.getAttribute("data-version"));
    window.liveNet(window.liveNetOn !== false);
    window.liveAfter();
  };

  /* A tap on a control that appeared or moved in the last moment (the page changed under the
     finger) does not act, and says so plainly next to it, in the page's words: what the
     button now enters, and that the step this phone just sent was entered ("Already
     entered": only once the page moved past the version it was sent at; a step that was
     asked about first, "Check before it counts", was not entered); a second tap on it acts.
     No tap is dropped without a word. */
  var sent = null;          // the step this phone sent last: its words, form and version
  document.addEventListener("submit", function (ev) {
    var f = ev.target, b = ev.submitter;
    if (f && f.closest && f.closest("#live") && f.hasAttribute("data-type") && b)
      sent = {type: f.getAttribute("data-type"), text: label(f, b), at: Date.now(), v: shown()};
  }, true);
  function label(f, b) {
    var t = (b.textContent || "").trim(), leg = f.querySelector("fieldset.taps > legend");
    return leg && b.closest("fieldset.taps") ? (leg.textContent || "").trim() + " " + t : t;
  }
  function held(b) {
    var main = document.getElementById("main"), f = b.closest("form"), where = f || b.parentNode,
        note = document.createElement("p"), text = "";
    document.querySelectorAll("[data-held-note]").forEach(function (n) { n.remove(); });
    if (sent && f && f.getAttribute("data-type") === sent.type && Date.now() - sent.at < 60000 &&
        shown() > sent.v)
      text = ((main && main.getAttribute("data-held-sent")) || "Already entered: \u201c{step}\u201d.")
        .replace("{step}", sent.text) + " ";
    text += ((main && main.getAttribute("data-held")) ||
             "The page changed just before your tap, so nothing more was entered. This button now says \u201c{now}\u201d: tap it again to enter that.")
      .replace("{now}", f ? label(f, b) : (b.textContent || "").trim());
    note.className = "flash";
    note.setAttribute("role", "status");
    note.setAttribute("data-held-note", "");
    note.style.flexBasis = "100%";        // its own line in a row of buttons
    note.textContent = text;
    if (f) f.insertBefore(note, f.firstChild); else where.insertBefore(note, b);
  }
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("button[data-fresh],a.btn[data-fresh]");
    if (!b) {
      if (ev.target.closest && ev.target.closest("button,a.btn"))
        document.querySelectorAll("[data-held-note]").forEach(function (n) { n.remove(); });
      return;
    }
    var since = Date.now() - Number(b.getAttribute("data-fresh"));
    b.removeAttribute("data-fresh");
    if (since < window.liveGuardMs) {
      ev.preventDefault();
      ev.stopImmediatePropagation();
      b.setAttribute("data-held", "");
      setTimeout(function () { b.removeAttribute("data-held"); }, 400);
      held(b);
    } else {
      document.querySelectorAll("[data-held-note]").forEach(function (n) { n.remove(); });
    }
  }, true);
  /* "No" / "Cancel" under a step asked before it counts: the page as it is now, in place (a
     link to the table would show the service worker's copy, the question still in it) */
  document.addEventListener("click", function (ev) {
    var no = ev.target.closest && ev.target.closest("#live [data-confirm] a.btn"),
        main = document.getElementById("main");
    if (!no || ev.defaultPrevented || !main || !window.fetch) return;
    ev.preventDefault();
    fetch(main.getAttribute("data-live-url"),
          {headers: {"X-Live": "1"}, credentials: "same-origin", cache: "no-store"})
      .then(function (resp) { return resp.text(); })
      .then(function (html) {
        var holder = document.createElement("div"), old = document.getElementById("live"), part;
        holder.innerHTML = html;
        part = holder.querySelector("#live");
        if (!old || !part) { location.href = no.href; return; }
        old.querySelectorAll("form[data-dirty]").forEach(function (f) { f.removeAttribute("data-dirty"); });
        window.liveMorph(old, part);
        window.liveKeep();
      })
      .catch(function () { location.href = no.href; });
  });
  function typed(ev) {
    var f = ev.target.closest && ev.target.closest("#live form");
    if (f && ev.isTrusted !== false) f.setAttribute("data-dirty", "");
  }
  document.addEventListener("input", typed, true);
  document.addEventListener("change", typed, true);
  document.addEventListener("click", function (ev) {
    var x = ev.target.closest && ev.target.closest("[data-dismiss]");
    if (x) { var f = x.closest("form"); if (f) f.remove(); }
  });

  // -- the badge and the forms follow the socket -----------------------------------------
  /* on: the socket is open. Offline, the forms are disabled and the page says which step it
     shows and how old it is. */
  window.liveNet = function (on) {
    window.liveNetOn = on;
    var net = document.getElementById("net"), main = document.getElementById("main"),
        live = document.getElementById("live"), note = document.getElementById("offline-note");
    if (!document.body || !main) return;
    if (!on) keepPending();         // the newest this phone saw, before it shows the note
    document.body.setAttribute("data-net", on ? "on" : "off");
    if (net) {
      net.hidden = false;
      net.textContent = main.getAttribute(on ? "data-on" : "data-off") || (on ? "live" : "offline");
      net.className = on ? "on" : "off";
    }
    if (!live) return;
    live.querySelectorAll("form button, form input, form select, form textarea").forEach(function (el) {
      if (el.type === "hidden" || el.hasAttribute("data-dismiss")) return;
      if (!on && !el.disabled) { el.disabled = true; el.setAttribute("data-off", ""); }
      else if (on && el.hasAttribute("data-off")) {
        el.removeAttribute("data-off");
        if (!el.closest("form.stale") || el.tagName !== "BUTTON") el.disabled = false;
      }
    });
    if (!on && !note) {
      note = document.createElement("p");
      note.id = "offline-note";
      note.className = "flash";
      note.setAttribute("role", "status");
      live.parentNode.insertBefore(note, live);
    }
    if (note) {
      note.hidden = on;
      if (!on) {
        var saved = Number(document.documentElement.getAttribute("data-saved")) || window.liveSeen || Date.now(),
            mins = Math.max(0, Math.round((Date.now() - saved) / 60000));
        note.textContent = (main.getAttribute("data-offline-note") || "Offline copy of step {n}, {m} min old. Steps can be entered again when the connection is back.")
          .replace("{n}", live.getAttribute("data-version")).replace("{m}", mins);
      }
    }
  };
  window.liveSeen = Date.now();
  /* Keep this page as the copy the service worker shows offline: as it is a moment after a
     change (at most one copy a second, however fast the steps come: a copy is the whole page
     cloned and written), and at once when the page goes offline or out of sight. */
  var keeping = null;
  window.liveKeep = function () {
    if (keeping === null) keeping = setTimeout(keepNow, 1000);
  };
  function keepPending() {
    if (keeping !== null) keepNow();
  }
  window.addEventListener("pagehide", keepPending);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") keepPending();
  });
  function keepNow() {
    clearTimeout(keeping);
    keeping = null;
    if (!window.caches || !document.getElementById("live")) return;
    var copy = document.documentElement.cloneNode(true), body = copy.querySelector("body");
    copy.setAttribute("data-saved", String(Date.now()));
    ["data-live", "data-net", "data-busy"].forEach(function (a) { body.removeAttribute(a); });
    copy.querySelectorAll("[data-fresh],[data-dirty],[data-off]").forEach(function (el) {
      el.removeAttribute("data-fresh"); el.removeAttribute("data-dirty");
      if (el.hasAttribute("data-off")) { el.removeAttribute("data-off"); el.disabled = false; }
    });
    var note = copy.querySelector("#offline-note"), now = copy.querySelector('meta[name="server-now"]');
    if (note) note.remove();
    if (now) now.remove();          // an old copy's server time would set the clock wrong
    var html = "<!doctype html>\n" + copy.outerHTML;
    caches.keys().then(function (keys) {
      var name = keys.filter(function (k) { return k.indexOf("companion-") === 0; })[0];
      if (name) return caches.open(name).then(function (c) {
        return c.put(location.pathname, new Response(html, {headers: {"Content-Type": "text/html; charset=utf-8"}}));
      });
    }).catch(function () {});
  }

  // -- the table clock and the nudge on this seat's turn ---------------------------------
  /* The clock: the live part carries each seat's time up to the server's data-clock-since
     (data-used) and marks the running seats (data-running); while it runs this phone ticks
     their times once a second from that start (a phone whose clock is more than 60 s away from
     the server's time when the page was made, <meta name="server-now">, counts by the server's). The server sends nothing for the time passing. Off or
     paused, nothing ticks. The nudge: when a part makes this phone's seat one of those acting
     (and it was not), the phone vibrates once where the browser allows it, and the page's
     title says it is this player's turn; the seat's phone can turn both off (kept in the
     phone's localStorage). No sound. */
  var turn = {mine: null, title: null, timer: null, offset: 0};
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function hms(s) {
    s = Math.max(0, Math.floor(s));
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, x = s % 60;
    return h ? h + ":" + pad(m) + ":" + pad(x) : m + ":" + pad(x);
  }
  function tick() {
    var live = document.getElementById("live"), since = live && live.getAttribute("data-clock-since");
    if (!since) { clearInterval(turn.timer); turn.timer = null; return; }
    var spent = Math.max(0, Date.now() / 1000 + turn.offset - Number(since));
    live.querySelectorAll("[data-running]").forEach(function (el) {
      var t = hms(Number(el.getAttribute("data-used")) + spent);
      if (el.textContent !== t) el.textContent = t;
    });
  }
  function nudgeOn() {
    try { return localStorage.getItem("companion-nudge") !== "off"; } catch (e) { return true; }
  }
  function nudge() {
    var live = document.getElementById("live"), st = document.querySelector('meta[name="seat"]'),
        me = st ? st.getAttribute("content") : "", btn = document.getElementById("nudge"),
        mine = false, acting;
    if (!live) return;
    if (me && !live.hasAttribute("data-finished")) {
      try { acting = JSON.parse(live.getAttribute("data-acting") || "[]"); } catch (e) { acting = []; }
      mine = acting.indexOf(me) >= 0;
    }
    if (turn.title === null) turn.title = document.title;
    if (mine && turn.mine === false && nudgeOn() && navigator.vibrate) {
      try { navigator.vibrate(200); } catch (e) {}
    }
    document.title = mine && nudgeOn() ?
      "\u25CF " + ((btn && btn.getAttribute("data-turn")) || "Your turn") + " \u00B7 " + turn.title : turn.title;
    turn.mine = mine;
  }
  /* After each patch (window.liveMorph) and once when the page is there. */
  window.liveAfter = function () {
    nudge();
    var live = document.getElementById("live");
    if (live && live.hasAttribute("data-clock-since")) {
      tick();
      if (!turn.timer) turn.timer = setInterval(tick, 1000);
    } else if (turn.timer) {
      clearInterval(turn.timer);
      turn.timer = null;
    }
  };
  function nudgeButton() {
    var btn = document.getElementById("nudge");
    if (!btn) return;
    btn.textContent = btn.getAttribute(nudgeOn() ? "data-on" : "data-off");
    btn.hidden = false;
  }
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest && ev.target.closest("#nudge");
    if (!btn) return;
    try { localStorage.setItem("companion-nudge", nudgeOn() ? "off" : "on"); } catch (e) {}
    nudgeButton();
    nudge();
  });
  function pageThere() {
    var now = document.querySelector('meta[name="server-now"]');
    // a phone whose own clock is clearly wrong (a minute or more: set by hand, never synced)
    // counts from the server's; nearer than that its own clock beats the page's time, which
    // is late by however long the page took to arrive (seconds on a slow network)
    var off = now ? Number(now.getAttribute("content")) - Date.now() / 1000 : 0;
    if (Math.abs(off) > 60) turn.offset = off;
    nudgeButton();
    window.liveAfter();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", pageThere);
  else pageThere();

  // -- the first updates, before Brython ---------------------------------------------------
  /* A pushed live part (the socket carries it: no second request) */
  function apply(html) {
    if (window.liveSkip(html)) return true;
    var holder = document.createElement("div"), old = document.getElementById("live"), part;
    holder.innerHTML = html;
    part = holder.querySelector("#live");
    if (!boot.done && old && part && Number(part.getAttribute("data-version")) >= shown()) {
      window.liveMorph(old, part);
      window.liveKeep();
      return true;
    }
    return false;
  }
  function pull() {
    var main = document.getElementById("main");
    if (boot.busy || boot.done || !main || boot.want <= shown()) return;
    boot.busy = true;
    fetch(main.getAttribute("data-live-url"),
          {headers: {"X-Live": "1"}, credentials: "same-origin", cache: "no-store"})
      .then(function (resp) { return resp.text(); })
      .then(function (html) { apply(html); })
      .catch(function () {})
      .then(function () { boot.busy = false; pull(); });
  }

  function opened() {
    if (!document.body) {
      document.addEventListener("DOMContentLoaded", opened);
    } else if (!boot.done) {
      if (!document.body.hasAttribute("data-live")) document.body.setAttribute("data-live", "boot");
      window.liveNet(true);
    }
  }
  function closed() {
    if (boot.done) return;
    if (!document.body) document.addEventListener("DOMContentLoaded", closed);
    else window.liveNet(false);
  }

  // the phone's time zone before the socket opens: the live parts it is pushed are made in the
  // request of its opening, so with it they say local times (as local_times.html's script).
  // Also in the socket's address: the browser may open the socket before it has stored the
  // cookie just set (Chromium, now and then), and the server takes the address's for it.
  var tz = -new Date().getTimezoneOffset();
  document.cookie = "tz=" + tz + ";path=/;max-age=31536000;samesite=lax";
  try {
    boot.ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") +
                            location.host + me.getAttribute("data-ws") + "&tz=" + tz);
  } catch (e) {
    return;
  }
  boot.ws.onopen = opened;
  boot.ws.onclose = closed;
  boot.ws.onmessage = function (ev) {
    var msg, v, text = ev.data;
    try {
      msg = JSON.parse(ev.data);
      v = msg.version;
      if (msg.delta) {                // what changed: queued as the whole part (static/live.py)
        msg.part = window.livePart(msg);
        if (!msg.part) boot.ws.send('{"since":' + v + '}');
        text = JSON.stringify(msg.part ? {version: v, part: msg.part} : {version: v});
      } else if (typeof msg.part === "string") window.livePart(msg);
    } catch (e) {}
    boot.queue.push(text);
    try {
      if (typeof v !== "number") return;
      if (typeof msg.part === "string" && !boot.busy && apply(msg.part)) {
        boot.want = Math.max(boot.want, v);
      } else if (v > boot.want) {
        boot.want = v;
        pull();
      }
    } catch (e) {}
  };
  window.liveBoot = boot;
})();
