"""The gate's verdict on its GitLab merge request: one note, found by the same hidden marker as
GitHub's comment (render/gate_comment.py) and edited in place on each new pipeline.

From a job of the merge request's pipeline that comes after the gate (.gitlab-ci.yml,
latency:verdict-note). The gate's gate_result.json is read as untrusted data (it was made on the
runner merge requests' code runs on: contracts/gate_result.py checks it) and must describe the
pipeline's commit; everything that can refuse is checked before GitLab is called, so a refusal
writes nothing. The token's own user is asked for (GET /user): only its notes carrying the
marker are ours. A result for a commit the merge request has moved past does not replace a note
that already describes the newer head (pipelines can finish out of order).
"""

from latency_gate.ci import pull_request_comment
from latency_gate.errors import ServiceError
from latency_gate.render import gate_comment


def token_user(gitlab):
    """The id of the user the token acts as (a project access token's bot user)."""
    user = gitlab.json("GET", "user", in_project=False)
    if not isinstance(user, dict) or not isinstance(user.get("id"), int):
        raise ServiceError("GitLab API: GET /user: no user id in the answer")
    return user["id"]


def upsert(gitlab, iid, result, pipeline_url):
    """Create or edit our note on merge request `iid`; returns what was done."""
    me, notes = token_user(gitlab), f"merge_requests/{int(iid)}/notes"
    request = gitlab.json("GET", f"merge_requests/{int(iid)}")
    ours = next((note for note in gitlab.pages(notes, {"sort": "asc"})
                 if isinstance(note, dict) and not note.get("system")
                 and (note.get("author") or {}).get("id") == me
                 and gate_comment.MARKER in (note.get("body") or "")), None)
    return pull_request_comment.place_verdict(
        ours, request.get("sha") if isinstance(request, dict) else None, result, pipeline_url,
        edit=lambda id_, body: gitlab.json("PUT", f"{notes}/{int(id_)}", body={"body": body}),
        create=lambda body: gitlab.json("POST", notes, body={"body": body}),
        message=f"note {{}} on !{int(iid)}")
