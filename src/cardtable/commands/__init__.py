"""Command-line commands kept in their own modules.

Each module has ``add_arguments(parser)`` (fills in its argparse subparser)
and ``run(args) -> int`` (the exit status); bad arguments raise the CLI's
``UsageError`` (one line on stderr, exit status 2). Heavy modules are imported
inside ``run``.
"""
