"""GitHub's REST API, the few calls the tool makes, with urllib.

The address comes from GITHUB_API_URL (what a runner sets: https://api.github.com, or a
GitHub Enterprise Server's), so a local stand-in can take its place; the token from
GITHUB_TOKEN, sent only in the Authorization header and only to the API (not to where it
redirects), never printed.
"""

import http.client
import json
import os
import urllib.error
import urllib.parse
import urllib.request

from latency_gate.errors import ServiceError

DEFAULT_API_URL = "https://api.github.com"
TIMEOUT_S = 30
PAGE_SIZE = 100
MAX_PAGES = 30  # 3,000 comments or notes on one request: past that the search stops


class GitHub:
    """Calls to one repository's REST API."""

    def __init__(self, repository, token, api_url=DEFAULT_API_URL):
        self.repository, self._token, self.api_url = repository, token, api_url.rstrip("/")

    @classmethod
    def from_environment(cls, repository, environ=None):
        environ = os.environ if environ is None else environ
        token = environ.get("GITHUB_TOKEN")
        if not token:
            raise ServiceError("GITHUB_TOKEN is not set: the job needs a token with pull-requests: write")
        return cls(repository, token, environ.get("GITHUB_API_URL") or DEFAULT_API_URL)

    def request(self, method, path, body=None, query=None):
        """The JSON answer of `method` on /repos/<repository>/<path>; ServiceError on failure."""
        url = f"{self.api_url}/repos/{self.repository}/{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        request = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode(),
                                         headers={"Accept": "application/vnd.github+json",
                                                  "X-GitHub-Api-Version": "2022-11-28",
                                                  "Content-Type": "application/json",
                                                  "User-Agent": "latency-gate"})
        request.add_unredirected_header("Authorization", f"Bearer {self._token}")  # urllib copies other headers to a redirect
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            raise ServiceError(f"GitHub API: {method} {url}: {error.code} {error.reason}") from None
        except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError) as error:
            raise ServiceError(f"GitHub API: {method} {url}: {error}") from None

    def pages(self, path, query=None):
        """Every item of a paginated list, page by page (at most MAX_PAGES pages)."""
        return pages(lambda page_query: self.request("GET", path, query={**(query or {}), **page_query}),
                     f"GitHub API: GET {path}")


def pages(get, what):
    """Every item of a list that GitHub's or GitLab's REST API pages (per_page, page), at most
    MAX_PAGES pages; `get(query)` answers one page, `what` names the call in an error."""
    for page in range(1, MAX_PAGES + 1):
        items = get({"per_page": PAGE_SIZE, "page": page})
        if not isinstance(items, list):
            raise ServiceError(f"{what}: expected a list, got {type(items).__name__}")
        yield from items
        if len(items) < PAGE_SIZE:
            return
