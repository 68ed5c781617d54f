"""Fetch what a GitLab pipeline's job uploaded, through GitLab's jobs API, into an empty
directory: how a job holding a token receives another job's artifact (.gitlab-ci.yml: pages the
check job's run, latency:verdict-note the gate's verdict), never through `needs:`, which would
unpack the archive into its checkout and give it the job's dotenv variables.

The job of that name in the pipeline (passed or failed) is looked up, its artifact archive
downloaded (at most {max_archive} bytes), and every member checked before anything is written:
a member outside the directory asked for, a link or other special file, a duplicate, an
encrypted or oversized member, or more than {max_members} members refuse the whole archive
(exit 3). Then only the files of --files are written into the directory (run: the run's own
files, metadata.json, summaries, check reports, instruction counts; verdict: gate_result.json
and bisect_result.json); everything else stays packed. The token is read from ${token} and sent
in the PRIVATE-TOKEN header only; the API failing is exit 5.
"""

import os
from pathlib import Path

from latency_gate.ci import gitlab_api, gitlab_run_archive
from latency_gate.cli.options import option
from latency_gate.errors import EXIT_OK, ServiceError


def add_arguments(parser):
    parser.description = __doc__.format(max_archive=gitlab_run_archive.MAX_ARCHIVE_BYTES,
                                        max_members=gitlab_run_archive.MAX_MEMBERS, token=gitlab_api.TOKEN_VARIABLE).strip()
    option(parser, "api-url", required=True, help="GitLab's API (CI_API_V4_URL)")
    option(parser, "project", required=True, help="project id (CI_PROJECT_ID)")
    option(parser, "pipeline", type=int, required=True, help="pipeline id (CI_PIPELINE_ID)")
    option(parser, "job", required=True, help="name of the job whose artifact holds the run (latency:check)")
    option(parser, "run-directory", required=True, help="the directory inside the artifact (results/run, gate)")
    option(parser, "files", choices=tuple(gitlab_run_archive.TAKEN), default="run",
           help="what to take from it: a run's own files, or a gate's verdict (default: %(default)s)")
    option(parser, "into", type=Path, required=True, help="an empty directory (made when missing) for the files")


def run(args):
    token = os.environ.get(gitlab_api.TOKEN_VARIABLE)
    if not token:
        raise ServiceError(f"{gitlab_api.TOKEN_VARIABLE} is not set: the job needs a token that may read the project's API")
    gitlab = gitlab_run_archive.GitLab(args.api_url, args.project, token)
    files = gitlab_run_archive.fetch(gitlab, args.pipeline, args.job, args.run_directory, args.into, args.files)
    print(f"fetch-gitlab-run: {len(files)} file{'s' * (len(files) != 1)} of {args.job} in {args.into}")
    return EXIT_OK
