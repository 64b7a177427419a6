# Live updates for a table page, run by Brython in the browser.
# It imports nothing from Python's standard library (only Brython's `browser` and
# `javascript`), so only the core brython.js is loaded.
# - keeps a WebSocket to /ws/tables/<code>; each push carries the page's live part
#   (rendered by the server, the same HTML as without JavaScript; or what changed since the
#   part pushed before, made whole by window.livePart), patched in place
#   (window.liveMorph, static/live_boot.js: what is being typed, an open panel, the focus
#   and the place on the screen are kept) unless the page shows a newer version; a push
#   without it (the server could not make it) makes it fetch the part; the page as patched
#   is kept as the copy shown offline (window.liveKeep);
# - narrows a field's choices (or maximum) to another field's value (choices_by / max_by);
# - posts the forms without leaving the page and shows the server's answer in place;
# - reconnects after sleep or a lost network, catches up, and says when it is offline.
from browser import document, window
from javascript import JSON

main = document["main"]
WS_PATH = main.getAttribute("data-ws")
TOKEN = main.getAttribute("data-token")
LIVE_URL = main.getAttribute("data-live-url")
TXT_BUSY = main.getAttribute("data-busy")
TXT_FAIL = main.getAttribute("data-fail")
st = {"boot": window.liveBoot if hasattr(window, "liveBoot") else None,
      "fresh": window.performance.getEntriesByType("navigation")[0].transferSize == 0,
      "undo": False, "want": -1, "posting": False, "ws": None, "delay": 500, "loading": False, "again": False, "last": 0, "timer": None,
      "open": False, "gen": 0, "held": ""}


def now():
    return window.Date.now()


def set_net(on):
    # the badge, the offline note and the forms (disabled offline) follow the socket
    st["open"] = on
    window.liveNet(on)


def version():
    el = document.getElementById("live")
    if el is None:
        return -1
    return int(el.getAttribute("data-version") or -1)


def made_of(part):
    return (window.liveHead(part, "data-made") or "") if part else ""


def part_version(part):
    return int(window.liveHead(part, "data-version") or -1)


def held_version():
    return part_version(st["held"]) if st["held"] else -1


def part_headers(held):
    # the page's script takes the part as its socket is pushed it: what changed since the part
    # it holds (its data-made; "" for none), the slots in it filled in here (liveMorph)
    return {"X-Live": "1", "X-Part": made_of(held)}


def answered(got):
    # a fetch's answer to got(text, is_json)
    def answer(resp):
        is_json = "json" in (resp.headers.get("Content-Type") or "")
        return resp.text().then(lambda text: got(text, is_json))
    return answer


def part_of(text, is_json, held):
    # the live part an answer carries: as a push ({"version", "part"} or what changed since
    # the part held; then kept as the part held when it is the table's shared part), "" for a
    # change that does not fit; an answer that carries none (an error) as it came (swap says
    # the server failed)
    if not is_json:
        return text
    msg = window.JSON.parse(text)
    if not ("part" in msg or "delta" in msg):
        return text
    part = window.liveApply(held, msg)
    hold(part)
    return part


def hold(part):
    # the newest of the table's shared parts this page got (its data-made is not ""): what the
    # server sends the next answer as a change from
    if part and made_of(part) and part_version(part) >= held_version():
        st["held"] = part


def busy():
    if st["loading"] or st["posting"]:
        document.body.setAttribute("data-busy", "1")
    else:
        document.body.removeAttribute("data-busy")


def swap(html):
    holder = document.createElement("div")
    holder.innerHTML = html
    new = holder.querySelector("#live")
    old = document.getElementById("live")
    if old is None:
        return
    if new is None:                 # not the page's live part: the server failed
        old.removeAttribute("data-stale")
        msg = document.createElement("p")
        msg.className = "err"
        msg.text = TXT_FAIL
        old.prepend(msg)
        return
    if int(new.getAttribute("data-version") or -1) < version():
        return                      # an answer older than what the page shows
    window.liveMorph(old, new)      # in place: what this phone is doing is kept
    narrow(old)
    window.liveKeep()


def refresh(*args):
    if st["posting"]:               # the post's answer comes first; then see what is newer
        return
    if st["loading"]:
        st["again"] = True
        return
    st["loading"] = True
    st["undo"] = False
    busy()

    held = st["held"]

    def got(text, is_json):
        part = part_of(text, is_json, held)
        if part:
            swap(part)
        done()
        if not part:                # a change that does not fit the part held: the whole part
            st["held"] = ""
            refresh()

    def failed(err):
        done()

    window.fetch(LIVE_URL, {"headers": part_headers(held), "credentials": "same-origin",
                            "cache": "no-store"}).then(answered(got)).catch(failed)


def done():
    st["loading"] = False
    busy()
    # one fetch per burst: pushes that arrived meanwhile need another only when the
    # fragment just swapped in is older than the newest version pushed (or an undo changed)
    if st["again"] and not st["posting"]:
        st["again"] = False
        if st["undo"] or st["want"] > version():
            refresh()


def on_message(ev):
    st["last"] = now()
    # the browser's own parser: a JavaScript object read field by field (javascript.JSON
    # would turn the whole state of the first message into Python objects: ~150 ms on a
    # slow phone)
    data = window.JSON.parse(ev["data"] if isinstance(ev, dict) else ev.data)
    if not st["open"] and st["ws"] is not None:
        set_net(True)               # a message came: the socket is live again
    if "pong" in data:
        return
    if "part" in data or "delta" in data:   # the live part itself: no second request
        st["want"] = max(st["want"], data.version)
        part = window.livePart(data)    # (a delta: what changed since the part before)
        hold(part)
        if not part:                # a delta that does not fit: ask for the whole part
            st["ws"].send('{"since":%d}' % data.version)
        elif not st["posting"] and not window.liveSkip(part):
            swap(part)              # (a post's answer comes first, then what is newer)
        return
    if "undo_request" in data:
        st["undo"] = True
        if st["loading"]:
            st["again"] = True
        else:
            refresh()
        return
    if "version" in data:
        st["want"] = max(st["want"], data.version)
        if data.version != version() or ("state" in data and st["fresh"]):
            st["fresh"] = False     # a page from the cache: fetch its forms anew
            refresh()


def dep_key(raw):
    # the key of a controlling field's value in a data-map (as companion/actionforms._dep_key)
    try:
        v = JSON.parse(raw)
    except Exception:
        return raw
    return v if isinstance(v, str) else JSON.stringify(v)


def dep_value(form, name):
    for el in form.querySelectorAll("[name]"):
        if el.getAttribute("name") != name:
            continue
        if el.type == "radio":
            if el.checked:
                return el.value
        else:
            return el.value
    return None


def narrow(root=None):
    # choices_by / max_by: narrow a field's options (or its maximum) to the other field's value
    for el in (root or document).querySelectorAll("[data-by]"):
        form = el.closest("form")
        # one controlling field, or several joined by commas (their keys joined by commas)
        keys = []
        for name in el.getAttribute("data-by").split(","):
            raw = dep_value(form, name) if form else None
            if raw is None:
                break
            keys.append(dep_key(raw))
        if not keys or len(keys) != len(el.getAttribute("data-by").split(",")):
            continue
        key = ",".join(keys)
        if el.hasAttribute("data-max-map"):
            top = JSON.parse(el.getAttribute("data-max-map"))
            if key in top:
                el.max = top[key]
            continue
        allowed = JSON.parse(el.getAttribute("data-map") or "{}")
        ok = allowed[key] if key in allowed else None
        if el.tagName == "SELECT":
            first = None
            for i in range(el.options.length):
                opt = el.options[i]
                keep = ok is None or opt.value in ok
                opt.hidden = not keep
                opt.disabled = not keep
                if keep and first is None:
                    first = opt
            if el.selectedIndex >= 0 and el.options[el.selectedIndex].disabled and first is not None:
                el.value = first.value
        elif el.tagName == "FIELDSET":      # radios (each choice drawn): hide those not allowed
            first, lost = None, False
            for r in el.querySelectorAll("input[type=radio]"):
                keep = ok is None or r.value in ok
                r.closest("label").hidden = not keep
                r.disabled = not keep
                if keep and first is None:
                    first = r
                if r.checked and not keep:
                    lost = True
            if lost and first is not None:
                first.checked = True
        elif el.hasAttribute("list") and ok is not None:
            dl = document.getElementById(el.getAttribute("list"))
            if dl is not None:
                dl.innerHTML = ""
                for v in ok:
                    o = document.createElement("option")
                    o.value = v
                    dl.appendChild(o)
    show_pictures(root)


def show_pictures(root=None):
    # a choice's pictures: only the drawing of the other field's value (data-pic-by) shows
    for el in (root or document).querySelectorAll("[data-pic-by]"):
        form = el.closest("form")
        raw = dep_value(form, el.getAttribute("data-pic-by")) if form else None
        if raw is None:
            continue
        key = dep_key(raw)
        for pic in el.querySelectorAll("[data-pic]"):
            if pic.getAttribute("data-pic") == key:
                pic.removeAttribute("hidden")
                pic.classList.remove("alt")
            else:
                pic.setAttribute("hidden", "")


def on_change(ev):
    form = ev.target.closest("form") if hasattr(ev.target, "closest") else None
    if form is not None and form.querySelector("[data-by],[data-pic-by]") is not None:
        narrow(form)


def new_keys():
    for el in document.querySelectorAll("input[name=key]"):
        el.value = window.crypto.randomUUID() if hasattr(window.crypto, "randomUUID") else \
            str(now()) + str(window.Math.random())


def on_open(ev):
    st["delay"] = 500
    st["last"] = now()
    set_net(True)
    document.body.setAttribute("data-live", "ready")


def on_close(ev):
    st["ws"] = None
    set_net(False)
    later(st["delay"])
    st["delay"] = min(st["delay"] * 2, 8000)


def later(ms):
    if st["timer"] is not None:
        window.clearTimeout(st["timer"])
    st["timer"] = window.setTimeout(connect, ms)


def connect(*args):
    st["timer"] = None
    if st["ws"] is not None:
        return
    scheme = "wss://" if window.location.protocol == "https:" else "ws://"
    url = scheme + window.location.host + WS_PATH + "?part=1&token=" + \
        window.encodeURIComponent(TOKEN)
    boot, queued = st["boot"], []
    st["boot"] = None
    if boot is not None:                    # static/live_boot.js hands over its socket
        boot.done = True
        boot.ws.onmessage = None
        boot.ws.onclose = None
    if boot is not None and boot.ws.readyState <= 1:
        ws, queued = boot.ws, list(boot.queue)
    else:
        try:
            ws = window.WebSocket.new(url)
        except Exception:
            set_net(False)
            later(st["delay"])
            return
    st["ws"] = ws
    st["gen"] += 1
    gen = st["gen"]

    def closed(ev):
        if gen == st["gen"]:       # not an older socket given up on
            on_close(ev)

    ws.bind("open", on_open)
    ws.bind("message", on_message)
    ws.bind("close", closed)
    if ws.readyState == 1:
        on_open(None)
    for text in queued:
        on_message({"data": text})


def tick():
    ws = st["ws"]
    if ws is None:
        return
    if st["open"]:
        if now() - st["last"] > 45000:      # a socket that died while the phone slept
            st["ws"] = None
            st["gen"] += 1
            ws.close()
            set_net(False)
            connect()
        else:
            ws.send('{"ping":1}')


def wake(ev=None):
    if document.visibilityState == "visible" or ev is None or ev.type == "online":
        if st["ws"] is None:
            connect()
        else:
            tick()


def on_screen(el):
    # laid out, not hidden by the seat's style (offsetParent is JavaScript's null, not None)
    return el is not None and el.getClientRects().length > 0


def show_next():
    # after this phone's step: its seat's next step (the first card of "Your turn"), or the
    # summary when the turn passed, in view; not the book where the tapped form was
    live = document.getElementById("live")
    if live is None or live.querySelector("[data-confirm]") is not None or \
            live.querySelector(".err[role=alert]") is not None:
        return
    turn = live.querySelector("#actions .if-turn")
    target = None
    if on_screen(turn):
        target = live.querySelector("#actions .group") or live.querySelector("#actions form") \
            or live.querySelector("#actions")
    if target is None:
        glance = live.querySelector(".glance-top")
        target = glance if on_screen(glance) else live
    head = document.querySelector("header.top")
    top = 0
    if head is not None and window.getComputedStyle(head).position in ("sticky", "fixed"):
        top = head.getBoundingClientRect().bottom
    r = target.getBoundingClientRect()
    if r.top < top or r.top + min(r.height, 120) > window.innerHeight:
        window.scrollBy(0, r.top - top - 8)


def submit(ev):
    form = ev.target
    if not form.hasAttribute("data-live") or form.getAttribute("data-busy"):
        if form.getAttribute("data-busy"):
            ev.preventDefault()
        return
    ev.preventDefault()
    body = window.FormData.new(form, ev.submitter) if ev.submitter else window.FormData.new(form)
    form.setAttribute("data-busy", "1")
    st["posting"] = True
    busy()
    for b in form.querySelectorAll("button"):
        b.disabled = True
    if ev.submitter:
        ev.submitter.setAttribute("aria-busy", "true")

    def finish():
        st["posting"] = False
        busy()
        if st["undo"] or st["want"] > version():
            refresh()

    before = version()
    held = st["held"]

    def got(text, is_json):
        form.removeAttribute("data-dirty")  # sent: the answer's form replaces what was typed
        form.reset()
        part = part_of(text, is_json, held)
        if part:
            swap(part)
        if version() > before:
            show_next()
        finish()
        if not part:                # a change that does not fit the part held: the whole part
            st["held"] = ""
            refresh()

    def failed(err):
        form.removeAttribute("data-busy")
        for b in form.querySelectorAll("button"):
            b.disabled = False
        set_net(False)
        msg = document.createElement("p")
        msg.className = "err"
        msg.text = TXT_BUSY
        form.prepend(msg)
        finish()

    headers = part_headers(held)
    if TOKEN:           # the seat this page was opened for (pages/table.py PAGE_SEAT)
        headers["X-Seat"] = TOKEN
    window.fetch(form.action, {"method": "POST", "body": body, "headers": headers,
                               "credentials": "same-origin"}).then(answered(got)).catch(failed)


new_keys()
narrow()
document.bind("change", on_change)
document.bind("input", on_change)
document.bind("submit", submit)
document.bind("visibilitychange", wake)
window.bind("online", wake)
window.bind("offline", lambda ev: set_net(False))
window.setInterval(tick, 20000)
connect()
