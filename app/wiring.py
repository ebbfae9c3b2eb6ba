"""Builds the long-lived services once (lifespan or CLI run): sinks, stores, models, the graph."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import TYPE_CHECKING, Any

from app.assistant import Assistant
from app.settings import Settings
from app.upload_pool import UploadPool
from graph.context import GraphContext, configured, utc_clock
from schemas.errors import BackendUnavailable
from tools.audit.sink import AuditSink
from tools.audit.trail import AuditConfig, AuditTrail

if TYPE_CHECKING:  # LangGraph, LangChain and the model clients load only where they are used
    from langgraph.checkpoint.base import BaseCheckpointSaver
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    from tools.records.executor import RecordsExecutor
    from tools.vision.http import TokenProvider
    from tools.vision.preparser import Preparser

CHECKPOINT_SETUP_LOCK = 0x63615F636B707430
"""The PostgreSQL advisory lock key under which a replica runs the checkpointer's migrations:
LangGraph's `setup()` is not safe for two processes at once (both insert the same migration)."""


def audit_config(settings: Settings) -> AuditConfig:
    """The audit trail's settings (docs/audit.md)."""
    key = settings.audit_signing_key
    return AuditConfig(
        home=settings.home,
        backend=settings.audit_backend,
        sqlite_path=settings.audit_path,
        pg_dsn=settings.audit_pg_dsn,
        demo_mode=settings.demo_mode,
        signing_key_pem=key.get_secret_value().encode() if key else None,
        signing_key_file=settings.audit_signing_key_file,
        public_key_pem=settings.audit_public_key.encode() if settings.audit_public_key else None,
        public_key_file=settings.audit_public_key_file,
        checkpoint_interval_s=settings.audit_checkpoint_interval_s,
        witness_file=settings.audit_witness_file,
        witness_pg_dsn=settings.audit_witness_pg_dsn,
        siem_url=settings.siem_url,
        group_commit=settings.audit_group_commit,
    )


def open_audit_sink(settings: Settings) -> AuditSink:
    """SQLite by default, PostgreSQL (INSERT-only role) when configured; signed checkpoints,
    witnesses and the SIEM export as configured. Refuses to start without a key in production."""
    return AuditTrail(audit_config(settings))


def catalyst_token_provider(settings: Settings) -> TokenProvider | None:
    """The Catalyst OAuth token as an async provider, when one is configured."""
    if settings.catalyst_token is None:
        return None
    token = settings.catalyst_token.get_secret_value()

    async def provide() -> str:
        return token

    return provide


def open_vision(settings: Settings) -> Preparser:
    """Zia (local OCR as its fallback) when enabled with a project and token; else local."""
    from tools.vision.factory import build_preparser
    from tools.vision.preparser import VisionPreparser

    return build_preparser(
        VisionPreparser.load(),
        zia_enabled=settings.zia_enabled,
        api_domain=settings.catalyst_api_domain,
        project_id=settings.catalyst_project_id,
        org_id=settings.catalyst_org_id,
        token_provider=catalyst_token_provider(settings),
    )


def open_records(settings: Settings) -> RecordsExecutor:
    """The read-only executor for the configured records backend."""
    if settings.records_backend == "postgres":
        from tools.records.postgres_executor import PostgresExecutor

        if not settings.records_pg_dsn:
            raise BackendUnavailable("CRIMEASSIST_RECORDS_PG_DSN is not set")
        return PostgresExecutor(settings.records_pg_dsn, timeout_s=settings.records_timeout_s)
    if settings.records_backend == "catalyst":
        from tools.records.catalyst_executor import CatalystExecutor

        token_provider = catalyst_token_provider(settings)
        if not settings.catalyst_project_id or token_provider is None:
            raise BackendUnavailable("Catalyst project id and token are not configured")
        return CatalystExecutor(
            settings.catalyst_api_domain,
            settings.catalyst_project_id,
            token_provider,
            org_id=settings.catalyst_org_id,
            timeout_s=settings.records_timeout_s,
        )
    from tools.records.sqlite_executor import SqliteExecutor

    if not settings.records_path.exists():
        raise BackendUnavailable(
            f"no records database at {settings.records_path}; run `crimeassist seed-demo`"
        )
    return SqliteExecutor(settings.records_path, timeout_s=settings.records_timeout_s)


def open_knowledge(settings: Settings) -> Any:
    """Qdrant's embedded engine under CRIMEASSIST_HOME, or a server at QDRANT_URL."""
    from tools.knowledge.index import KnowledgeIndex

    if settings.qdrant_url:
        return KnowledgeIndex.open(url=settings.qdrant_url, collection=settings.kb_collection)
    return KnowledgeIndex.open(path=settings.qdrant_path, collection=settings.kb_collection)


def context_settings(settings: Settings) -> dict[str, Any]:
    """The context's tunables, shared by the full and the direct (smalltalk) context."""
    return {
        "page_context_ttl_s": settings.page_context_ttl_s,
        "page_context_skew_s": settings.page_context_skew_s,
        "history_turns": settings.history_turns,
        "router_accept_threshold": settings.router_accept_threshold,
        "router_llm_band_low": settings.router_llm_band_low,
        "fallback_max_cycles": settings.fallback_max_cycles,
        "fallback_tool_timeout_s": settings.fallback_tool_timeout_s,
        "fallback_deadline_s": settings.fallback_deadline_s,
    }


def build_context(settings: Settings, **overrides: Any) -> GraphContext:
    """Every service a node may use; `overrides` substitutes parts in tests."""
    from app.llm import build_chat_model
    from graph.cascade import RouterCascade
    from graph.routing.policy import Thresholds
    from tools.knowledge.service import KnowledgeService
    from tools.text2zcql.cascade import CascadeZcqlGenerator
    from validators.clearance.policy import load_policy
    from validators.guardrail.engine import Guardrail

    llm = overrides.pop("llm", None) or build_chat_model(settings)
    if "zcql_generator" not in overrides:
        if llm is not None:
            from tools.text2zcql.groq import GroqZcqlGenerator

            overrides["zcql_generator"] = CascadeZcqlGenerator(GroqZcqlGenerator(llm))
        else:
            overrides["zcql_generator"] = CascadeZcqlGenerator()
    context = GraphContext(
        llm=llm,
        router=overrides.pop("router", None)
        or RouterCascade.load(
            settings.home,
            Thresholds(settings.router_accept_threshold, settings.router_llm_band_low),
            llm,
        ),
        records=overrides.pop("records", None) or open_records(settings),
        policy=overrides.pop("policy", None) or load_policy(),
        knowledge=KnowledgeService(overrides.pop("knowledge", None) or open_knowledge(settings)),
        vision=overrides.pop("vision", None) or open_vision(settings),
        guardrail=overrides.pop("guardrail", None) or Guardrail.load(),
        **context_settings(settings),
        **overrides,
    )
    if not configured(context.records_service):
        context.records_service = records_service(
            settings,
            generator=context.zcql_generator,
            executor=context.records,
            policy=context.policy,
            clock=context.clock,
            timezone=context.timezone,
        )
    if not configured(context.fallback_tools):
        from app.fallback_services import fallback_services

        context.fallback_tools = fallback_services(context, settings)
    return context


def checkpoint_serde() -> JsonPlusSerializer:
    """LangGraph's serializer with an explicit msgpack allow-list: the project types of
    `graph.state.CHECKPOINTED_TYPES` (besides LangGraph's own safe types), nothing else."""
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    from graph.state import CHECKPOINTED_TYPES

    return JsonPlusSerializer(allowed_msgpack_modules=CHECKPOINTED_TYPES)


async def setup_lock(conn: Any, poll_s: float = 0.05) -> None:
    """Take `CHECKPOINT_SETUP_LOCK` on `conn`, polling: a replica blocked inside
    `pg_advisory_lock` would hold a snapshot that the migrations' CREATE INDEX CONCURRENTLY
    waits for, a deadlock PostgreSQL does not detect."""
    import asyncio

    while True:
        cur = await conn.execute(
            "SELECT pg_try_advisory_lock(%s) AS taken", (CHECKPOINT_SETUP_LOCK,)
        )
        row = await cur.fetchone()
        if row and row["taken"]:
            return
        await asyncio.sleep(poll_s)


async def open_checkpointer(settings: Settings, stack: AsyncExitStack) -> BaseCheckpointSaver[Any]:
    """Conversation memory: SQLite under CRIMEASSIST_HOME, or PostgreSQL shared by replicas."""
    if settings.checkpoint_backend == "postgres":
        from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
        from psycopg.rows import dict_row
        from psycopg_pool import AsyncConnectionPool

        if not settings.checkpoint_pg_dsn:
            raise BackendUnavailable("CRIMEASSIST_CHECKPOINT_PG_DSN is not set")
        pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
            settings.checkpoint_pg_dsn,
            min_size=1,
            max_size=8,
            open=False,
            kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row},
        )
        await pool.open(wait=True, timeout=10)
        stack.push_async_callback(pool.close)
        saver = AsyncPostgresSaver(conn=pool, serde=checkpoint_serde())
        async with pool.connection() as conn:  # replicas starting together migrate one by one
            await setup_lock(conn)
            try:
                await saver.setup()
            finally:
                await conn.execute("SELECT pg_advisory_unlock(%s)", (CHECKPOINT_SETUP_LOCK,))
        return saver
    import aiosqlite

    conn = await stack.enter_async_context(aiosqlite.connect(str(settings.checkpoints_path)))
    return await sqlite_checkpointer(conn)


async def sqlite_checkpointer(conn: Any) -> BaseCheckpointSaver[Any]:
    """LangGraph's SQLite saver on the aiosqlite connection `conn` (its read in fewer trips to
    the connection's thread, `app.sqlite_checkpoints`), its tables set up, with the SQLite
    audit sink's commit pragmas: WAL (LangGraph's `setup` sets it) and `synchronous=NORMAL`.
    A commit then appends to the WAL without waiting for the disk to flush it: a crashed
    process loses no committed turn and the file never corrupts; a power loss may lose the
    last turns' memory. What is stored is unchanged."""
    from app.sqlite_checkpoints import SqliteSaver

    saver = SqliteSaver(conn, serde=checkpoint_serde())
    await saver.setup()
    pragma = await conn.execute("PRAGMA synchronous=NORMAL")
    await pragma.close()
    return saver


def records_service(
    settings: Settings,
    *,
    generator: Any = None,
    executor: Any = None,
    policy: Any = None,
    clock: Any = utc_clock,
    timezone: str = "Asia/Kolkata",
) -> Any:
    """The records service: the given parts, else the configured backend and policy."""
    from tools.records.service import RecordsService
    from tools.text2zcql.cascade import CascadeZcqlGenerator
    from validators.clearance.policy import load_policy

    return RecordsService(
        generator=generator or CascadeZcqlGenerator(),
        executor=executor or open_records(settings),
        policy=policy or load_policy(),
        clock=clock,
        timezone=timezone,
        history_turns=settings.history_turns,
        row_cap=settings.records_row_cap,
        audit_withheld_count=settings.records_audit_withheld_count,
    )


@asynccontextmanager
async def open_assistant(settings: Settings, **overrides: Any) -> AsyncIterator[Assistant]:
    """The compiled graph with its checkpointer, context and audit sink; closed on exit. Every
    turn runs the same plan directly (no LangGraph loop); a turn in a conversation reads and
    saves the conversation's checkpoint in LangGraph's format (`graph.memory`)."""
    async with AsyncExitStack() as stack:
        sink = overrides.pop("sink", None) or open_audit_sink(settings)
        stack.callback(sink.close)
        settings.home.mkdir(parents=True, exist_ok=True)
        saver = await open_checkpointer(settings, stack)
        context = build_context(settings, **overrides)
        if hasattr(context.knowledge, "close"):
            stack.callback(context.knowledge.close)
        from graph.build import PLAN, build_graph
        from graph.direct import DirectTurn
        from graph.memory import ConversationMemory

        graph = build_graph(PLAN).compile(checkpointer=saver)
        assistant = assistant_of(settings, graph, context, sink)
        assistant.direct = DirectTurn(PLAN)
        assistant.conversation = DirectTurn(PLAN, ConversationMemory(graph))
        yield assistant


def assistant_of(
    settings: Settings, graph: Any, context: GraphContext, sink: AuditSink
) -> Assistant:
    """The assistant around a graph (compiled, or the direct smalltalk turn)."""
    return Assistant(
        graph=graph,
        context=context,
        sink=sink,
        max_attachments=settings.max_attachments,
        max_attachment_bytes=settings.max_attachment_bytes,
        max_image_pixels=settings.max_image_pixels,
        pixel_budget=settings.request_pixel_budget,
        uploads=UploadPool(settings.upload_workers),
    )


@asynccontextmanager
async def open_direct_assistant(settings: Settings, **overrides: Any) -> AsyncIterator[Assistant]:
    """The smalltalk route without LangGraph (`graph.direct`): only the audit sink and the
    guardrail are opened, and no Prometheus metrics are kept (nothing serves them), so a
    one-shot greeting or /help answers in well under a second. Only for turns
    `graph.direct.takes_direct_path` accepts."""
    from graph.direct import DirectTurn
    from validators.guardrail.engine import Guardrail

    sink = overrides.pop("sink", None) or open_audit_sink(settings)
    try:
        context = GraphContext(
            guardrail=overrides.pop("guardrail", None) or Guardrail.load(),
            **context_settings(settings),
            **overrides,
        )
        assistant = assistant_of(settings, DirectTurn(), context, sink)
        assistant.serves_metrics = False
        yield assistant
    finally:
        sink.close()
