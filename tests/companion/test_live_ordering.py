"""The push ordering rules of one phone (``companion.live.Subscriber``), without a server:
each version exactly once and in order, gaps filled from the log, duplicates dropped."""
from companion.live import _HELLO, _STOP, Message, Subscriber
from companion.wire import Access


class FakeWs:
    def __init__(self):
        self.sent = []

    def send(self, text):
        import json
        self.sent.append(json.loads(text))

    def close(self):
        pass


class FakeService:
    """A log of versions 1..n; ``state`` says the table is at ``at``."""

    def __init__(self, n, at):
        self.log = [{"version": v, "action": {"type": "a", "n": v}, "events": []}
                    for v in range(1, n + 1)]
        self.at = at

    def state_versioned(self, access):
        import json
        return self.at, json.dumps({"version": self.at, "state": {"v": self.at}, "legal": []})

    def messages(self, table_id, after, upto=None, limit=None):
        return [m for m in self.log if m["version"] > after and (upto is None or
                                                                 m["version"] <= upto)]


def run(items, n=10, at=2):
    svc = FakeService(n, at)
    ws = FakeWs()
    sub = Subscriber(ws, Access(1, "c", "seat", "1", "A", 1, ""), svc)
    sub.deliver(_HELLO)
    for item in items:
        sub.deliver(item)
    sub.deliver(_STOP)
    sub.run()
    return ws.sent


def msg(svc_n, v):
    return Message({"version": v, "action": {"type": "a", "n": v}, "events": []})


def versions(sent):
    return [m.get("version") for m in sent[1:]]


def test_in_order_once_with_gaps_filled_and_duplicates_dropped():
    sent = run([msg(10, 3), msg(10, 3), msg(10, 6), msg(10, 5), msg(10, 2), msg(10, 7)])
    assert sent[0] == {"version": 2, "state": {"v": 2}, "legal": []}
    assert versions(sent) == [3, 4, 5, 6, 7]


def test_messages_older_than_the_hello_are_dropped():
    assert versions(run([msg(10, 1), msg(10, 2), msg(10, 3)], at=2)) == [3]


def test_since_resends_and_check_fills_from_the_log():
    sent = run([{"since": 0}, msg(6, 5), msg(6, 6)], n=6, at=2)
    assert versions(sent) == [1, 2, 3, 4, 5, 6]             # the log up to now, then nothing twice
    sent = run([{"check": 5}, msg(6, 5), msg(6, 6)], n=6, at=2)
    assert versions(sent) == [3, 4, 5, 6]


def test_other_messages_pass_through():
    sent = run([{"undo_request": {"id": 1}}, {"pong": 3}])
    assert sent[1:] == [{"undo_request": {"id": 1}}, {"pong": 3}]


def test_a_phone_that_connects_as_the_worker_stops_is_closed_at_once():
    """The worker is stopping (``Hub.close_all``): a page whose socket was just closed reconnects
    at once, and this worker may still accept it; that socket is closed at once too (kept open,
    it held the worker to gunicorn's graceful timeout), before anything is sent on it."""
    from companion.live import Hub

    class ClosingWs(FakeWs):
        closed = False

        def close(self):
            self.closed = True
    hub = Hub()
    first = Subscriber(ClosingWs(), Access(1, "c", "seat", "1", "A", 1, ""), FakeService(3, 3),
                       hub)
    hub.subscribe(first)
    assert hub.close_all() == 1 and first.closed
    ws = ClosingWs()
    late = Subscriber(ws, Access(1, "c", "seat", "2", "B", 2, ""), FakeService(3, 3), hub)
    hub.subscribe(late)
    assert late.closed, "a socket opened after close_all was kept"
    late.deliver(_HELLO)
    late.run()                     # its sender stops at once
    assert ws.closed and ws.sent == []
