"""GitLab's REST API (v4), the few calls the tool makes, with urllib: one project's, a token
sent in the PRIVATE-TOKEN header only and only to the API (a redirect, as GitLab sends artifact
downloads to object storage, is followed without it), never printed."""

import http.client
import json
import urllib.error
import urllib.parse
import urllib.request

from latency_gate.ci import github_api
from latency_gate.errors import ServiceError

TOKEN_VARIABLE = "LATENCY_GATE_GITLAB_TOKEN"  # where the jobs hand the CLI their token
TIMEOUT_S = 60
PAGE_SIZE = github_api.PAGE_SIZE  # the largest page of both APIs


class GitLab:
    """Calls to one project's REST API."""

    def __init__(self, api_url, project, token):
        self.api_url, self.project, self._token = api_url.rstrip("/"), str(project), token

    def call(self, method, path, query=None, body=None, limit=None, in_project=True):
        """The body of `method` on /projects/<project>/<path> (or /<path>), at most `limit` bytes; ServiceError otherwise."""
        project = f"projects/{urllib.parse.quote(self.project, safe='')}/" if in_project else ""
        url = f"{self.api_url}/{project}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        request = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode(),
                                         headers={"User-Agent": "latency-gate", "Content-Type": "application/json"})
        request.add_unredirected_header("PRIVATE-TOKEN", self._token)  # urllib copies other headers to a redirect
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
                answer = response.read(None if limit is None else limit + 1)
                # read(n) returns what came when the connection closes short of the Content-Length.
                broken_off = response.length and (limit is None or len(answer) <= limit)
        except urllib.error.HTTPError as error:
            raise ServiceError(f"GitLab API: {method} {url}: {error.code} {error.reason}") from None
        except (urllib.error.URLError, http.client.HTTPException, OSError) as error:
            raise ServiceError(f"GitLab API: {method} {url}: {error}") from None
        if limit is not None and len(answer) > limit:
            raise ServiceError(f"GitLab API: {method} {url}: more than {limit} bytes")
        if broken_off:
            raise ServiceError(f"GitLab API: {method} {url}: the answer broke off after {len(answer)} bytes")
        return answer

    def get(self, path, query=None, limit=None):
        return self.call("GET", path, query, limit=limit)

    def json(self, method, path, body=None, query=None, in_project=True):
        """The JSON answer of `method` on the path; ServiceError when it is not JSON."""
        answer = self.call(method, path, query, body, in_project=in_project)
        try:
            return json.loads(answer or b"null")
        except ValueError as error:
            raise ServiceError(f"GitLab API: {method} {path}: {error}") from None

    def pages(self, path, query=None):
        """Every item of a paginated list, page by page (github_api.pages)."""
        return github_api.pages(lambda page_query: self.json("GET", path, query={**(query or {}), **page_query}),
                                f"GitLab API: GET {path}")
