"""The gate's verdict on its pull request's conversation: one comment, found by a hidden
marker and edited in place, from a `workflow_run` job (docs/pull-request-comment.md).

Everything that can refuse is checked before GitHub is called, so a refusal writes nothing:
the event (GitHub's own, but read as data), the artifact (contracts/gate_result.py: the
untrusted output of the pull request's workflow) and that the artifact describes the
commit the run was for. The pull request is the event's (`pull_requests`; empty for a
fork's, which is looked up by its head repository and branch), checked against GitHub's own
record of it. A result for a commit the pull request has moved past does not replace a
comment that already describes the newer head (runs can finish out of order).
"""

from dataclasses import dataclass

from latency_gate.contracts import bisect_result, gate_result, json_shapes
from latency_gate.contracts.formats import read_json
from latency_gate.errors import InputError
from latency_gate.render import gate_comment

DEFAULT_AUTHOR = "github-actions[bot]"  # who GITHUB_TOKEN comments as


@dataclass(frozen=True)
class WorkflowRun:
    """What the comment needs of a workflow_run event."""

    html_url: str
    head_sha: str
    head_branch: str
    head_repository: str  # owner/name: the fork's for a fork's pull request
    head_owner: str
    pull_requests: tuple  # numbers GitHub attached to the run (none for a fork's)


def read_event(path):
    """The workflow_run of a workflow_run event's payload; InputError naming the file and key otherwise."""
    event = read_json(path, "event payload", "no event payload")

    def value(*keys, kind=str):
        node = event
        for key in keys:
            node = node.get(key) if isinstance(node, dict) else None
        if not isinstance(node, kind) or isinstance(node, bool):
            raise InputError(f"'{'.'.join(keys)}' must be a {kind.__name__} (a workflow_run event)", path)
        return node

    numbers = []
    for index, pull in enumerate(value("workflow_run", "pull_requests", kind=list)):
        if not isinstance(pull, dict) or not isinstance(pull.get("number"), int) or isinstance(pull["number"], bool):
            raise InputError(f"'workflow_run.pull_requests[{index}].number' must be a whole number", path)
        numbers.append(pull["number"])
    try:
        head_sha = gate_result.commit_id(value("workflow_run", "head_sha"))
    except ValueError as error:
        raise InputError(f"'workflow_run.head_sha': {error}", path) from None
    html_url = value("workflow_run", "html_url")
    if not gate_comment.RUN_URL.fullmatch(html_url):
        raise InputError(f"'workflow_run.html_url' must be an http(s) address, got {html_url[:60]!r}", path)
    return WorkflowRun(html_url=html_url, head_sha=head_sha,
                       head_branch=value("workflow_run", "head_branch"),
                       head_repository=value("workflow_run", "head_repository", "full_name"),
                       head_owner=value("workflow_run", "head_repository", "owner", "login"),
                       pull_requests=tuple(dict.fromkeys(numbers)))


def checked_result(results_directory, head_sha):
    """The artifact's gate_result.json, checked, and for the commit `head_sha` (the run's head;
    a GitLab pipeline's commit); InputError otherwise."""
    result = gate_result.read(results_directory)
    path = results_directory / gate_result.FILE if results_directory.is_dir() else results_directory
    if "head_sha" not in result:
        raise InputError("records no head_sha: the gate did not say which commit it measured "
                         "(latency-gate gate --head-sha)", path)
    if result["head_sha"] != head_sha:
        raise InputError(f"describes commit {result['head_sha']}, not {head_sha}, the head of the run "
                         "it came from: refused", path)
    directory = results_directory if results_directory.is_dir() else results_directory.parent
    if (directory / bisect_result.FILE).is_file():  # a failed counted gate's bisect, beside its result
        bisected = bisect_result.read(directory)
        if bisected["head"]["sha"] != head_sha:
            raise InputError(f"bisects up to commit {bisected['head']['sha']}, not {head_sha}, the head of the "
                             "run it came from: refused", directory / bisect_result.FILE)
        result = {**result, "bisect": bisected}
    return result


def pull_requests(github, run):
    """The open pull requests the run was for: {number: GitHub's record of it}."""
    numbers = run.pull_requests
    if not numbers:  # a fork's pull request: GitHub attaches none to the run
        found = github.request("GET", "pulls", query={"state": "open", "head": f"{run.head_owner}:{run.head_branch}"})
        numbers = [pull.get("number") for pull in (found if isinstance(found, list) else []) if isinstance(pull, dict)]
    records = {}
    for number in numbers:
        if not isinstance(number, int) or isinstance(number, bool):
            continue
        pull = github.request("GET", f"pulls/{number}")
        if not isinstance(pull, dict):
            continue
        head = pull.get("head") or {}
        if ((head.get("repo") or {}).get("full_name") == run.head_repository and head.get("ref") == run.head_branch
                and (pull.get("base", {}).get("repo") or {}).get("full_name") == github.repository):
            records[number] = pull
    return records


def place_verdict(ours, current, result, run_url, edit, create, message):
    """Edit our message `ours` ({"id", "body"}, or None: create one) to the verdict of `result`,
    unless it already describes `current`, the request's head now, newer than the result's
    commit (runs can finish out of order). `edit(id, body)` and `create(body)` (which returns
    the new message) call the platform; `message` names it ("comment on #7"). Shared by
    GitHub's comment and GitLab's note; returns what was done."""
    current = current if isinstance(current, str) and json_shapes.is_commit_id(current) else None
    if (ours and current and current != result["head_sha"]
            and gate_comment.described_head(ours["body"]) == current):
        return f"kept {message.format(ours['id'])}: it describes the newer head {current[:12]}"
    body = gate_comment.render(result, run_url, current_head=current)
    if ours:
        edit(ours["id"], body)
        return f"edited {message.format(ours['id'])}"
    created = create(body)
    return f"created {message.format((created if isinstance(created, dict) else {}).get('id'))}"


def upsert(github, number, pull, result, run_url, author=DEFAULT_AUTHOR):
    """Create or edit our comment on pull request `number`; returns what was done."""
    ours = next((comment for comment in github.pages(f"issues/{number}/comments")
                 if (comment.get("user") or {}).get("login") == author
                 and gate_comment.MARKER in (comment.get("body") or "")), None)
    return place_verdict(
        ours, (pull.get("head") or {}).get("sha"), result, run_url,
        edit=lambda id_, body: github.request("PATCH", f"issues/comments/{int(id_)}", body={"body": body}),
        create=lambda body: github.request("POST", f"issues/{number}/comments", body={"body": body}),
        message=f"comment {{}} on #{number}")
