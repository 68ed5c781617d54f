"""List the registered middleware backends (runner/middleware/), or the project's directories a
backend's programs are built from beyond the default build, for the scripts that build and key
those programs (scripts/setup/build_latencytest.sh, scripts/setup/latencytest_cache_key.sh), or the
script that builds what a backend's fullest counted path needs (scripts/ci/relative_gate.sh), so
no script names a middleware."""

from latency_gate.errors import EXIT_OK
from latency_gate.runner.middleware import BACKENDS, DEFAULT_MIDDLEWARE, backend, interface


def add_arguments(parser):
    parser.add_argument("middlewares", nargs="*", metavar="MIDDLEWARE",
                        help="the backends to show (default: every registered one that loads)")
    parser.add_argument("--sources", action="store_true",
                        help="print only the repository directories their programs are built from beyond the "
                             "default build (scripts/setup/build_latencytest.sh), one a line; none: nothing")
    parser.add_argument("--counted-setup", action="store_true",
                        help="print only the script that builds what each backend's fullest counted path needs "
                             f"(default backend: {DEFAULT_MIDDLEWARE}), a path relative to the repository or "
                             "absolute; none: nothing")


def run(args):
    if args.counted_setup:
        for name in args.middlewares or [DEFAULT_MIDDLEWARE]:
            setup = interface.counted_setup(backend(name))
            if setup:
                print(setup)
        return EXIT_OK
    chosen = {name: backend(name) for name in args.middlewares} if args.middlewares else BACKENDS.usable()
    for name, chosen_backend in chosen.items():
        if args.sources:
            for directory in interface.build_sources(chosen_backend):
                print(directory)
        else:
            print(f"{name}\t{chosen_backend.TITLE}\tinterface {chosen_backend.EXTENSION_POINT_VERSION}\t"
                  f"{', '.join(chosen_backend.PROGRAMS)}")
    return EXIT_OK
