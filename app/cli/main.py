"""The `crimeassist` argument parser and dispatcher. Nothing needs a network or a key."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

import structlog

from app.cli import commands
from app.cli.output import settings_for
from app.logging import configure_logging
from app.settings import Settings
from schemas.errors import CrimeAssistError

Handler = Callable[[argparse.Namespace, Settings], int]


def common(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """--json and --db on every command."""
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--db", help="another records database (SQLite path)")
    return parser


def build_parser() -> argparse.ArgumentParser:
    """Every command of contract section 6."""
    parser = argparse.ArgumentParser(prog="crimeassist", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    seed = common(sub.add_parser("seed-demo", help="build the demo records and knowledge base"))
    seed.add_argument("--firs", type=int, default=20000)
    seed.add_argument("--seed", type=int, default=7)
    seed.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    seed.add_argument("--pg-dsn", help="PostgreSQL to load, as its owner (--backend postgres)")
    seed.set_defaults(handler=commands.seed_demo)

    serve = common(sub.add_parser("serve", help="run the HTTP service and the demo chat page"))
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--workers", type=int, default=1, help="service processes on the one port (default 1)"
    )
    serve.set_defaults(handler=commands.serve)

    ask = common(sub.add_parser("ask", help="one full run of the graph"))
    ask.add_argument("text")
    ask.add_argument("--as", dest="badge", required=True)
    ask.add_argument("--page-context", help="PageContext JSON or @file")
    ask.add_argument("--image", action="append", default=[], help="an image path (repeatable)")
    ask.add_argument("--conversation", help="conversation id for memory across runs")
    ask.set_defaults(handler=commands.ask)

    route = common(sub.add_parser("route", help="the router's decision only"))
    route.add_argument("text", nargs="?")
    route.add_argument("--jsonl", help="a file of JSON lines with a 'text' field")
    route.set_defaults(handler=commands.route)

    zcql = sub.add_parser("zcql", help="validate or run a ZCQL statement")
    zsub = zcql.add_subparsers(dest="zcql_command", required=True)
    for name, handler in (("validate", commands.zcql_validate), ("run", commands.zcql_run)):
        item = common(zsub.add_parser(name))
        item.add_argument("statement")
        item.add_argument("--as", dest="badge", required=True)
        item.set_defaults(handler=handler)

    kb = sub.add_parser("kb", help="knowledge base")
    ksub = kb.add_subparsers(dest="kb_command", required=True)
    ingest = common(ksub.add_parser("ingest", help="add Markdown documents"))
    ingest.add_argument("paths", nargs="+")
    ingest.set_defaults(handler=commands.kb_ingest)

    officers = common(sub.add_parser("officers", help="the demo roster"))
    officers.set_defaults(handler=commands.officers)

    token = common(sub.add_parser("token", help="a demo bearer token"))
    token.add_argument("--as", dest="badge", required=True)
    token.set_defaults(handler=commands.token)

    audit = sub.add_parser("audit", help="the audit trail")
    asub = audit.add_subparsers(dest="audit_command", required=True)
    verify = common(asub.add_parser("verify", help="check the hash chain and its signed anchor"))
    verify.add_argument(
        "--witness",
        nargs="?",
        const="configured",
        metavar="PATH_OR_DSN",
        help="also compare with the latest witnessed checkpoint (default: the configured witness)",
    )
    verify.set_defaults(handler=commands.audit_verify)

    replay = common(sub.add_parser("replay", help="re-run logged router decisions offline"))
    replay.add_argument("log", nargs="?", help="a decision log (JSONL)")
    replay.add_argument("--export", metavar="OUT", help="export decisions from the audit trail")
    replay.add_argument("--accept-threshold", type=float)
    replay.add_argument("--train", help="a candidate training set (JSONL) for the classifier")
    replay.set_defaults(handler=commands.replay)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse, dispatch, and turn expected failures into a clear message and exit code 2."""
    from app.auth import UnsafeConfiguration

    args = build_parser().parse_args(argv)
    handler: Handler = args.handler
    settings = settings_for(args)
    configure_logging(settings.log_level)
    structlog.contextvars.bind_contextvars(command=args.command)
    try:
        return handler(args, settings)
    except UnsafeConfiguration as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except CrimeAssistError as error:
        if args.json:
            print(json.dumps({"error": error.code, "message": error.detail}))
        else:
            print(f"error: {error.detail}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    finally:
        structlog.contextvars.clear_contextvars()
