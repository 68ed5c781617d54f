"""TEST STAND-IN for GitHub's REST API (api.github.com is unreachable here): an HTTP server
on 127.0.0.1 that keeps pull requests and their issue comments in memory, answers the calls
latency-gate makes (list pull requests by head, get one, list / create / edit issue comments;
a runner's just-in-time registration, for scripts/setup/ephemeral_runner.sh) as GitHub
documents them, and records every request it gets.

A token is a user: requests without a known token get 401, as GitHub's do, and a comment is
created as the token's user; editing another user's comment is refused (403) as it would be
for a token without the right to do so.
"""

import contextlib
import json
import re
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

import loopback_http

TOKEN, BOT = "stand-in-token", "github-actions[bot]"


@dataclass
class Request:
    method: str
    path: str
    query: dict
    body: object
    authorization: str | None


@dataclass
class GitHubStandIn:
    repository: str
    pulls: dict = field(default_factory=dict)  # number -> pull request object
    comments: dict = field(default_factory=dict)  # id -> comment object (with "issue": number)
    requests: list = field(default_factory=list)
    users: dict = field(default_factory=lambda: {TOKEN: BOT})
    runners: list = field(default_factory=list)  # just-in-time registrations: {"name", "labels", ...}
    next_id: int = 1000

    def add_pull(self, number, head_sha, head_ref="feature", head_repository=None):
        self.pulls[number] = {
            "number": number, "state": "open",
            "head": {"sha": head_sha, "ref": head_ref, "repo": {"full_name": head_repository or self.repository},
                     "label": f"{(head_repository or self.repository).split('/')[0]}:{head_ref}"},
            "base": {"ref": "main", "repo": {"full_name": self.repository}},
        }

    def add_comment(self, number, body, user):
        self.next_id += 1
        self.comments[self.next_id] = {"id": self.next_id, "issue": number, "body": body, "user": {"login": user}}
        return self.next_id

    def comments_on(self, number):
        return [c for c in self.comments.values() if c["issue"] == number]

    def writes(self):
        return [r for r in self.requests if r.method in ("POST", "PATCH", "PUT", "DELETE")]

    # --- serving

    def answer(self, method, path, query, body, authorization):
        user = self.users.get((authorization or "").removeprefix("Bearer "))
        if user is None:
            return 401, {"message": "Bad credentials"}
        if method == "POST" and path in (f"/repos/{self.repository}/actions/runners/generate-jitconfig",
                                         f"/orgs/{self.repository.split('/')[0]}/actions/runners/generate-jitconfig"):
            self.next_id += 1
            runner = {"id": self.next_id, "name": body["name"], "os": "linux", "status": "offline",
                      "runner_group_id": body["runner_group_id"], "labels": [{"name": n} for n in body["labels"]]}
            self.runners.append(runner)
            return 201, {"runner": runner, "encoded_jit_config": f"jit-config-{self.next_id}"}
        prefix = f"/repos/{self.repository}/"
        if not path.startswith(prefix):
            return 404, {"message": "Not Found"}
        route = path[len(prefix):]
        if method == "GET" and route == "pulls":
            head = query.get("head", [None])[0]
            return 200, [p for p in self.pulls.values() if head is None or p["head"]["label"] == head]
        if method == "GET" and (match := re.fullmatch(r"pulls/(\d+)", route)):
            pull = self.pulls.get(int(match[1]))
            return (200, pull) if pull else (404, {"message": "Not Found"})
        if (match := re.fullmatch(r"issues/(\d+)/comments", route)) and int(match[1]) in self.pulls:
            number = int(match[1])
            if method == "GET":
                page, size = int(query.get("page", ["1"])[0]), int(query.get("per_page", ["30"])[0])
                return 200, self.comments_on(number)[(page - 1) * size:page * size]
            if method == "POST":
                return 201, self.comments[self.add_comment(number, body["body"], user)]
        if method == "PATCH" and (match := re.fullmatch(r"issues/comments/(\d+)", route)):
            comment = self.comments.get(int(match[1]))
            if comment is None:
                return 404, {"message": "Not Found"}
            if comment["user"]["login"] != user:
                return 403, {"message": "Resource not accessible by integration"}
            comment["body"] = body["body"]
            return 200, comment
        return 404, {"message": "Not Found"}

    @contextlib.contextmanager
    def serving(self):
        """Serve on 127.0.0.1 (a free port) for the with-block, at self.url."""
        with loopback_http.serving(self._handler()) as port:
            self.url = f"http://127.0.0.1:{port}"
            yield self

    def _handler(self):
        """The request handler class answering as this stand-in."""
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def _handle(self):
                url = urlsplit(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else None
                query = parse_qs(url.query)
                standin.requests.append(Request(self.command, url.path, query, body, self.headers.get("Authorization")))
                status, answer = standin.answer(self.command, url.path, query, body, self.headers.get("Authorization"))
                data = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PATCH = _handle

            def log_message(self, *args):
                pass

        return Handler
