"""What a GitLab pipeline's job uploaded, fetched through GitLab's jobs API by a job that holds a
token, every member of the archive checked before one byte is written: the run of the check
job, for the history job; the gate's verdict of the relative gate's job, for the note's job.

Why a job holding a token does not let GitLab hand it the artifact (`needs:`, `dependencies:`):
GitLab unpacks every member of a job's artifact archive into the project directory, after the
checkout and before the job's script, and gives it the variables of the job's dotenv report,
above the job's own and GitLab's predefined ones. The check and gate jobs run on the latency
runner, which merge requests' jobs share (the gate's runs the merge request's code), so their
archives are untrusted: any member (a script of this repository, a `venv/__main__.py` that
`python3 -m venv` would import from the working directory, a hook under `history/.git/hooks/`)
or variable (where to fetch the CLI from, the API's address) would act in the job that holds
the token (docs/security.md). Here the archive is read into memory from the API, every member
is checked (its name under the directory asked for, a regular file or a directory, how many,
how large) and only then are the files taken (TAKEN: the run's own files publish-history reads,
not its measurements or plots; or the gate's result) written into an empty directory the caller
made outside any checkout. A bad archive is refused as a whole: nothing is written.
"""

import fnmatch
import lzma
import stat
import zipfile
import zlib
from io import BytesIO
from pathlib import Path, PurePosixPath

from latency_gate.ci import gitlab_api
from latency_gate.contracts import bisect_result, formats, gate_result, instruction_counts, run_metadata
from latency_gate.errors import InputError, ServiceError
from latency_gate.store import history

# A full-matrix run's artifact (raw measurements and plots included) is a few megabytes.
MAX_ARCHIVE_BYTES = 64 * 1024 * 1024
MAX_MEMBERS = 5000
# What is taken from an archive (everything else stays packed): a run's own files, which
# publish-history reads (store/history.py), or a gate's verdict, which pr-comment reads.
TAKEN = {
    "run": (run_metadata.METADATA_FILE, formats.SUMMARY_GLOB, formats.CHECKS_GLOB, instruction_counts.COUNTS_GLOB),
    "verdict": (gate_result.FILE, bisect_result.FILE),
}


class GitLab(gitlab_api.GitLab):
    """The jobs API calls of the history job."""

    def job_id(self, pipeline, name):
        """The id of the job `name` of pipeline `pipeline` that finished (passed or failed: a
        violation on the default branch is history too)."""
        jobs = self.json("GET", f"pipelines/{int(pipeline)}/jobs", query={"per_page": gitlab_api.PAGE_SIZE})
        finished = [job for job in (jobs if isinstance(jobs, list) else []) if isinstance(job, dict) and job.get("name") == name
                    and job.get("status") in ("success", "failed") and isinstance(job.get("id"), int)]
        if len(finished) != 1:
            raise ServiceError(f"GitLab API: pipeline {pipeline} has {len(finished)} finished jobs named '{name}', "
                               "not one")
        return finished[0]["id"]

    def artifacts(self, job):
        """The artifact archive (zip) of job `job`, as bytes."""
        return self.get(f"jobs/{int(job)}/artifacts", limit=MAX_ARCHIVE_BYTES)


def fetch(gitlab, pipeline, job_name, run_directory, destination, taken="run"):
    """Write the files `taken` (a key of TAKEN) found directly in `run_directory` (e.g. results/run)
    of `job_name`'s artifact in `pipeline` into `destination`, an empty directory; returns the
    files written."""
    job = gitlab.job_id(pipeline, job_name)
    return extract(gitlab.artifacts(job), run_directory, destination, f"the artifact of job {job} ({job_name})", taken)


def extract(archive, run_directory, destination, source, taken="run"):
    """Check every member of the zip `archive`, then write the files `taken` (a key of TAKEN) found
    directly in `run_directory` into the empty directory `destination`. InputError, naming `source`
    and the member, on the first member that is not a regular file or directory under
    `run_directory`, a duplicate, an encrypted or oversized one, or too many members, and when
    none of the files is there."""
    patterns = TAKEN[taken]
    destination = Path(destination)
    if destination.exists() and any(destination.iterdir()):
        raise InputError("not empty: the run is unpacked into an empty directory only", destination)
    try:
        members = zipfile.ZipFile(BytesIO(archive)).infolist()
    except (zipfile.BadZipFile, ValueError) as error:
        raise InputError(f"not a zip archive: {error}", source) from None
    if len(members) > MAX_MEMBERS:
        raise InputError(f"{len(members)} members, more than a run's artifact may hold (MAX_MEMBERS, {MAX_MEMBERS})",
                         source)
    run = PurePosixPath(run_directory)
    chosen, seen, unpacked = [], set(), 0
    for member in members:
        name = _checked_name(member.filename, run, source)
        if name in seen:
            raise InputError(f"member '{member.filename}' appears twice", source)
        seen.add(name)
        kind = stat.S_IFMT(member.external_attr >> 16)  # 0: the archiver recorded no file type
        if member.flag_bits & 0x1:
            raise InputError(f"member '{member.filename}' is encrypted", source)
        if kind not in (0, stat.S_IFREG, stat.S_IFDIR) or (member.is_dir() and member.file_size):
            raise InputError(f"member '{member.filename}' is not a regular file or directory (a link, a device, "
                             "...): refused", source)
        unpacked += member.file_size
        if unpacked > MAX_ARCHIVE_BYTES:
            raise InputError(f"its members hold more than {MAX_ARCHIVE_BYTES} bytes unpacked (MAX_ARCHIVE_BYTES)",
                             source)
        if not member.is_dir() and name.parent == run and any(fnmatch.fnmatchcase(name.name, p) for p in patterns):
            if member.file_size > history.MAX_FILE_BYTES:
                raise InputError(f"member '{member.filename}' holds {member.file_size} bytes, more than a run's file "
                                 f"may (MAX_FILE_BYTES, {history.MAX_FILE_BYTES})", source)
            chosen.append(member)
    if not chosen:
        raise InputError(f"none of the {taken}'s files ({', '.join(patterns)}) in {run}/", source)
    contents = {}
    with zipfile.ZipFile(BytesIO(archive)) as opened:
        for member in chosen:
            try:
                with opened.open(member) as packed:
                    data = packed.read(history.MAX_FILE_BYTES + 1)  # the declared size is the archive's word only
            # zlib's, lzma's and zipfile's own errors (a corrupt stream, a compression or
            # encryption it does not support) as well as the I/O ones: all mean a bad archive.
            except (zipfile.BadZipFile, OSError, EOFError, zlib.error, lzma.LZMAError, NotImplementedError,
                    RuntimeError) as error:
                raise InputError(f"member '{member.filename}' cannot be unpacked: {error}", source) from None
            if len(data) > history.MAX_FILE_BYTES:
                raise InputError(f"member '{member.filename}' unpacks to more than MAX_FILE_BYTES", source)
            contents[PurePosixPath(member.filename).name] = data
    destination.mkdir(parents=True, exist_ok=True)  # only now: a refused archive writes nothing
    for name, data in contents.items():
        with open(destination / name, "xb") as written:
            written.write(data)
    return sorted(destination / name for name in contents)


def _checked_name(filename, run, source):
    """The member's path, when it is `run`, a directory above it, or inside it; InputError otherwise."""
    path = PurePosixPath(filename.rstrip("/"))
    parts = filename.rstrip("/").split("/")
    if (not filename or filename.startswith("/") or "\\" in filename or "\0" in filename
            or any(part in ("", ".", "..") for part in parts)):
        raise InputError(f"member '{filename}' is not a plain relative path: refused", source)
    if not (path == run or run in path.parents or path in run.parents):
        raise InputError(f"member '{filename}' is outside the run's directory {run}/: refused (a job on the latency "
                         "runner may have made this archive)", source)
    return path
