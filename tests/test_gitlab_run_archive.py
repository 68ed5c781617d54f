"""latency-gate fetch-gitlab-run: GitLab's history job receives the run as one archive, from
GitLab's jobs API (here the stand-in, tests/gitlab_standin.py), and writes nothing before
every member has been checked.

Specification:
- the run's own files directly in the run's directory (metadata.json, summaries, checks,
  instruction counts) are written into an empty directory; measurements and plots stay packed;
- a member outside the run's directory, a path that is not plain and relative, a link, a
  duplicate, an oversized member, too many members refuse the whole archive (exit 3), one
  line naming the member, nothing written;
- the destination must be empty; the token goes in the PRIVATE-TOKEN header, and a refused
  token or a missing job is the API's failure (exit 5).
"""

import io
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import gitlab_standin
import loopback_http
from latency_gate.ci import gitlab_run_archive
from latency_gate.errors import InputError, ServiceError
from latency_gate.store import history

pytestmark = pytest.mark.unit

LATENCY_GATE = str(Path(sys.executable).parent / "latency-gate")
RUN = "results/run"
RUN_FILES = {"metadata.json": b"{}", "measurements_intraprocess_best_effort_summary.csv": b"Bytes\n",
             "checks_intraprocess_best_effort.csv": b"Check\n"}


def archive(members):
    """A zip of {name: bytes, or None for a directory, or ('link', target)}, as GitLab's archive holds them."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as written:
        for name, content in members.items():
            if isinstance(content, tuple):
                info = zipfile.ZipInfo(name)
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                written.writestr(info, content[1])
            elif content is None:
                written.writestr(zipfile.ZipInfo(name + "/"), b"")
            else:
                written.writestr(name, content)
    return buffer.getvalue()


def the_run(**extra):
    return {"results": None, RUN: None, **{f"{RUN}/{name}": content for name, content in RUN_FILES.items()},
            f"{RUN}/measurements_intraprocess_best_effort.csv": b"x" * (history.MAX_FILE_BYTES + 1),
            f"{RUN}/plots": None, f"{RUN}/plots/histogram_16.png": b"png", **extra}


def test_the_runs_own_files_are_written_and_the_rest_stays_packed(tmp_path):
    written = gitlab_run_archive.extract(archive(the_run()), RUN, tmp_path / "run", "the artifact")

    assert sorted(path.name for path in written) == sorted(RUN_FILES)
    assert {path.name: path.read_bytes() for path in (tmp_path / "run").iterdir()} == RUN_FILES


@pytest.mark.parametrize("member, content, reason", [
    ("venv/__main__.py", b"import os", "outside the run's directory results/run/"),
    ("scripts/setup/install_cli.sh", b"#!/bin/sh", "outside the run's directory results/run/"),
    ("history/.git/hooks/pre-push", b"#!/bin/sh", "outside the run's directory results/run/"),
    ("results/run/../../venv/__main__.py", b"import os", "not a plain relative path"),
    ("/etc/planted", b"x", "not a plain relative path"),
    ("results/run/metadata.json", b"{}", "appears twice"),
    ("results/run/checks_link.csv", ("link", "/etc/passwd"), "not a regular file or directory"),
    ("results/run/checks_large.csv", b"x" * (history.MAX_FILE_BYTES + 1), "more than a run's file may"),
])
def test_one_bad_member_refuses_the_whole_archive_and_nothing_is_written(tmp_path, member, content, reason):
    members = the_run()
    if member in members:  # a second member of the same name
        buffer = io.BytesIO(archive(members))
        with zipfile.ZipFile(buffer, "a") as again, pytest.warns(UserWarning, match="Duplicate"):
            again.writestr(member, content)
        bad = buffer.getvalue()
    else:
        bad = archive({**members, member: content})

    with pytest.raises(InputError, match=reason) as refused:
        gitlab_run_archive.extract(bad, RUN, tmp_path / "run", "the artifact")

    assert str(refused.value).startswith("the artifact: ") and member.split("/")[-1] in str(refused.value)
    assert not (tmp_path / "run").exists()


def damaged(archive_bytes, name, damage):
    """The archive with its member `name`, packed with deflate, damaged: "stream" garbles its packed
    bytes, "method" gives it a compression method zipfile does not know (99)."""
    data = bytearray(archive_bytes)
    info = zipfile.ZipFile(io.BytesIO(archive_bytes)).getinfo(name)
    if damage == "stream":
        start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
        data[start:start + info.compress_size] = b"\xff" * info.compress_size
    else:  # in its central directory entry (a signature, 42 bytes, then its name), which zipfile goes by
        entry = data.index(b"PK\x01\x02")
        while data[entry + 46:entry + 46 + len(name)] != name.encode():
            entry = data.index(b"PK\x01\x02", entry + 1)
        data[entry + 10:entry + 12] = (99).to_bytes(2, "little")
    return bytes(data)


@pytest.mark.parametrize("damage, reason", [("stream", "Error -3"), ("method", "compression method")])
def test_a_member_that_cannot_be_unpacked_refuses_the_whole_archive_naming_it(tmp_path, damage, reason):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as written:
        for name, content in the_run().items():
            written.writestr(zipfile.ZipInfo(name + "/") if content is None else name, content or b"")
    bad = damaged(buffer.getvalue(), f"{RUN}/metadata.json", damage)

    with pytest.raises(InputError, match=reason) as refused:
        gitlab_run_archive.extract(bad, RUN, tmp_path / "run", "the artifact")

    assert str(refused.value).startswith(f"the artifact: member '{RUN}/metadata.json' cannot be unpacked: ")
    assert not (tmp_path / "run").exists()


def test_too_many_members_or_a_destination_in_use_are_refused(tmp_path):
    crowded = the_run(**{f"{RUN}/plots/{index}.png": b"" for index in range(gitlab_run_archive.MAX_MEMBERS)})
    with pytest.raises(InputError, match="MAX_MEMBERS"):
        gitlab_run_archive.extract(archive(crowded), RUN, tmp_path / "run", "the artifact")
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "left").write_text("")
    with pytest.raises(InputError, match="not empty"):
        gitlab_run_archive.extract(archive(the_run()), RUN, tmp_path / "used", "the artifact")


def test_the_command_fetches_through_the_api_with_the_token_in_its_header(tmp_path):
    check_job = tmp_path / ".gitlab-ci-local/artifacts/latency:check"
    for name, content in the_run().items():
        path = check_job / name
        if content is None:
            path.mkdir(parents=True, exist_ok=True)
        else:
            path.write_bytes(content)

    def fetch(token, into):
        return subprocess.run([LATENCY_GATE, "fetch-gitlab-run", "--api-url", api_url, "--project", "7",
                               "--pipeline", "1000", "--job", "latency:check", "--run-directory", RUN,
                               "--into", str(into)], capture_output=True, text=True,
                              env={"PATH": "/usr/bin:/bin", "LATENCY_GATE_GITLAB_TOKEN": token})

    with gitlab_standin.serve(tmp_path) as (api_url, requests):
        refused = fetch("another-token", tmp_path / "refused")
        fetched = fetch(gitlab_standin.TOKEN, tmp_path / "run")

    assert refused.returncode == 5 and "401" in refused.stderr and not (tmp_path / "refused").exists()
    assert fetched.returncode == 0, fetched.stderr
    assert sorted(path.name for path in (tmp_path / "run").iterdir()) == sorted(RUN_FILES)
    assert [path.split("?")[0] for path, _ in requests[-2:]] == [
        "/api/v4/projects/7/pipelines/1000/jobs", f"/api/v4/projects/7/jobs/{gitlab_standin.JOB_IDS['latency:check']}/artifacts"]
    assert all(token == gitlab_standin.TOKEN for _, token in requests[-2:])


def test_a_redirect_of_the_download_is_followed_without_the_token(tmp_path):
    """GitLab may answer an artifact download with a redirect to object storage, another host:
    the archive is fetched from there, and the token goes to the API alone."""
    requests, stored = [], archive(the_run())

    class Handler(gitlab_standin.QuietHandler):
        def do_GET(self):
            requests.append((self.headers.get("Host").split(":")[0], self.path, self.headers.get("PRIVATE-TOKEN")))
            if self.path.endswith("/artifacts"):  # to the same server under another host name
                location = f"http://localhost:{self.server.server_address[1]}/storage/archive.zip"
                return self.answer(302, b"", None, [("Location", location)])
            return self.answer(200, stored, None)

    with loopback_http.serving(Handler) as port:
        fetched = gitlab_run_archive.GitLab(f"http://127.0.0.1:{port}/api/v4", 7, "s3cret").artifacts(502)

    assert fetched == stored
    assert requests == [("127.0.0.1", "/api/v4/projects/7/jobs/502/artifacts", "s3cret"),
                        ("localhost", "/storage/archive.zip", None)]


@pytest.mark.parametrize("reply", [
    b"garbage\r\n\r\n",  # no HTTP status line
    b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort",  # the connection closed inside the body
    b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",  # a broken chunk
])
def test_a_download_the_server_breaks_off_or_garbles_is_a_service_failure(tmp_path, reply):
    """It was a traceback (http.client's BadStatusLine, IncompleteRead), exit 1, or for a short body
    "not a zip archive", bad input (3), where the service failed (5)."""
    class Handler(gitlab_standin.QuietHandler):
        def do_GET(self):
            self.wfile.write(reply)
            self.close_connection = True

    with loopback_http.serving(Handler) as port:
        with pytest.raises(ServiceError) as failed:
            gitlab_run_archive.GitLab(f"http://127.0.0.1:{port}/api/v4", 7, "s3cret").artifacts(502)

    assert str(failed.value).startswith(f"GitLab API: GET http://127.0.0.1:{port}/api/v4/projects/7/jobs/502/artifacts")
    assert failed.value.exit_code == 5
