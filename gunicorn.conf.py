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
