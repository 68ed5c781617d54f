"""Fetch the run a GitLab pipeline's check job uploaded, through GitLab's jobs API, into an
empty directory: the history job's way to receive it (.gitlab-ci.yml, pages).

The job of that name in the pipeline (passed or failed) is looked up, its artifact archive
downloaded (at most {max_archive} bytes), and every member checked before anything is written:
a member outside the run's directory, a link or other special file, a duplicate, an encrypted
or oversized member, or more than {max_members} members refuse the whole archive (exit 3).
Then only the run's own files (metadata.json, summaries, check reports, instruction counts)
are written into the directory; measurements and plots stay packed. The token is read from
${token} and sent in the PRIVATE-TOKEN header only; the API failing is exit 5.
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
    option(parser, "run-directory", required=True, help="the run's directory inside the artifact (results/run)")
    option(parser, "into", type=Path, required=True, help="an empty directory (made when missing) for the run's files")


def run(args):
    token = os.environ.get(gitlab_api.TOKEN_VARIABLE)
    if not token:
        raise ServiceError(f"{gitlab_api.TOKEN_VARIABLE} is not set: the job needs a token that may read the project's API")
    gitlab = gitlab_run_archive.GitLab(args.api_url, args.project, token)
    files = gitlab_run_archive.fetch(gitlab, args.pipeline, args.job, args.run_directory, args.into)
    print(f"fetch-gitlab-run: {len(files)} run files of {args.job} in {args.into}")
    return EXIT_OK
