"""The command line's commands, one module each.

Each module has ``add_arguments(parser)`` (fills in its argparse subparser)
and ``run(args) -> int`` (the exit status); bad arguments raise
``common.UsageError`` (one line on stderr, exit status 2). What the commands
share is ``common``. Heavy modules are imported inside ``run``, so that
``cardtable.cli`` builds its parser from every module without importing them.
"""
