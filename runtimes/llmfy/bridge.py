"""bridge.py: the Python side of the llmfy runtime (SPEC section 15).

One python process per run, on the protocol every runtime shares
(scenario_protocol.py, written beside this script; runtimes/bridge's
package doc). It imports llmfy's flow engine from the interpreter it runs
on (the suite's .venv, python3 on PATH, or the python: of scenario.yaml).

The protocol is written once, in runtimes/bridge/doc.go, and held to by
the transcripts of runtimes/bridge/testdata/transcripts: this bridge
answers open with fields, open with spec.graph (the suite's own flow,
scenario_flow.py: its state fields, nodes and their kinds), commit and
close. Its ready line names llmfy, pydantic and python.

The state is a TypedDict with one annotation per field: a replace or
last-value field (llmfy's field without a reducer) is a plain one, any other
Annotated[Any, reducer] with the reducer of scenario_reducers.py; llmfy
calls it (old, new), old None when the field has no value. Defaults are
none of llmfy's: its state is the run's input dict.

Each commit is a real FlowEngine.invoke on a fresh engine whose nodes
return their scripted outputs:
  input, new thread:  invoke(input) on START -> __scenario_idle__ -> END
         (llmfy copies a fresh run's input as it is);
  input, a thread with state: the state before is the last checkpoint of
         a session of llmfy's InMemoryCheckpointer, saved after the idle
         node, and invoke(input, session_id) resumes it: llmfy merges the
         input through the reducers, then starts the flow over (the idle
         node led only to END);
  step:  invoke(before) on START -> __scenario_fan_out__ -> [the step's
         nodes, as listed] -> END: one node, or a static fan-out whose
         branches llmfy applies one after the other as each finishes
         (scripted nodes finish in the order listed);
  tool:  the same with one node, named after the tool, returning the
         tool's writes.

On the user's own flow the engine is built over the flow's own state
class, so llmfy applies the flow's own Annotated reducers, and a real node
of a step ("run") is the flow's own function (with its retry and
timeout), whose return comes back in "returned".
"""

import sys

# before anything else: a process of a pool hands its pipes to a copy of
# one that has imported everything already (scenario_forkserver)
import scenario_forkserver as forkserver  # noqa: E402

forkserver.join()

import gc  # noqa: E402

# the libraries' import makes objects that live as long as the process:
# no collection walks them while they are made, and main freezes them, so
# that none walks them afterwards (nor touches their pages in the
# processes forked from this one)
gc.disable()

# first: it moves whatever else writes to stdout to stderr
import scenario_protocol as protocol  # noqa: E402
from scenario_protocol import NonJSON, check_json, fatal  # noqa: E402

import json  # noqa: E402

INSTALL = "python3 -m venv .venv && .venv/bin/pip install llmfy"

protocol.need_python("llmfy", (3, 11))

try:
    import asyncio  # noqa: E402
    import uuid  # noqa: E402
    from datetime import UTC, datetime  # noqa: E402
    from typing import Annotated, Any  # noqa: E402

    import scenario_reducers  # noqa: E402
    from scenario_reducers import ReducerError  # noqa: E402
    from typing_extensions import TypedDict  # noqa: E402

    import inspect  # noqa: E402
    import itertools  # noqa: E402

    from llmfy.flow_engine import END, START, FlowEngine, InMemoryCheckpointer  # noqa: E402
    import scenario_flow  # noqa: E402
    from scenario_flow import FieldError, OwnFlow, user_frame  # noqa: E402
    from scenario_modules import Process  # noqa: E402
    from scenario_wholeflow import NoModel, answering_from, run_flow  # noqa: E402
    from llmfy.flow_engine.checkpointer.base_checkpointer import Checkpoint, CheckpointMetadata  # noqa: E402
except ImportError as e:
    missing = getattr(e, "name", None) or str(e)
    fatal(f"cannot import {missing} in {sys.executable}: run {INSTALL} (the version your agent uses)")

IDLE = "__scenario_idle__"
FAN_OUT = "__scenario_fan_out__"


class Spec:
    """One scenario's schema as the harness resolved it: its state class,
    and its engines, one per list of node names, built once."""

    keep_engines = 32

    def __init__(self, raw):
        ann = {}
        for f in raw.get("fields") or []:
            reducer = f.get("reducer", "replace")
            if reducer in ("replace", "last-value"):
                ann[f["name"]] = Any
            else:
                ann[f["name"]] = Annotated[Any, scenario_reducers.reducer_for(f["name"], reducer, "llmfy")]
        self.state = TypedDict("State", ann)
        self.engines = {}

    def engine(self, nodes):
        key = tuple(nodes)
        e = self.engines.pop(key, None)
        if e is None:
            e = build(self.state, nodes)
            if len(self.engines) >= Spec.keep_engines:
                self.engines.pop(next(iter(self.engines)))
        self.engines[key] = e
        return e


# current is what each node of the commit under way returns, ran the
# nodes called so far, returned and threw what the flow's real nodes
# returned and raised; commits run one at a time
current = {}
ran = []
returned = {}
threw = {}


def returns_output(name):
    def node(_state):
        ran.append(name)
        return current.get(name)

    return node


def scripted(name):
    """A node that returns its scripted output, as add_node's arguments."""
    return {"func": returns_output(name)}


def runs_real(own):
    """The add_node arguments of a step's nodes on the user's flow: a
    real node is the flow's own function (with its retry and timeout),
    keeping what it returned or raised; any other returns its output."""
    def node_of(name):
        if name in current:
            return scripted(name)
        node = own.node(name)
        if node.stream:
            # a streaming node's return is llmfy's to read from its chunks
            return {"func": node.func, "stream": True, "retry": node.retry, "timeout": node.timeout}
        func = node.func

        async def run(state):
            ran.append(name)
            try:
                out = func(state)
                if inspect.isawaitable(out):
                    out = await out
            except BaseException as e:
                threw[name] = e
                raise
            returned[name] = out
            return out

        return {"func": run, "retry": node.retry, "timeout": node.timeout}

    return node_of


def build(state, nodes, node_of=scripted):
    """A FlowEngine over state: START -> idle -> END for an input, else
    START -> fan-out -> nodes -> END (llmfy 0.11 runs only the first
    target of START, so the fan-out starts from a node); node_of(name) is
    a node's add_node arguments."""
    flow = FlowEngine(state, checkpointer=InMemoryCheckpointer(), max_steps=len(nodes) + 2)
    if not nodes:
        flow.add_node(IDLE, lambda _state: None)
        flow.add_edge(START, IDLE)
        flow.add_edge(IDLE, END)
        return flow.build()
    flow.add_node(FAN_OUT, lambda _state: None)
    flow.add_edge(START, FAN_OUT)
    for n in nodes:
        flow.add_node(n, **node_of(n))
        flow.add_edge(n, END)
    flow.add_edge(FAN_OUT, nodes[0] if len(nodes) == 1 else list(nodes))
    return flow.build()


# the event loop, made in main: a loop's selector is not shared with the
# processes forked from this one (scenario_forkserver)
loop = None
sessions = 0


def resume_from(flow, before):
    """A session whose last checkpoint holds before, saved after the idle
    node: invoke(input, session_id) resumes it."""
    global sessions
    sessions += 1
    session = f"s{sessions}"
    meta = CheckpointMetadata(checkpoint_id=str(uuid.uuid4()), session_id=session, run_id=str(uuid.uuid4()),
                              created_at=datetime.now(UTC), node=IDLE, prev_node=START, step=1, updated_fields=[],
                              attempt=None, dispatch_id=None)
    loop.run_until_complete(flow.checkpointer.save(Checkpoint(metadata=meta, state=dict(before))))
    return session


def commit(spec, req):
    kind = req.get("kind")
    outputs = req.get("outputs") or []
    before = req.get("before")
    returns = {}
    real = []
    own = spec if isinstance(spec, OwnFlow) else None
    if kind == "input":
        nodes = []
    elif kind == "step":
        for o in outputs:
            if o.get("run"):
                why = own.real(o["node"]) if own else f"node {json.dumps(o['node'])} is a real node, and the scenario names no flow of its own to run it from"
                if why:
                    return {"error": {"code": "RUNTIME_ERROR", "message": why}}
                real.append(o["node"])
                continue
            if o.get("command"):
                return {"error": {"code": "INVALID_GRAPH_NODE_RETURN_VALUE", "message": f"node {json.dumps(o['node'])} returned a command, which llmfy has not"}}
            returns[o["node"]] = o.get("output")
        # as the step lists them
        nodes = [o["node"] for o in outputs]
    elif kind == "tool":
        tool = req.get("tool") or "tools"
        returns[tool] = {k: v for k, v in req.get("writes") or []}
        nodes = [tool]
    else:
        raise ValueError(f"unknown commit kind {json.dumps(kind)}")
    if own:
        own.used = True
        # handle puts the process back after the commit
        Process.set_env(own.env)
        scenario_flow.Ids.prefix, scenario_flow.Ids.next = own.id_prefix, req.get("nextId") or 0
        try:
            before = own.to_flow(before, "the state before the commit")
            req = {**req, "input": own.to_flow(req.get("input"), "the input")}
            returns = {n: own.to_flow(o, f"node {json.dumps(n)}'s output") for n, o in returns.items()}
        except FieldError as e:
            return {"error": {"code": e.code, "message": str(e), "field": e.field}}
    current.clear()
    current.update(returns)
    ran.clear()
    returned.clear()
    threw.clear()
    try:
        flow = build(own.state, nodes, runs_real(own)) if own else spec.engine(nodes)
    except Exception as e:  # noqa: BLE001
        return {"error": error_of(e)}
    if own and kind == "step" and len(nodes) > 1 and not real:
        # a real node is run once: its effects are the user's
        refused = order_decides(own, nodes, before)
        ran.clear()
        if refused:
            return {"error": refused}
    session = None
    try:
        if kind == "input" and before is not None:
            session = resume_from(flow, before)
            run = flow.invoke(req.get("input") or {}, session_id=session)
        elif kind == "input":
            run = flow.invoke(req.get("input") or {})
        else:
            run = flow.invoke(before or {})
        no_model = NoModel()
        restore = answering_from(no_model) if real else None
        try:
            state = loop.run_until_complete(run)
        except AttributeError as e:
            # llmfy applies a node's return with .items(): a truthy return
            # that is not a dict fails there; of several branches, the first
            # to finish raises
            out = node_error(e)
            if out:
                return {"error": out}
            gave = {**returned, **returns}
            node = next((n for n in ran if gave.get(n) and not isinstance(gave.get(n), dict)), "?")
            return {"error": {"code": "INVALID_GRAPH_NODE_RETURN_VALUE", "name": type(e).__name__,
                              "message": f"node {json.dumps(node)}: AttributeError: {e}"}}
        except Exception as e:  # noqa: BLE001
            if no_model.failure is not None:
                return {"error": {"code": no_model.failure.code, "message": f"node {json.dumps(ran[-1] if ran else '?')}: {no_model.failure.text}"}}
            return {"error": node_error(e) or error_of(e)}
        finally:
            if restore:
                restore()
        if own:
            state = scenario_flow.plain(state)
        out = {"nextId": scenario_flow.Ids.next if own else req.get("nextId") or 0, "values": state}
        if real:
            out["returned"] = {n: scenario_flow.plain(returned.get(n)) for n in real}
            for n in real:
                try:
                    check_json(out["returned"][n], [])
                except NonJSON as e:
                    return {"error": e.answer(f"node {json.dumps(n)} returned")}
        try:
            check_json(state, [])
        except NonJSON as e:
            return {"error": e.answer("after the step, the state holds", "a reducer or a node of the flow produced it")}
        return out
    finally:
        current.clear()
        ran.clear()
        returned.clear()
        threw.clear()
        if session is not None:
            loop.run_until_complete(flow.checkpointer.delete(session))


def node_error(e):
    """The error of a real node of the flow that raised e (llmfy wraps
    it in NodeExecutionException), or None."""
    for name, t in threw.items():
        if t is e or t is e.__cause__ or t is e.__context__:
            at = user_frame(t)
            return {"code": "NODE_ERROR", "name": type(t).__name__,
                    "message": f"node {json.dumps(name)} raised {type(t).__name__}: {t}{f' (at {at})' if at else ''}"}
    return None


def finishing_orders(nodes):
    """The orders a fan-out's branches may finish in: every one of up to
    five nodes, else the listed order, its reverse and its rotations."""
    if len(nodes) <= 5:
        return list(itertools.permutations(nodes))
    rotations = [tuple(nodes[i:] + nodes[:i]) for i in range(len(nodes))]
    return rotations + [tuple(reversed(nodes))]


def order_decides(own, nodes, before):
    """On the user's own flow, whose reducers only llmfy can run: a step of
    several scripted nodes run in each order its branches may finish in;
    the error when two orders end differently (the flow's reducer is not
    order-independent), else None."""
    seen = None
    for order in finishing_orders(nodes):
        ran.clear()
        try:
            state = loop.run_until_complete(build(own.state, list(order), runs_real(own)).invoke(dict(before or {})))
            end = "gives " + json.dumps(scenario_flow.plain(state), sort_keys=True, default=repr)
        except Exception as e:  # noqa: BLE001
            end = f"raises {type(e).__name__}: {e}"
        if seen is None:
            seen = (order, end)
        elif end != seen[1]:
            names = lambda o: ", ".join(json.dumps(n) for n in o)  # noqa: E731
            return {"code": "PARALLEL_UNSUPPORTED", "message": (
                f"nodes {names(nodes)} run in one step as a fan-out, whose branches llmfy applies as each finishes, "
                f"and the state depends on which finishes first: finishing {names(seen[0])} {seen[1]}, finishing {names(order)} {end}. "
                "Let one node of the step write the field, give it a reducer whose result does not depend on the order, or split the step")}
    return None


def error_of(e):
    """The harness's error of what llmfy (or a reducer) raised."""
    code = getattr(e, "code", None)
    out = {"code": code if isinstance(code, str) else "RUNTIME_ERROR", "message": f"{type(e).__name__}: {e}" if not isinstance(e, ReducerError) else str(e), "name": type(e).__name__}
    field = getattr(e, "field", None)
    if isinstance(field, str):
        out["field"] = field
    return out


# ---- the loop ----

specs = {}  # id -> Spec or OwnFlow
by_key = {}  # a schema's JSON -> id: scenarios of one schema share its Spec
# a flow loaded and closed before any commit ran on it (the harness opens a
# scenario's flow once to check that it loads), as fresh as a new load
spare = {}
next_spec = 0


def open_spec(raw):
    """A scenario's graph. A schema's is shared; an own flow is loaded
    afresh for each open, one for each scenario, so that no scenario sees
    what another left in the module's state."""
    global next_spec
    ref = raw.get("graph")
    if ref:
        own = spare.pop(ref, None) or OwnFlow(ref, raw.get("idPrefix") or "auto-")
        own.used = False
        next_spec += 1
        specs[next_spec] = own
        return {"graph": next_spec, "channels": own.channels, "nodes": own.nodes, "kinds": own.kinds}
    key = json.dumps(raw, sort_keys=True)
    if key not in by_key:
        next_spec += 1
        by_key[key] = next_spec
        specs[next_spec] = Spec(raw)
    return {"graph": by_key[key]}


def run_whole(req):
    """A whole run of the scenario's own flow (scenario_wholeflow.py)."""
    own = specs.get(req.get("graph"))
    if not isinstance(own, OwnFlow):
        return {"error": {"code": "RUNTIME_ERROR", "message": "a whole-graph run needs the scenario's own flow (Given the graph from)"}}
    own.used = True
    Process.set_env(own.env)
    return run_flow(own, req, loop, check_json, NonJSON)


def stream_flow(req):
    """A live run for step-level steps (record --graph --steps), which
    llmfy's flows are not recorded as: the refusal says what to do."""
    ref = req.get("graph") or ""
    return {"error": {"code": "RUNTIME_ERROR", "message": (
        f"the llmfy flow {ref} is recorded whole, not as steps (--steps replays a LangGraph stream's node updates "
        "through an inferred schema, which an llmfy flow's typed state, its Messages, does not survive): "
        "record it without --steps, scenario record --graph MODULE:EXPORT --input FILE, which runs on the flow itself")}}


def close_spec(n):
    """Ends a scenario's own flow; one no commit ran on is kept for the
    next open of the same flow."""
    own = specs.get(n)
    if isinstance(own, OwnFlow):
        del specs[n]
        if not own.used:
            spare[own.ref] = own


def handle(req):
    """Answers a request, then puts the process's working directory and
    environment back as they were."""
    try:
        return protocol.answer(req, specs, open_spec, commit, close_spec, {"run": run_whole, "stream": stream_flow})
    finally:
        Process.leave()


def main():
    global loop
    ready = {"llmfy": protocol.version_of("llmfy"), "pydantic": protocol.version_of("pydantic"),
             "python": protocol.python_version()}
    gc.freeze()
    gc.enable()
    # the pool's other processes fork from here, before any request
    forkserver.start(protocol.pipes())
    loop = asyncio.new_event_loop()
    protocol.serve(ready, handle)


if __name__ == "__main__":
    main()
