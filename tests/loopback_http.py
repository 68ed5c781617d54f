"""An HTTP server on a free loopback port, in a thread, for the tests' stand-ins of services this
machine cannot reach (GitHub's and GitLab's APIs) and for the history site served to a browser."""

import contextlib
import threading
from http.server import ThreadingHTTPServer


@contextlib.contextmanager
def serving(handler):
    """Serve `handler` (a request handler class, or a factory of one) on 127.0.0.1 for the
    with-block; yields the port."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    # shutdown() waits for the loop's next poll: 0.5 s by default, in every test's teardown
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
