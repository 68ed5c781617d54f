"""TEST STAND-IN for GitLab's jobs API (a GitLab server is unreachable here): an HTTP server on
127.0.0.1 that answers the two calls the history job makes (`latency-gate fetch-gitlab-run`):
the jobs of a pipeline, and a job's artifact archive, as GitLab documents them
(GET /api/v4/projects/:id/pipelines/:pipeline_id/jobs, GET /api/v4/projects/:id/jobs/:job_id/artifacts).

Its artifact store is gitlab-ci-local's: a job's archive is the zip of what gitlab-ci-local kept
of the job's artifact (<repository>/.gitlab-ci-local/artifacts/<job>/, with --shell-isolation,
where every job has a checkout of its own as on GitLab), made when it is asked for, as GitLab
serves what the job uploaded. Without isolation gitlab-ci-local runs every job in the one
directory and exports artifacts only after the pipeline: then a job's archive is the zip of
`shared_paths` in that directory, which is where the job left them. A request without the
known token gets 401, and every request is recorded.
"""

import contextlib
import io
import json
import re
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOKEN = "stand-in-history-token"
JOB_IDS = {"latency:run": 501, "latency:check": 502}  # the stand-in's ids for the pipeline's jobs


def archive_of(directory, paths=(".",)):
    """A zip of `paths` under the directory (files and directories), named relative to it, as GitLab's archive is."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for top in paths for p in [directory / top, *(directory / top).rglob("*")]):
            if path != directory:
                archive.write(path, path.relative_to(directory).as_posix() + ("/" if path.is_dir() else ""))
    return buffer.getvalue()


@contextlib.contextmanager
def serve(repository, shared_paths=("results/run",)):
    """The stand-in for the project in `repository`, run by gitlab-ci-local; yields (api_url, requests)."""
    requests = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            requests.append((self.path, self.headers.get("PRIVATE-TOKEN")))
            if self.headers.get("PRIVATE-TOKEN") != TOKEN:
                return self.answer(401, b'{"message": "401 Unauthorized"}')
            path = self.path.split("?")[0]
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

        def answer(self, code, body, content_type="application/json"):
            self.send_response(code)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v4", requests
    finally:
        server.shutdown()
        server.server_close()
