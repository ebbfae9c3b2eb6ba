"""Handlers of the `crimeassist` commands; each returns the process exit code."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import structlog

from app.cli.output import emit, run_async
from app.settings import Settings
from schemas.errors import BadInput, NotAuthorised
from schemas.page_context import PageContext
from schemas.request import ChatRequest
from tools.roster import load_roster, officer_by_badge

if TYPE_CHECKING:
    from tools.knowledge.index import KnowledgeIndex

KB_DIR = Path(__file__).resolve().parents[2] / "kb"
DEFAULT_PG_DSN = "postgresql://postgres@127.0.0.1:5432/crimeassist_records"


def seed_demo(args: argparse.Namespace, settings: Settings) -> int:
    """Build the demo records (SQLite file or PostgreSQL database) and the knowledge-base index."""
    from tools.records.seed import build_records_db

    if args.backend == "postgres":
        from tools.records.seed_pg import load_postgres

        dsn = args.pg_dsn or settings.records_pg_dsn or DEFAULT_PG_DSN
        stats = load_postgres(dsn, n_firs=args.firs, seed=args.seed, progress=seed_progress)
    else:
        stats = build_records_db(
            settings.records_path, n_firs=args.firs, seed=args.seed, progress=seed_progress
        )
    index = open_demo_index(settings)
    try:
        report = index.ingest([KB_DIR])
    finally:
        index.close()
    payload = {
        "backend": args.backend,
        "records": str(stats.path),
        "firs": stats.firs,
        "persons": stats.persons,
        "vehicles": stats.vehicles,
        "stations": stats.stations,
        "seconds": round(stats.seconds, 2),
        "kb_documents": report.documents,
        "kb_chunks": report.chunks,
    }
    emit(
        args,
        payload,
        f"seeded {stats.firs} FIRs into {stats.path} ({args.backend}) in {stats.seconds:.1f} s; "
        f"indexed {report.documents} documents ({report.chunks} chunks)",
    )
    return 0


def open_demo_index(settings: Settings) -> KnowledgeIndex:
    """The demo home's embedded index; one of an earlier layout is deleted and built anew,
    since seed-demo rebuilds it from `kb/` anyway."""
    from tools.knowledge.index import KnowledgeIndex, OldIndexLayout

    try:
        return KnowledgeIndex.open(path=settings.qdrant_path, collection=settings.kb_collection)
    except OldIndexLayout as old:
        seed_progress(f"  {old.detail}; seed-demo rebuilds the demo index now")
    shutil.rmtree(settings.qdrant_path / settings.kb_collection)
    return KnowledgeIndex.open(path=settings.qdrant_path, collection=settings.kb_collection)


def seed_progress(line: str) -> None:
    """Seeding progress, on stderr so `--json` output stays one document."""
    print(line, file=sys.stderr, flush=True)


def serve(args: argparse.Namespace, settings: Settings) -> int:
    """Run the HTTP service and the demo chat page; `--workers N` runs N processes on one
    socket (uvicorn's workers), each building its own services from the environment. They
    share state only through the configured backends (docs/deploy.md)."""
    import uvicorn

    from app.api.service import create_app

    if args.workers == 1:
        uvicorn.run(create_app(settings), host=args.host, port=args.port, log_config=None)
        return 0
    create_app(settings)  # refuse unsafe settings here, before any worker starts
    if getattr(args, "db", None):  # each worker reads its settings from the environment
        os.environ["CRIMEASSIST_RECORDS_DB"] = str(args.db)
    uvicorn.run(
        "app.api.service:create_app_from_environment",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_config=None,
    )
    return 0


def load_page_context(raw: str | None) -> PageContext | None:
    """--page-context as inline JSON or @file."""
    if not raw:
        return None
    text = Path(raw[1:]).read_text(encoding="utf-8") if raw.startswith("@") else raw
    try:
        return PageContext.model_validate_json(text)
    except ValueError as error:
        raise BadInput(f"invalid page context: {error}") from None


def ask(args: argparse.Namespace, settings: Settings) -> int:
    """One full run of the graph for a roster officer (`--as`, after the identity checks).

    A greeting, thanks or slash command the router's overrides send to smalltalk, with no
    image and no conversation, runs the same nodes without LangGraph (`graph.direct`): the
    same answer and the same audit events, without a second of imports."""
    from app.assistant import RawImage, new_request_id
    from app.auth import require_safe_identity
    from app.wiring import open_assistant, open_direct_assistant
    from graph.direct import takes_direct_path

    require_safe_identity(settings)
    officer = officer_by_badge(args.badge)  # what a token minted here for --as would verify to
    images = [RawImage(Path(p).name, None, Path(p).read_bytes()) for p in args.image]
    request = ChatRequest(
        message=args.text,
        page_context=load_page_context(args.page_context),
        conversation_id=args.conversation,
    )

    request_id = new_request_id()
    structlog.contextvars.bind_contextvars(request_id=request_id, badge_id=officer.badge_id)

    direct = takes_direct_path(args.text, len(images), args.conversation)
    opener = open_direct_assistant if direct else open_assistant

    async def run() -> Any:
        async with opener(settings) as assistant:
            return await assistant.ask(officer, request, images, request_id=request_id)

    response = run_async(run())
    emit(args, response.model_dump(mode="json"), render_response(response.model_dump(mode="json")))
    return 0


def render_response(response: dict[str, Any]) -> str:
    """A readable rendering of the response for the terminal."""
    lines = [
        response["answer"],
        "",
        f"route: {response['route']} ({response['confidence']:.2f}) "
        f"via {', '.join(response['routes_executed'])}",
    ]
    for citation in response["citations"]:
        lines.append(f"  [{citation['kind']}] {citation['title']}: {citation['snippet'][:120]}")
    if response["warnings"]:
        lines.append("warnings: " + "; ".join(response["warnings"]))
    red = response["redactions"]
    lines.append(
        f"redactions: {red['pre_retrieval']} before, {red['post_generation']} after "
        f"generation; partial: {response['partial']}; audit head {response['audit_head'][:16]}"
    )
    return "\n".join(lines)


def route(args: argparse.Namespace, settings: Settings) -> int:
    """The router's decision only, for one text or a JSONL file (one JSON line out per line
    in; a bad line is reported as that line's error and the rest go on; exit 1 if any failed)."""
    from app.cli.routing import decide_lines, decide_texts

    if args.jsonl:
        lines = Path(args.jsonl).read_text(encoding="utf-8").splitlines()
        results = run_async(decide_lines(settings, lines))
        for result in results:
            print(json.dumps(result, ensure_ascii=False))
        return 1 if any("error" in result for result in results) else 0
    if not args.text:
        raise BadInput("give a text or --jsonl FILE")
    d = run_async(decide_texts(settings, [{"text": args.text}]))[0]
    emit(args, d, f"{d['route']} ({d['confidence']:.2f}) decided by {d['stage']}: {d['reason']}")
    return 0


def zcql_validate(args: argparse.Namespace, settings: Settings) -> int:
    """The validator's verdict and every reason; exit 0 accepted, 1 rejected."""
    from validators.zcql.validate import validate

    verdict = validate(args.statement, officer_by_badge(args.badge).precincts)
    text = (
        "accepted"
        if verdict.accepted
        else "rejected:\n" + "\n".join(f"  - {reason}" for reason in verdict.reasons)
    )
    emit(args, verdict.to_dict(), text)
    return 0 if verdict.accepted else 1


def zcql_run(args: argparse.Namespace, settings: Settings) -> int:
    """Validate, execute read-only, apply clearance; print the rows the officer may see.

    Nothing printed depends on rows the officer may not see: withheld-row counts and their
    reasons go to the audit trail of the service paths, never to this output.
    """
    from app.wiring import records_service

    officer = officer_by_badge(args.badge)
    verdict, cleared = run_async(records_service(settings).run_statement(args.statement, officer))
    if cleared is None:
        emit(
            args, verdict.to_dict(), "rejected:\n" + "\n".join(f"  - {r}" for r in verdict.reasons)
        )
        return 1
    payload = {
        "columns": cleared.columns,
        "rows": cleared.rows,
        "masked_fields": cleared.masked_fields,
    }
    lines = ["\t".join(cleared.columns)]
    lines += ["\t".join(str(row.get(c, "")) for c in cleared.columns) for row in cleared.rows]
    lines.append(f"({len(cleared.rows)} rows; {cleared.masked_fields} fields masked)")
    emit(args, payload, "\n".join(lines))
    return 0


def kb_ingest(args: argparse.Namespace, settings: Settings) -> int:
    """Add Markdown documents to the knowledge base."""
    from app.wiring import open_knowledge

    index = open_knowledge(settings)
    try:
        report = index.ingest([Path(p) for p in args.paths])
    finally:
        index.close()
    emit(
        args,
        {"documents": report.documents, "chunks": report.chunks},
        f"ingested {report.documents} documents ({report.chunks} chunks)",
    )
    return 0


def officers(args: argparse.Namespace, settings: Settings) -> int:
    """The demo roster."""
    roster: list[dict[str, Any]] = [
        {
            "badge_id": o.badge_id,
            "name": o.name,
            "rank": o.rank,
            "clearance": o.clearance,
            "precincts": sorted(o.precincts),
            "roles": sorted(o.roles),
        }
        for o in load_roster().values()
    ]
    lines = [
        f"{o['badge_id']:8} c{o['clearance']} {o['rank']:6} {o['name']:24} "
        f"{len(o['precincts'])} precinct(s) {','.join(o['roles'])}"
        for o in roster
    ]
    emit(args, roster, "\n".join(lines))
    return 0


def token(args: argparse.Namespace, settings: Settings) -> int:
    """A demo bearer token (demo mode only)."""
    from app.auth import TokenService

    if not settings.demo_mode:
        raise NotAuthorised("demo tokens are only issued in demo mode")
    minted = TokenService.from_settings(settings).mint(args.badge)
    emit(args, {"token": minted, "badge_id": args.badge}, minted)
    return 0


def audit_verify(args: argparse.Namespace, settings: Settings) -> int:
    """Check the chain, its signed anchor and (--witness) the latest witnessed checkpoint;
    exit 0 intact, 1 broken (with a named reason)."""
    from app.wiring import audit_config
    from tools.audit.trail import verify_configured

    report = verify_configured(audit_config(settings), args.witness)
    emit(args, report.to_dict(), report.text())
    return 0 if report.ok else 1


def replay(args: argparse.Namespace, settings: Settings) -> int:
    """Export logged decisions, or re-run a log through the current (or candidate) router."""
    from app.cli.routing import export_decisions, replay_log

    if args.export:
        count = export_decisions(settings, Path(args.export))
        emit(args, {"exported": count, "path": args.export}, f"exported {count} decisions")
        return 0
    if not args.log:
        raise BadInput("give a decision log, or --export OUT")
    report = replay_log(settings, Path(args.log), args.accept_threshold, args.train)
    if args.json:
        print(report.to_json())
    else:
        sys.stdout.write(report.to_text() + "\n")
    return 0
