"""TEST STAND-IN for GitLab's jobs API (a GitLab server is unreachable here): an HTTP server on
127.0.0.1 that answers the two calls the history and note jobs make (`latency-gate fetch-gitlab-run`):
the jobs of a pipeline, and a job's artifact archive, as GitLab documents them
(GET /api/v4/projects/:id/pipelines/:pipeline_id/jobs, GET /api/v4/projects/:id/jobs/:job_id/artifacts).

Its artifact store is gitlab-ci-local's: a job's archive is the zip of what gitlab-ci-local kept
of the job's artifact (<repository>/.gitlab-ci-local/artifacts/<job>/, with --shell-isolation,
where every job has a checkout of its own as on GitLab), made when it is asked for, as GitLab
serves what the job uploaded. Without isolation gitlab-ci-local runs every job in the one
directory and exports artifacts only after the pipeline: then a job's archive is the zip of
`shared_paths` in that directory, which is where the job left them. A request without the
known token gets 401, and every request is recorded.

It also answers the merge request's note calls of `latency-gate pr-comment` (GitLab's notes API:
GET /api/v4/user, GET /api/v4/projects/:id/merge_requests/:iid, GET and POST
.../merge_requests/:iid/notes, PUT .../notes/:note_id) from `merge_requests`, a dict the test
owns ({iid: {"sha": head, "notes": [note, ...]}}), with NOTE_TOKEN's user as the author of what
it posts; as on GitLab, a user edits only its own notes (403 otherwise).
"""

import contextlib
import io
import json
import re
import zipfile
from http.server import BaseHTTPRequestHandler

import loopback_http

TOKEN = "stand-in-history-token"
NOTE_TOKEN = "stand-in-note-token"
USERS = {TOKEN: {"id": 900, "username": "project_100_bot_history"},
         NOTE_TOKEN: {"id": 901, "username": "project_100_bot_latency"}}
JOB_IDS = {"latency:run": 501, "latency:check": 502, "latency:relative": 503}  # the stand-in's ids for the pipeline's jobs


# gitlab-ci-local keeps a job's reports (JUnit, dotenv) beside its artifact; GitLab serves them
# apart, not in the archive.
REPORTS = ".gitlab-ci-reports"


def archive_of(directory, paths=(".",)):
    """A zip of `paths` under the directory (files and directories), named relative to it, as GitLab's archive is."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for top in paths for p in [directory / top, *(directory / top).rglob("*")]):
            if path != directory and REPORTS not in path.relative_to(directory).parts:
                archive.write(path, path.relative_to(directory).as_posix() + ("/" if path.is_dir() else ""))
    return buffer.getvalue()


@contextlib.contextmanager
def serve(repository, shared_paths=("results/run",), merge_requests=None):
    """The stand-in for the project in `repository`, run by gitlab-ci-local; yields (api_url, requests)."""
    requests = []
    merge_requests = {} if merge_requests is None else merge_requests

    class Handler(QuietHandler):
        def do_GET(self):
            requests.append((self.path, self.headers.get("PRIVATE-TOKEN")))
            if self.headers.get("PRIVATE-TOKEN") not in USERS:
                return self.answer(401, b'{"message": "401 Unauthorized"}')
            path = self.path.split("?")[0]
            if path.startswith("/api/v4/user") or "/merge_requests/" in path:
                return self.notes("GET", path)
            if re.fullmatch(r"/api/v4/projects/[^/]+/pipelines/\d+/jobs", path):
                jobs = [{"id": number, "name": name, "status": "success"} for name, number in JOB_IDS.items()]
                return self.answer(200, json.dumps(jobs).encode())
            match = re.fullmatch(r"/api/v4/projects/[^/]+/jobs/(\d+)/artifacts", path)
            names = {number: name for name, number in JOB_IDS.items()}
            if match and int(match[1]) in names:
                name = names[int(match[1])]  # gitlab-ci-local's directory spells ':' as 'Og'
                for stored in (repository / ".gitlab-ci-local/artifacts" / each for each in (name, name.replace(":", "Og"))):
                    if stored.is_dir():
                        return self.answer(200, archive_of(stored), "application/zip")
                if all((repository / path).exists() for path in shared_paths):
                    return self.answer(200, archive_of(repository, shared_paths), "application/zip")
            return self.answer(404, b'{"message": "404 Not found"}')

        def do_POST(self):
            self.changing("POST")

        def do_PUT(self):
            self.changing("PUT")

        def changing(self, method):
            requests.append((f"{method} {self.path}", self.headers.get("PRIVATE-TOKEN")))
            if self.headers.get("PRIVATE-TOKEN") not in USERS:
                return self.answer(401, b'{"message": "401 Unauthorized"}')
            return self.notes(method, self.path.split("?")[0])

        def notes(self, method, path):
            """The user and merge request note calls."""
            user = USERS[self.headers.get("PRIVATE-TOKEN")]
            if method == "GET" and path == "/api/v4/user":
                return self.answer(200, json.dumps(user).encode())
            match = re.fullmatch(r"/api/v4/projects/[^/]+/merge_requests/(\d+)(/notes(?:/(\d+))?)?", path)
            request = match and merge_requests.get(int(match[1]))
            if not request:
                return self.answer(404, b'{"message": "404 Not found"}')
            if method == "GET" and not match[2]:
                return self.answer(200, json.dumps({"iid": int(match[1]), "sha": request["sha"]}).encode())
            if method == "GET" and not match[3]:
                return self.answer(200, json.dumps(request["notes"]).encode())  # one page: fewer than 100
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}").get("body")
            if method == "POST" and not match[3] and isinstance(body, str):
                note = {"id": 3000 + len(request["notes"]), "body": body, "author": user, "system": False}
                request["notes"].append(note)
                return self.answer(201, json.dumps(note).encode())
            note = next((note for note in request["notes"] if match[3] and note["id"] == int(match[3])), None)
            if method == "PUT" and note and isinstance(body, str):
                if note["author"]["id"] != user["id"]:
                    return self.answer(403, b'{"message": "403 Forbidden"}')
                note["body"] = body
                return self.answer(200, json.dumps(note).encode())
            return self.answer(400 if note else 404, b'{"message": "bad request"}')

    with loopback_http.serving(Handler) as port:
        yield f"http://127.0.0.1:{port}/api/v4", requests


class QuietHandler(BaseHTTPRequestHandler):
    """A stand-in's request handler: answers with a body of its length, logs nothing."""

    def answer(self, code, body, content_type="application/json", headers=()):
        self.send_response(code)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass
