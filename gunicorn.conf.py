# gunicorn settings shared by the Procfile and scripts/serve.
# gevent workers: every open WebSocket is a cheap greenlet, so one process holds
# thousands of phones; a thread per socket (gthread) would cap that at the thread count.
worker_class = "gevent"
workers = 1            # the embedded default keeps live tables in one process
worker_connections = 4000
timeout = 60
graceful_timeout = 10
# gunicorn's control socket defaults to one path per user: several servers on one host (scale-out,
# tests) would fight over it, and nothing here uses it.
control_socket_disable = True


def post_worker_init(worker):
    """After the app is loaded: move everything allocated so far (modules, the app, the title
    data) out of the cyclic garbage collector's reach, so its full collections, which stop the
    whole worker and every phone on it, only walk the live tables' objects."""
    import gc
    gc.collect()
    gc.freeze()
    # A full collection walks every live table's objects and stops the worker and every phone
    # on it: 244 ms a time at 500 tables × 6 pages, every ten seconds or so, which made the p99
    # of a step's push 190 ms. Python's default starts one after 10 collections of the middle
    # generation; after 1,000 (a few minutes of steps at that load) it is far rarer, and cyclic
    # garbage (little: most is freed as its last reference goes) waits that long
    # (bench/server_latency.py --pages --tables 500: p99 62 ms, and 15% less CPU a step).
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 1000)
    _stop_on_sigterm(worker)


def _stop_on_sigterm(worker):
    """When the worker is told to stop (SIGTERM), keep the tables' states and close the
    phones' sockets at once (companion/first_state.py): open WebSockets would otherwise hold
    the worker until the graceful timeout, where it is killed and nothing more runs. Done from
    SIGTERM itself, not by polling for it: a poll every 0.2 s cost an idle worker about 1 ms of
    CPU a second (bench/README.md)."""
    try:
        import gevent
    except ImportError:
        return
    import signal
    app = getattr(worker, "wsgi", None)
    if app is None or not hasattr(app, "extensions"):
        return
    from companion.first_state import at_stop
    told = worker.handle_exit                   # gunicorn's own: the worker stops serving

    def on_term(sig, frame):
        told(sig, frame)
        # out of the signal handler (the work blocks), as gunicorn's gevent worker does for
        # SIGQUIT
        gevent.spawn(at_stop, app)
    signal.signal(signal.SIGTERM, on_term)
    signal.siginterrupt(signal.SIGTERM, False)   # as gunicorn leaves it: no call cut short


def worker_exit(server, worker):
    """The worker is stopping (a restart, a deploy): keep every live table's state on disk, so
    that the phones reconnecting to the next worker get their first state without a replay
    (companion/first_state.py)."""
    app = getattr(worker, "wsgi", None)
    if app is not None and hasattr(app, "extensions"):
        from companion.first_state import at_exit
        at_exit(app)
