// Service worker: cached static files, network-first pages, an offline page.
// Rendered by companion/pwa.py; the cache name changes when a cached file does.
const CACHE = "companion-{{ version }}";
const FILES = {{ files|tojson }};
const OFFLINE = {{ offline|tojson }};
self.addEventListener("install", e => {
  e.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});
const TABLE = /^\/tables\/[^/]+$/;
const SEAT = /^(\/tables\/[^/]+)\/(join|watch)$/;
function keepTables() {   // the table pages open now: shown at once on the next visit
  return self.clients.matchAll({type: "window", includeUncontrolled: true}).then(list =>
    Promise.all(list.map(c => new URL(c.url)).filter(u => TABLE.test(u.pathname)).map(u =>
      fetch(u.pathname, {credentials: "same-origin"}).then(resp => resp.ok && !resp.redirected ?
        caches.open(CACHE).then(cache => cache.put(u.pathname, resp)) : null).catch(() => null))));
}
self.addEventListener("activate", e => {
  e.waitUntil(caches.keys().then(keys => Promise.all(
    keys.filter(k => k.startsWith("companion-") && k !== CACHE).map(k => caches.delete(k))))
    .then(() => self.clients.claim()).then(keepTables));
});
// A seat is taken, changed or watched from a table's join page or a seat's link: the table
// page kept now is another seat's (its rows, its steps, its socket's token), so it is dropped
// when the join page is opened and again when a seat is taken there (the page that was left may
// have kept itself meanwhile); the next visit fetches the new seat's.
function forgetSeat(url) {
  const seat = SEAT.exec(url.pathname);
  return seat ? caches.open(CACHE).then(c => c.delete(seat[1])).catch(() => null)
              : Promise.resolve();
}
self.addEventListener("fetch", e => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== "GET") {
    if (req.mode === "navigate" && url.origin === location.origin && SEAT.test(url.pathname)) {
      e.respondWith(forgetSeat(url).then(() => fetch(req)));
    }
    return;
  }
  if (url.origin !== location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/ws/")) return;
  if (req.mode === "navigate" && TABLE.test(url.pathname)) {
    // A table page: the copy kept from the last visit shows at once, and its socket
    // catches up (static/live.py fetches what changed); the copy is renewed meanwhile.
    const fresh = fetch(req).then(resp => {
      if (resp.ok && !resp.redirected) { const copy = resp.clone(); caches.open(CACHE).then(c => c.put(url.pathname, copy)); }
      return resp;
    });
    const kept = url.search ? Promise.resolve(null) : caches.match(url.pathname);  // ?… : a fresh copy
    e.respondWith(kept.then(hit => hit || fresh).catch(() => caches.match(OFFLINE))
      .then(resp => resp || fresh.catch(() => caches.match(OFFLINE))));
    e.waitUntil(fresh.catch(() => null));
    return;
  }
  if (req.mode === "navigate") {
    e.respondWith(forgetSeat(url).then(() => fetch(req)).catch(() => caches.match(OFFLINE)));
    return;
  }
  if (url.pathname.startsWith("/static/") || url.pathname === "/brython.js" ||
      url.pathname === "/live.py") {
    e.respondWith(caches.match(req).then(hit => hit || fetch(req).then(resp => {
      if (resp.ok) { const copy = resp.clone(); caches.open(CACHE).then(c => c.put(req, copy)); }
      return resp;
    })));
  }
});
