"""Edge-transition audit for LangGraph graphs, reconstructed from the debug stream.

Adapted from shared/reference/langgraph_edge_audit.py (verified on langgraph 1.2.24); this
copy adds a sanitised summary of the update that fired each edge.

Verified with langgraph 1.2.24 / langchain 1.5.2 against an exact oracle (a checkpointer
that records the internal channel writes) on: conditional -> parallel -> waiting join,
uneven branches with and without defer, Send map-reduce, agent<->tools loop,
Command(goto), langchain create_agent graphs, and a failing node.

How it works: LangGraph emits no edge events, so rows are reconstructed from the public
stream_mode="debug" events (task start / task_result, each with step + ISO UTC timestamp)
plus the compiled topology (get_graph().edges, builder.waiting_edges, defer flags):
  * plain / conditional / Command edges fire into the NEXT superstep;
  * waiting edges (add_edge([a, b], t)) and deferred targets accumulate completions until
    the target runs, each completion consumed once;
  * Send tasks (triggers == ("__pregel_push",)) get one row each.
Known limit: if X is a *possible* conditional target of P and X is reached in the same
superstep from another node Q, P->X is reported too. Routers must declare destinations
(path_map, Literal[...] return type, or Command[Literal[...]]), else get_graph() hides them.
Retries are not visible (one task per node run). For subgraphs=True, use one auditor per ns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from langgraph.constants import END, START  # plain strings; langgraph.graph costs ~1 s to import


@dataclass
class Transition:
    step: int  # superstep in which `to` started (END rows: step of `frm`)
    frm: str
    to: str
    ts: str  # ISO start time of `to` (END rows: finish time of `frm`)
    delta_keys: list[str]  # state keys written by `frm` in the completion that fired
    task_id: str | None = None  # id of the `to` task
    error: str | None = None  # repr of the exception if the `to` task raised
    summary: dict[str, Any] = field(default_factory=dict)  # sanitised view of `frm`'s update


Summariser = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Topology:
    """What the auditor needs from a compiled graph; computed once per graph (get_graph is slow)."""

    preds: dict[str, set[str]]
    waiting: set[tuple[str, str]]
    deferred: set[str]

    @classmethod
    def of(cls, app: Any) -> Topology:
        b = app.builder
        preds: dict[str, set[str]] = {}
        for e in app.get_graph().edges:
            preds.setdefault(e.target, set()).add(e.source)
        return cls(
            preds=preds,
            waiting={(s, t) for srcs, t in b.waiting_edges for s in srcs},
            deferred={n for n, spec in b.nodes.items() if spec.defer},
        )


class EdgeAuditor:
    """Feeds on debug events; `rows` holds every transition seen so far."""

    def __init__(self, topology: Topology, summarise: Summariser | None = None) -> None:
        self.preds = topology.preds
        self.waiting = topology.waiting
        self.deferred = topology.deferred
        self.summarise = summarise
        self.done: list[dict[str, Any]] = []
        self.rows: list[Transition] = []
        self.by_task: dict[str, list[Transition]] = {}

    def feed(self, ev: dict[str, Any]) -> None:
        """Feed one stream_mode="debug" event (types other than task/task_result are ignored)."""
        if ev.get("type") not in ("task", "task_result"):
            return
        p, k, name = ev["payload"], ev["step"], ev["payload"]["name"]
        if ev["type"] == "task":
            if not self.done:  # START "completes" just before the first step
                self.done.append(
                    dict(
                        name=START, step=k - 1, ts=ev["timestamp"], keys=[], used=set(), summary={}
                    )
                )
            push = tuple(p.get("triggers", ())) == ("__pregel_push",)
            for c in self.done:
                if c["name"] not in self.preds.get(name, ()) or name in c["used"]:
                    continue
                accumulates = name in self.deferred or (c["name"], name) in self.waiting
                if c["step"] == k - 1 or (accumulates and c["step"] < k):
                    c["fired"] = True
                    if not push:
                        c["used"].add(name)
                    row = Transition(
                        k,
                        c["name"],
                        name,
                        ev["timestamp"],
                        c["keys"],
                        p["id"],
                        summary=c["summary"],
                    )
                    self.rows.append(row)
                    self.by_task.setdefault(p["id"], []).append(row)
        else:
            if p.get("error") is not None:
                for r in self.by_task.get(p["id"], []):
                    r.error = repr(p["error"])
                return
            res = p.get("result")
            update = dict(res) if isinstance(res, dict) else {}
            summary = self.summarise(update) if self.summarise else {}
            self.done.append(
                dict(
                    name=name,
                    step=k,
                    ts=ev["timestamp"],
                    used=set(),
                    keys=sorted(update),
                    summary=summary,
                )
            )

    def finish(self) -> list[Transition]:
        """Add X->END rows for completions that fired nothing; returns all rows."""
        for c in self.done:
            if c["name"] in self.preds.get(END, ()) and not c.get("fired") and c["name"] != START:
                c["fired"] = True
                self.rows.append(
                    Transition(c["step"], c["name"], END, c["ts"], c["keys"], summary=c["summary"])
                )
        self.rows.sort(key=lambda r: (r.step, r.ts))  # stable: END rows after same-step starts
        return self.rows
