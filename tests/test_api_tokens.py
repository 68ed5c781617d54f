"""A CI platform's token goes to its API alone: GitHub's and GitLab's clients follow a redirect to
another host (object storage, or an address an attacker made the API answer with) without it.
urllib copies a request's ordinary headers onto a redirect, wherever it leads."""

import pytest

import gitlab_standin
import loopback_http
from latency_gate.ci.github_api import GitHub
from latency_gate.ci.gitlab_api import GitLab

pytestmark = pytest.mark.unit

TOKEN = "s3cret"
CLIENTS = {  # a call of each client on a stand-in at `port`, as the tool makes it
    "GitHub": lambda port: GitHub("o/r", TOKEN, f"http://127.0.0.1:{port}/api").request("GET", "pulls/7"),
    "GitLab": lambda port: GitLab(f"http://127.0.0.1:{port}/api/v4", 7, TOKEN).get("merge_requests/7"),
}


@pytest.mark.parametrize("client", CLIENTS)
def test_a_redirect_to_another_host_is_followed_without_the_token(client):
    requests = []

    class Handler(gitlab_standin.QuietHandler):
        def do_GET(self):
            sent = [self.headers.get(name) for name in ("Authorization", "PRIVATE-TOKEN")]
            requests.append((self.headers.get("Host").split(":")[0], self.path, any(TOKEN in (value or "")
                                                                                    for value in sent)))
            if self.path.startswith("/api"):  # to the same server under another host name
                location = f"http://localhost:{self.server.server_address[1]}/elsewhere"
                return self.answer(302, b"", None, [("Location", location)])
            return self.answer(200, b"[]")

    with loopback_http.serving(Handler) as port:
        CLIENTS[client](port)

    assert [(host, token) for host, _, token in requests] == [("127.0.0.1", True), ("localhost", False)]
