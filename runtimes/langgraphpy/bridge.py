"""bridge.py: the Python side of the langgraph-py runtime (SPEC section 15).

One python process per run (per --concurrency slot: the pool's later
processes fork from the first one's import, scenario_forkserver). It
imports langgraph and langchain-core from
the interpreter it runs on (the suite's .venv, python3 on PATH, or the
python: of scenario.yaml), then reads one JSON request per line on stdin
and writes one JSON answer per line on stdout, in order, each carrying the
request's id. It exits when stdin closes.

The protocol (the requests, the answers, the ready and fatal lines) is
written once, in runtimes/bridge/doc.go, and held to by the transcripts of
runtimes/bridge/testdata/transcripts; this bridge answers every request
there but route (own graphs, streams and whole-graph runs included). Its
ready line names langgraph, langchain-core and python.

A commit is one real superstep on a thread seeded with the state before
it: a fresh thread of an InMemorySaver gets a checkpoint whose channel
values are `before`, then
  input: graph.invoke(input) on a graph whose START leads to a node it is
         interrupted before, so no node runs;
  step:  graph.invoke({}) on a graph whose START fans out to the step's
         nodes, each returning its scripted output (a command output is a
         Command, its [key, value] pairs tuples), interrupted after them;
  tool:  the same with one node, named after the tool, returning
         Command(update=[(field, value), ...]).
The state is read back with get_state; messages become plain JSON.

The scenario's own graph (spec.graph) is imported from the suite root (the
working directory the bridge starts in, put on sys.path); each commit's
graph is then a StateGraph of its state, input and output schemas, so its
channels and reducers are the user's own, with the step's nodes: a
scripted node returns its output, a real one ("run") is the user's node,
whose return comes back in "returned"; one that raises is NODE_ERROR.
Each open of an own graph executes its module afresh, with the suite's
modules it imports (dropped from sys.modules first; third-party ones stay),
so that no scenario sees what another left in module-level state; a graph
closed before any commit ran on it serves the next open of the same graph.
After each request the working directory is the suite root again and the
environment the bridge's; a commit runs in its graph's environment, the
bridge's with what the module set when it loaded (class Process).
scenario_protocol takes stdin and stdout off fds 0 and 1.

The state is a TypedDict with one channel per field, as the langgraph-py
profile maps a schema: a last-value field is a plain annotation (a
LastValue channel); a reducer field is Annotated[T, reducer], where T is a
class whose constructor returns the field's default (the harness gives a
typed field its type's start, list() or int(), as its default) or Any when
it has none (the channel then takes its first write as written).

A stream is a live run of the scenario's own graph, for scenario record:
the compiled graph's own astream(input, stream_mode=["updates", "values"])
end to end (astream, so that async nodes run too), its chunks as dumpd
writes them (messages in LangChain's serialised form), once each is
checked to be JSON; add_messages draws real uuids then, as in the team's
own run. What the harness has no step for is refused, saying what to do: a
graph compiled with a checkpointer (it needs a thread_id), an interrupt.
kinds name the graph's channels: "last-value", "messages" (add_messages),
"add" (operator.add), "reducer" (another) or "other", which record's
schema takes from it.

A run is a whole-graph run of an open own graph (run_whole; the scripts
are wholegraph.py's): the user's builder compiled whole on the open
graph's own InMemorySaver, keeping its static breakpoints, with the
scripted nodes returning their outputs; one checkpointer thread per
scenario thread, which a run with "continue" goes on from and any other
run replaces (seeded with before as a commit's thread is). It runs on the
bridge's event loop through astream(stream_mode=["debug"],
subgraphs=True), one task at a time (max_concurrency 1, so that the
replies go to the calls in one order); the supersteps, their tasks'
writes and the states after them are the debug stream's, a subgraph's
under its task by namespace. Interrupts are named interrupt-N per open
graph, in the order the runs raised them, and resumed by the library's
own ids. A run with capture is a real run: the graph's own models and
tools answer, and their replies (and, with capture.tools, the tools'
results) come back in captured, as a script would give them.

Generated message ids: add_messages calls uuid.uuid4() of
langgraph.graph.message; there it returns idPrefix + n, counted from the
commit's nextId, so the ids are those the harness numbers (auto-N).

Error codes: LangGraph Python names an error's code only in the
troubleshooting URL at the end of its message (.../errors/CODE); the code
is read from there and the URL cut off.
"""

import sys

# before anything else: a process of a pool hands its pipes to a copy of
# one that has imported everything already (scenario_forkserver)
import scenario_forkserver as forkserver  # noqa: E402

forkserver.join()

import gc  # noqa: E402

# the libraries' import makes a few hundred thousand objects that live as
# long as the process: no collection walks them while they are made, and
# main freezes them, so that none walks them afterwards (nor touches their
# pages in the processes forked from this one)
gc.disable()

# first: it moves whatever else writes to stdout to stderr
import scenario_protocol as protocol  # noqa: E402
from scenario_protocol import NonJSON, check_json, fatal  # noqa: E402

import json  # noqa: E402

INSTALL = "python3 -m venv .venv && .venv/bin/pip install langgraph langchain-core"

protocol.need_python("langgraph-py", (3, 10))

try:
    import asyncio  # noqa: E402
    import copy  # noqa: E402
    import itertools  # noqa: E402
    import os  # noqa: E402
    import re  # noqa: E402
    import warnings  # noqa: E402
    from typing import Annotated, Any  # noqa: E402

    warnings.filterwarnings("ignore")

    import langgraph.graph.message as lgmessage  # noqa: E402
    from langchain_core.messages import (  # noqa: E402
        AIMessage,
        BaseMessage,
        FunctionMessage,
        HumanMessage,
        RemoveMessage,
        SystemMessage,
        ToolMessage,
    )
    from langgraph.checkpoint.base import empty_checkpoint  # noqa: E402
    from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402
    from langgraph.pregel._checkpoint import LATEST_VERSION as CHECKPOINT_VERSION  # noqa: E402
    from langgraph.graph import START, StateGraph  # noqa: E402
    from langgraph.errors import GraphInterrupt  # noqa: E402
    from langgraph.types import Command  # noqa: E402
    from typing_extensions import TypedDict  # noqa: E402
    from scenario_messages import plain_message, to_plain  # noqa: E402
    from scenario_modules import LoadError, Process, import_attribute, user_frame  # noqa: E402
    import wholegraph  # noqa: E402
    from scenario_langgraph import URL, error_of, goto_targets, node_output, as_tuples, reducer_for  # noqa: E402
except ImportError as e:
    missing = getattr(e, "name", None) or str(e)
    fatal(f"cannot import {missing} in {sys.executable}: run {INSTALL} (the versions your agent uses)")


# ---- generated ids ----


class _Ids:
    prefix = "auto-"
    next = 0

    @classmethod
    def uuid4(cls):
        cls.next += 1
        return cls.prefix + str(cls.next)


# add_messages is the only user of langgraph.graph.message's uuid
lgmessage.uuid = _Ids


# ---- graphs ----


def starts_from(default):
    """A class whose constructor returns a copy of the default: the
    channel's starting value, as BinaryOperatorAggregate calls its type."""

    class Default:
        def __new__(cls):
            return copy.deepcopy(default)

    return Default


# a number for each Spec and OwnGraph, never reused (an id() is)
serials = itertools.count(1)


class Spec:
    """One scenario's schema as the harness resolved it; its graphs (one
    per set of node names) are compiled once."""

    keep_graphs = 32

    def __init__(self, raw):
        self.serial = next(serials)
        self.id_prefix = raw.get("idPrefix") or "auto-"
        self.fields = raw.get("fields") or []
        ann = {}
        for f in self.fields:
            reducer = f.get("reducer", "last-value")
            if reducer == "last-value":
                ann[f["name"]] = Any
            else:
                base = starts_from(f["default"]) if "default" in f else Any
                ann[f["name"]] = Annotated[base, reducer_for(f["name"], reducer)]
        self.state = TypedDict("State", ann)
        self.messages = {f["name"] for f in self.fields if f.get("reducer") == "messages"}
        self.graphs = {}

    def is_messages(self, name):
        return name in self.messages

    def is_channel(self, name):
        return any(f["name"] == name for f in self.fields)

    def tool_node(self, tool):
        bad = (not isinstance(tool, str) or tool == "" or "|" in tool or ":" in tool
               or tool in ("__start__", "__end__") or self.is_channel(tool))
        return "tools" if bad else tool

    def real(self, node):
        return f"node {json.dumps(node)} is a real node, which needs the scenario's own graph (Given the graph from \"<module>:<export>\")"

    def builder(self):
        return StateGraph(self.state)

    def real_node(self, name):
        raise KeyError(name)

    def graph(self, nodes, idle, real):
        return cached_graph(self, nodes, idle, real)


def cached_graph(spec, nodes, idle, real):
    """The graph of a step's nodes, compiled once per set of names."""
    key = (tuple(nodes), tuple(idle), tuple(sorted(real)))
    g = spec.graphs.pop(key, None)
    if g is None:
        g = compile_graph(spec, nodes, idle, real)
        if len(spec.graphs) >= Spec.keep_graphs:
            spec.graphs.pop(next(iter(spec.graphs)))
    spec.graphs[key] = g
    return g


# ---- the scenario's own graph ----


def import_graph(ref):
    """The compiled graph "<module>:<attribute>": a file relative to the
    suite root (agent/graph.py) or a dotted module importable from it
    (agent.graph). The module and the suite's modules it imports are
    executed afresh, so the graph's module-level state (a fake chat model's
    scripted answers, a list a node pops) is as the module makes it; the
    process is put back as it was (Process)."""
    g = import_attribute(ref, "graph")
    if type(g).__module__.startswith("llmfy."):
        raise LoadError(f"{ref} is an llmfy {type(g).__name__}, not a LangGraph graph: give it the llmfy profile (Given the \"llmfy\" profile, --profile llmfy, or profile: llmfy in scenario.yaml) and run it with --runtime llmfy")
    if not hasattr(g, "builder") or not isinstance(getattr(g, "builder", None), StateGraph):
        raise LoadError(f"{ref} is a {type(g).__name__}, not a compiled StateGraph (builder.compile())")
    return g


def is_messages_channel(ch):
    """A channel whose reducer is add_messages: langgraph 1.2 wraps it as
    _add_messages (add_messages called with no arguments gives it bare)."""
    op = getattr(ch, "operator", None)
    return op is not None and getattr(op, "__name__", "") in ("add_messages", "_add_messages")


class OwnGraph:
    """A scenario's own compiled graph; its graphs (one per set of node
    names) are StateGraphs of its schemas, so its channels and reducers,
    with the step's nodes: a scripted node returns its output, a real one
    is the graph's own node."""

    def __init__(self, raw):
        self.serial = next(serials)
        self.ref = raw["graph"]
        self.id_prefix = raw.get("idPrefix") or "auto-"
        # a commit ran on it: its module's state is no longer fresh
        self.used = False
        Process.enter(Process.base)
        try:
            self.compiled = import_graph(self.ref)
            self.user = self.compiled.builder
            self.env = dict(os.environ)
        finally:
            Process.leave()
        self.channels = [k for k in self.user.channels if not k.startswith("__")]
        self.messages = {k for k, ch in self.user.channels.items() if is_messages_channel(ch)}
        self.nodes = list(self.user.nodes)
        self.graphs = {}
        # whole-graph runs: the graph compiled whole on one saver (one per
        # set of scripted nodes), the checkpointer thread of each scenario
        # thread, and the interrupts' names (interrupt-N) by the library's
        # interrupt ids, in the order the runs raised them
        self.saver = None
        self.wholes = {}
        self.threads = {}
        self.interrupt_names = {}

    def real(self, node):
        if node in self.user.nodes:
            return ""
        return f"the graph {self.ref} has no node {json.dumps(node)} (its nodes: {', '.join(self.nodes) or 'none'})"

    def is_messages(self, name):
        return name in self.messages

    def tool_node(self, tool):
        bad = (not isinstance(tool, str) or tool == "" or "|" in tool or ":" in tool
               or tool in ("__start__", "__end__") or tool in self.user.channels)
        return "tools" if bad else tool

    def builder(self):
        u = self.user
        return StateGraph(u.state_schema, u.context_schema, input_schema=u.input_schema, output_schema=u.output_schema)

    def real_node(self, name):
        return self.user.nodes[name]

    def graph(self, nodes, idle, real):
        return cached_graph(self, nodes, idle, real)


# current is what each node of the commit under way returns; commits run
# one at a time
current = {}


def returns_output(name):
    # a coroutine: the commit runs on the bridge's event loop, with no
    # thread to hand each node and checkpoint to
    async def node(_state):
        return current.pop(name, None)

    return node


async def idle_node(_state):
    return None


def runs_real(name, spec):
    """The graph's own node, keeping what it returned or raised."""
    async def node(state, config):
        try:
            out = await spec.runnable.ainvoke(state, config)
        except BaseException as e:
            ran.threw[name] = e
            raise
        ran.returned[name] = out
        ran.threw.pop(name, None)
        return out

    return node


class Ran:
    """What the real nodes of the commit under way returned and raised."""

    def __init__(self):
        self.returned = {}
        self.threw = {}

    def clear(self):
        self.returned.clear()
        self.threw.clear()


ran = Ran()


def compile_graph(spec, nodes, idle, real):
    builder = spec.builder()
    for name in nodes:
        if name in real:
            ns = spec.real_node(name)
            builder.add_node(name, runs_real(name, ns), input_schema=ns.input_schema, retry_policy=ns.retry_policy)
        else:
            builder.add_node(name, returns_output(name))
        builder.add_edge(START, name)
    # a goto's target that is not a node of the step is a node that does
    # not run (the graph is interrupted after the step); an input starts a
    # node it is interrupted before
    for name in idle:
        builder.add_node(name, idle_node)
    if not nodes:
        builder.add_node("__idle__", idle_node)
        builder.add_edge(START, "__idle__")
    saver = InMemorySaver()
    graph = builder.compile(
        checkpointer=saver,
        interrupt_after=list(nodes) or None,
        interrupt_before=None if nodes else ["__idle__"],
    )
    return graph, saver


# ---- commits ----

threads = 0
# the event loop, made in main: a loop's selector is not shared with the
# processes forked from this one (scenario_forkserver)
loop = None


# the classes of messages as plain_message writes them, and the keys it
# writes: a dict of a messages field with those is a message object again
MESSAGE_CLASSES = {"human": HumanMessage, "ai": AIMessage, "system": SystemMessage, "tool": ToolMessage, "function": FunctionMessage}
PLAIN_KEYS = {"type", "content", "id", "name", "additional_kwargs", "response_metadata", "tool_calls",
              "invalid_tool_calls", "usage_metadata", "artifact", "example", "tool_call_id", "status"}


def revive(v):
    """A message of the harness's state as the object the checkpoint held:
    the reducer takes the objects of its current value as they are, while
    it would coerce a dict again (content [] to "", a remove to an
    error)."""
    if not isinstance(v, dict) or not set(v) <= PLAIN_KEYS:
        return v
    t = v.get("type")
    try:
        if t == "remove" and isinstance(v.get("id"), str):
            m = RemoveMessage(id=v["id"])
        elif t in MESSAGE_CLASSES:
            m = MESSAGE_CLASSES[t](**{k: x for k, x in v.items() if k != "type"})
        else:
            return v
    except Exception:  # noqa: BLE001
        return v
    # only what plain_message wrote: a dict a field of no type took as
    # written stays a dict
    return m if plain_message(m) == v else v


class Held:
    """The values of messages fields this bridge answered with, as the
    checkpoint held them, by their JSON: the harness sends them back as
    the state before the next commit, where a message object and a dict
    of the same JSON differ (the reducer coerces a dict again: content []
    becomes "", a remove without content is refused). A messages field
    holds dicts where its value did not go through add_messages: a first
    write of a field with no start, an Overwrite."""

    keep = 512

    def __init__(self):
        self.values = {}

    @staticmethod
    def key(spec, field, plain):
        return (spec.serial, field, json.dumps(plain, sort_keys=True))

    def put(self, spec, field, plain, value):
        k = self.key(spec, field, plain)
        self.values.pop(k, None)
        if len(self.values) >= self.keep:
            self.values.pop(next(iter(self.values)))
        self.values[k] = value

    def get(self, spec, field, plain):
        return self.values.get(self.key(spec, field, plain))


held = Held()

REVIVED_CLASSES = tuple(MESSAGE_CLASSES.values())


def revives(value):
    """Whether a messages field's value, held as it is, is what seed_value
    makes of its JSON without held: messages of the classes revive makes,
    each with an id (a dict, a remove, another class are held alone)."""
    return all(type(m) in REVIVED_CLASSES and m.id is not None for m in value)


def seed_value(spec, field, v):
    """A field's value as the checkpoint held it: for a messages field,
    what this bridge answered with that JSON, else message objects where
    the list is all messages in plain form with ids (add_messages gives
    every message one) and no remove (which it keeps only after a
    REMOVE_ALL_MESSAGES), else the value as it is."""
    if not spec.is_messages(field) or not isinstance(v, list):
        return v
    was = held.get(spec, field, v)
    if was is not None:
        return was
    revived = [revive(m) for m in v]
    if all(isinstance(m, BaseMessage) and m.id is not None and not isinstance(m, RemoveMessage) for m in revived):
        return revived
    return v


def seed(spec, saver, config, before):
    # a checkpoint of the layout Pregel writes (v 4): checkpoint.base's
    # empty_checkpoint is v 2, which the compiled graph migrates on load,
    # dropping the value of a channel named like a node (a node "notes"
    # writing the field "notes" lost the field's value)
    cp = empty_checkpoint()
    cp["v"] = CHECKPOINT_VERSION
    # versions as the saver makes them: the next ones compare with these
    version = saver.get_next_version(None, None)
    for k, v in before.items():
        cp["channel_values"][k] = seed_value(spec, k, v)
        cp["channel_versions"][k] = version
    at = {"configurable": {**config["configurable"], "checkpoint_ns": ""}}
    # the saver stores the values of the channels new_versions names
    return saver.put(at, cp, {"source": "input", "step": -1, "parents": {}}, dict(cp["channel_versions"]))


def commit(spec, req):
    global threads
    kind = req.get("kind")
    outputs = req.get("outputs") or []
    returns = {}
    real = set()
    if kind == "input":
        nodes = []
    elif kind == "step":
        for o in outputs:
            if o.get("run"):
                why = spec.real(o["node"])
                if why:
                    return {"error": {"code": "RUNTIME_ERROR", "message": why}}
                real.add(o["node"])
                returns.pop(o["node"], None)
            else:
                real.discard(o["node"])
                returns[o["node"]] = node_output(o)
        nodes = sorted(set(returns) | real)
    elif kind == "tool":
        name = spec.tool_node(req.get("tool"))
        returns[name] = Command(update=as_tuples(req.get("writes") or []))
        nodes = [name]
    else:
        raise ValueError(f"unknown commit kind {json.dumps(kind)}")
    idle = [t for t in goto_targets(outputs) if t not in nodes] if kind == "step" else []
    if isinstance(spec, OwnGraph):
        # a real node's Command may go to any node of the graph
        idle = [n for n in spec.nodes if n not in nodes]
        spec.used = True
        # handle puts the process back after the commit
        Process.enter(spec.env)
    try:
        graph, saver = spec.graph(nodes, idle, real)
    except Exception as e:  # noqa: BLE001
        return {"error": error_of(e)}
    threads += 1
    thread = "t" + str(threads)
    # one at a time: the step's nodes run one after the other, in
    # node-name order, so that of several refused returns the first by
    # name fails it
    config = {"configurable": {"thread_id": thread}, "max_concurrency": 1}
    _Ids.prefix = spec.id_prefix
    _Ids.next = req.get("nextId") or 0
    current.clear()
    current.update(returns)
    ran.clear()
    try:
        if req.get("before") is not None:
            seed(spec, saver, config, req["before"])
        try:
            # durability sync: a value the checkpointer cannot store fails
            # the commit, as it fails a user's graph
            loop.run_until_complete(graph.ainvoke((req.get("input") or {}) if kind == "input" else {}, config, durability="sync"))
        except Exception as e:  # noqa: BLE001
            return {"error": node_error(e) or error_of(e)}
        for n, e in ran.threw.items():
            if isinstance(e, GraphInterrupt):
                return {"error": {"code": "RUNTIME_ERROR", "message": f"node {json.dumps(n)} called interrupt(): a scenario cannot resume a real node yet"}}
        returned = {}
        for n in sorted(real):
            returned[n] = returned_json(ran.returned.get(n))
            try:
                check_json(returned[n], [])
            except NonJSON as e:
                return {"error": e.answer(f"node {json.dumps(n)} returned")}
        state = loop.run_until_complete(graph.aget_state(config)).values
        values = to_plain(state)
        try:
            check_json(values, [])
        except NonJSON as e:
            return {"error": e.answer("after the step, the state holds", "a reducer or a node of the graph produced it")}
        out = {"nextId": _Ids.next, "values": values}
        for k in spec.messages:
            if isinstance(state.get(k), list):
                held.put(spec, k, values[k], state[k])
                if not revives(state[k]):
                    # the next commit from this state depends on this
                    # process having held it (held)
                    out["held"] = True
        if real:
            out["returned"] = returned
        return out
    finally:
        current.clear()
        ran.clear()
        saver.delete_thread(thread)


# ---- answers ----


def returned_json(v):
    """What a real node returned as JSON: a Command as its fields."""
    if isinstance(v, Command):
        out = {"lg_name": "Command"}
        if v.update is not None:
            out["update"] = to_plain(list(v.update) if isinstance(v.update, tuple) else v.update)
        if v.goto:
            out["goto"] = v.goto if isinstance(v.goto, (str, list)) else list(v.goto)
        return out
    return to_plain(v)


def node_error(e):
    """The error of a real node that raised e, or None."""
    for name, t in ran.threw.items():
        if t is e or t is e.__cause__ or t is e.__context__:
            at = user_frame(t)
            msg = str(t)
            m = URL.search(msg)
            if m:
                msg = msg[: m.start()]
            return {"code": "NODE_ERROR", "name": type(t).__name__,
                    "message": f"node {json.dumps(name)} raised {type(t).__name__}: {msg}{f' (at {at})' if at else ''}"}
    return None


# ---- a whole-graph run (wholegraph.py) ----

whole_threads = itertools.count(1)


def whole_graph(own, scripted):
    """The own graph compiled whole on the graph's saver, keeping its
    static breakpoints, with the scripted nodes returning their scripts'
    outputs instead of running; compiled once per set of scripted nodes."""
    import dataclasses
    from langgraph._internal._runnable import coerce_to_runnable

    key = tuple(sorted(scripted))
    if key in own.wholes:
        return own.wholes[key]
    if own.saver is None:
        own.saver = InMemorySaver()
    builder = copy.copy(own.user)
    builder.nodes = dict(own.user.nodes)
    for name in key:
        builder.nodes[name] = dataclasses.replace(builder.nodes[name], runnable=coerce_to_runnable(scripted_node(name), name=name, trace=False))
    c = own.compiled
    graph = builder.compile(checkpointer=own.saver, interrupt_before=list(c.interrupt_before_nodes) or None,
                            interrupt_after=list(c.interrupt_after_nodes) or None, name=c.name)
    own.wholes[key] = graph
    return graph


def scripted_node(name):
    """A node whose N-th visit returns its script's N-th output, a command
    output ({"lg_name": "Command", "update"?, "goto"?}, as a real node's
    Command comes back) as a Command."""
    def node(_state):
        out = wholegraph.current.node_return(name)
        if isinstance(out, dict) and out.get("lg_name") == "Command":
            return node_output({"output": {k: v for k, v in out.items() if k != "lg_name"}, "command": True})
        return out

    return node


def refused(why):
    """The RUNTIME_ERROR of a resume the library cannot take (the harness
    words it as the library's refusal)."""
    return {"error": {"code": "RUNTIME_ERROR", "message": f"cannot resume: {why}"}}


def pending_interrupts(own, snap):
    """The interrupts pending on a thread (a StateSnapshot read with its
    subgraphs), each with the node that raised it (in a subgraph, its inner
    node), named interrupt-N in the order the open graph's runs raised them:
    those a superstep raised together in the order the library lists them
    (its snapshot's tasks, as its invoke's __interrupt__)."""
    out = []

    def walk(s):
        for t in s.tasks or ():
            for i in t.interrupts or ():
                out.append((i, t.name))
            if t.state is not None and hasattr(t.state, "tasks"):
                walk(t.state)

    walk(snap)
    seen = {}
    for i, node in out:
        # a subgraph's interrupt is its parent task's too: the inner node,
        # walked after it, raised it
        seen[i.id] = (i, node)
    named = []
    for lg_id, (i, node) in seen.items():
        if lg_id not in own.interrupt_names:
            own.interrupt_names[lg_id] = f"interrupt-{len(own.interrupt_names) + 1}"
        named.append({"id": own.interrupt_names[lg_id], "node": node, "value": to_plain(i.value), "lg": lg_id})
    named.sort(key=lambda x: int(x["id"].rpartition("-")[2]))
    return named


def run_input(own, req, pending):
    """The run's input: a Command for a resume or a command, None for no
    input, else the input; or the error of a resume the library refuses."""
    cmd = req.get("command")
    resume = req.get("resume")
    by_name = {p["id"]: p["lg"] for p in pending}
    listed = ", ".join(f"{p['id']} (node {json.dumps(p['node'])})" for p in pending)

    def resume_of(r):
        if not pending:
            return None, refused("there is no pending interrupt on the thread to resume (the last run ended or stopped at a breakpoint): run the graph with no input to go on")
        if isinstance(r, dict) and "byId" in r:
            ids = r.get("byId") or {}
            unknown = [k for k in ids if k not in by_name]
            if unknown:
                return None, refused(f"no pending interrupt is named {', '.join(json.dumps(k) for k in unknown)} (pending: {listed})")
            return {by_name[k]: v for k, v in ids.items()}, None
        v = r.get("value") if isinstance(r, dict) and "value" in r else r
        if len(pending) > 1:
            return None, refused(f"{len(pending)} interrupts are pending ({listed}): resume each by its id")
        return v, None

    if isinstance(cmd, dict):
        kw = {}
        if "resume" in cmd:
            v, err = resume_of({"value": cmd["resume"]})
            if err:
                return None, err
            kw["resume"] = v
        if "update" in cmd:
            kw["update"] = as_tuples(cmd["update"])
        if "goto" in cmd:
            kw["goto"] = cmd["goto"]
        return Command(**kw), None
    if resume is not None:
        v, err = resume_of(resume)
        if err:
            return None, err
        return Command(resume=v), None
    return req.get("input"), None


def run_whole(req):
    """Runs the open own graph whole (the run request of doc.go)."""
    from langgraph.errors import GraphRecursionError

    own = specs.get(req.get("graph"))
    if own is None:
        return {"fatal": f"no graph {req.get('graph')} is open"}
    if not isinstance(own, OwnGraph):
        return {"error": {"code": "RUNTIME_ERROR", "message": "a whole-graph run needs the scenario's own graph (Given the graph from)"}}
    own.used = True
    Process.enter(own.env)
    wholegraph.patch()
    scripted = list((req.get("returns") or {}).keys())
    for n in scripted:
        if n not in own.user.nodes:
            return {"error": {"code": "RUNTIME_ERROR", "message": f"node {json.dumps(n)} is scripted, but {own.real(n)}"}}
    try:
        graph = whole_graph(own, scripted)
    except Exception as e:  # noqa: BLE001
        return {"error": error_of(e)}
    saver = own.saver
    name = req.get("thread") or ""
    lg = own.threads.get(name)
    if not (req.get("continue") and lg is not None):
        if lg is not None:
            saver.delete_thread(lg)
        lg = f"w{next(whole_threads)}"
        own.threads[name] = lg
        if req.get("before") is not None:
            seed(own, saver, {"configurable": {"thread_id": lg}}, req["before"])
    config = {"configurable": {"thread_id": lg}, "max_concurrency": 1}
    if req.get("recursionLimit"):
        config["recursion_limit"] = req["recursionLimit"]
    _Ids.prefix = own.id_prefix
    _Ids.next = req.get("nextId") or 0
    pending = []
    if req.get("resume") is not None or req.get("command") is not None:
        pending = pending_interrupts(own, loop.run_until_complete(graph.aget_state(config, subgraphs=True)))
    inp, err = run_input(own, req, pending)
    if err:
        return err
    run = wholegraph.Run(req)
    events = []

    async def go():
        # durability exit: the thread's checkpoint is saved once, as the run
        # stops (ended, interrupted or failed); the debug stream still gives
        # each superstep's state
        async for ns, _mode, chunk in graph.astream(inp, config, stream_mode=["debug"], subgraphs=True, durability="exit"):
            events.append((tuple(ns), chunk))

    failed = None
    try:
        with wholegraph.during(run):
            loop.run_until_complete(go())
    except Exception as e:  # noqa: BLE001
        failed = e
    steps = wholegraph.Steps(events)
    if run.failure is not None:
        f = run.failure
        call = f", call {f.call}" if f.call is not None else ""
        return {"error": {"code": f.code, "message": f"superstep {wholegraph.step_of(steps, f.where)}, node {json.dumps(f.where.node or '?')}{call}: {f.text}"}}
    if failed is not None:
        if isinstance(failed, GraphRecursionError):
            snap = loop.run_until_complete(graph.aget_state(config))
            return {"error": recursion_limit_reached(failed, req.get("recursionLimit"), steps, list(snap.next or ()))}
        tasks = tasks_of(failed)
        if tasks:
            # the innermost task raised; the outermost is the parent graph's
            node, parent = tasks[0], tasks[-1]
            at = user_frame(failed)
            msg = str(failed)
            m = URL.search(msg)
            if m:
                msg = msg[: m.start()]
            where = ""
            lg_steps = [s for s in steps.order if parent in steps.nodes(s)]
            if lg_steps:
                where = f"superstep {steps.number_of(lg_steps[-1])}: "
            inside = f" (in the subgraph of node {json.dumps(parent)})" if len(tasks) > 1 else ""
            return {"error": {"code": "NODE_ERROR", "name": type(failed).__name__,
                              "message": f"{where}node {json.dumps(node)} raised {type(failed).__name__}: {msg}{f' (at {at})' if at else ''}{inside}"}}
        return {"error": error_of(failed)}
    snap = loop.run_until_complete(graph.aget_state(config, subgraphs=True))
    values = to_plain(snap.values)
    # a superstep's write or state names where the value came from first
    answer_steps = steps.answer(events, to_plain, values)
    bad = non_json_step(answer_steps, "")
    if bad:
        return {"error": bad}
    try:
        check_json(values, [])
    except NonJSON as e:
        return {"error": e.answer("after the run, the state holds", "a reducer or a node of the graph produced it")}
    for k in own.messages:
        if isinstance(snap.values.get(k), list):
            held.put(own, k, values[k], snap.values[k])
    interrupts = [{k: v for k, v in p.items() if k != "lg"} for p in pending_interrupts(own, snap)]
    for i in interrupts:
        try:
            check_json(i["value"], [])
        except NonJSON as e:
            return {"error": e.answer(f"the value node {json.dumps(i['node'])} passed to interrupt() ({i['id']}) holds")}

    def at(w):
        return wholegraph.step_of(steps, w)

    calls = []
    for c in run.calls:
        call = {"step": at(c["where"]), "node": c["where"].node or "", "reply": c["reply"]}
        if "script" in c:
            call["script"] = c["script"]
        if "last" in c:
            call["last"] = c["last"]
        calls.append(call)
    captured = None
    if run.capture:
        captured = {"replies": [{"step": at(c["where"]), "node": c["where"].node or "", "reply": to_plain(c["reply"])} for c in run.captured]}
        if run.capture_tools:
            captured["tools"] = [{"step": at(c["where"]), "node": c["where"].node or "", "tool": c["tool"],
                                  **({"error": c["error"]} if "error" in c else {"answer": to_plain(c["answer"])})} for c in run.captured_tools]
        try:
            check_json(captured, [])
        except NonJSON as e:
            return {"error": {"code": "RUNTIME_ERROR", "message": e.answer("the run's capture holds")["message"]}}
    out = {
        "nextId": _Ids.next,
        "values": values,
        "steps": answer_steps,
        "next": sorted(snap.next or ()),
        "interrupts": interrupts,
        "calls": calls,
        "returns": [{"step": at(v["where"]), "node": v["node"], "index": v["index"]} for v in run.visits],
        "tools": [{"step": at(t["where"]), "node": t["where"].node or "", "tool": t["tool"], "answer": t["answer"]} for t in run.tool_calls],
    }
    if captured is not None:
        out["captured"] = captured
    return out


def non_json_step(steps, within):
    """The NON_JSON_VALUE of the first write or state of a run's supersteps
    (within: the subgraph's node they are of) that is not JSON, or None."""
    for st in steps:
        where = f"superstep {st['step']}{within}"
        for t in st["tasks"]:
            for channel, value in t["writes"]:
                try:
                    check_json(value, [channel])
                except NonJSON as e:
                    return e.answer(f"{where}: node {json.dumps(t['node'])} wrote")
            bad = non_json_step(t.get("steps") or [], f" of the subgraph of node {json.dumps(t['node'])}")
            if bad:
                return bad
        try:
            check_json(st["state"], [])
        except NonJSON as e:
            return e.answer(f"after {where}, the state holds", "a reducer or a node of the graph produced it")
    return None


def tasks_of(e):
    """The tasks a run's error was raised in, innermost first, from the
    notes langgraph adds to it as it leaves each ("During task with name
    '<node>' ...")."""
    out = []
    for note in getattr(e, "__notes__", None) or []:
        m = TASK.match(note)
        if m:
            out.append(m.group(1))
    return out


def recursion_limit_reached(e, limit, steps, next_nodes):
    """The GRAPH_RECURSION_LIMIT of a run the library stopped at its
    recursion limit: the limit, the last supersteps and the nodes it would
    have run next."""
    m = re.search(r"Recursion limit of (\d+)", str(e))
    n = m.group(1) if m else (limit or "?")
    ran = [f"{steps.number_of(s)}: {', '.join(steps.nodes(s))}" for s in steps.order]
    last = f"its last supersteps: {'; '.join(ran[-3:])}" if ran else "it ran no superstep"
    then = f"; next it would run {', '.join(sorted(next_nodes))}" if next_nodes else ""
    return {"code": "GRAPH_RECURSION_LIMIT",
            "message": f"the run reached the recursion limit of {n} supersteps without ending ({last}{then}). Find the route that loops, or raise the limit with \"Given the recursion limit is <n>\""}


# ---- a live run (scenario record --graph) ----

YOURSELF = ("stream the run yourself (graph.stream(inputs, stream_mode=[\"updates\", \"values\"]), "
            "one line json.dumps(dumpd(chunk)) a chunk) and pass the file to scenario record")
TASK = re.compile(r"^During task with name '(.*)' and id ")


def stream_graph(req):
    """Runs the graph end to end; answers with its updates and values
    chunks."""
    import uuid
    from langchain_core.load import dumpd

    ref = req.get("graph") or ""
    Process.enter(Process.base)
    try:
        graph = import_graph(ref)
    except LoadError as e:
        return {"error": {"code": "RUNTIME_ERROR", "message": f"cannot load the graph {ref}: {e}"}}
    if graph.checkpointer not in (None, False):
        return {"error": {"code": "RUNTIME_ERROR", "message": f"the graph {ref} is compiled with a checkpointer, so a run needs a thread_id and may resume: the live run does not support it; {YOURSELF}"}}
    interrupted = {"code": "RUNTIME_ERROR", "message": f"the run was interrupted (interrupt()): the live run does not support interrupts (the harness has no step for a resume); {YOURSELF}, up to the interrupt"}
    chunks = []

    async def run():
        async for mode, chunk in graph.astream(req.get("input") or {}, stream_mode=["updates", "values"]):
            if mode == "updates" and isinstance(chunk, dict) and "__interrupt__" in chunk:
                return interrupted
            for node, v in (chunk.items() if mode == "updates" and isinstance(chunk, dict) else [(None, chunk)]):
                try:
                    check_json(to_plain(v), [])
                except NonJSON as e:
                    if node is not None:
                        return e.answer(f"node {json.dumps(node)} returned")
                    return e.answer(f"the state of the run's chunk {len(chunks) + 1} holds", "a reducer or a node of the graph produced it")
            chunks.append([mode, dumpd(chunk)])
        return None

    lgmessage.uuid = uuid
    try:
        bad = loop.run_until_complete(run())
    except GraphInterrupt:
        return {"error": interrupted}
    except Exception as e:  # noqa: BLE001
        for note in getattr(e, "__notes__", None) or []:
            m = TASK.match(note)
            if m:
                ran.clear()
                ran.threw[m.group(1)] = e
                try:
                    return {"error": node_error(e)}
                finally:
                    ran.clear()
        return {"error": error_of(e)}
    finally:
        lgmessage.uuid = _Ids
    return {"error": bad} if bad else {"chunks": chunks, "kinds": channel_kinds(graph.builder)}


def channel_kinds(builder):
    """Each channel of the graph (its builder) by kind."""
    import operator
    from langgraph.channels import BinaryOperatorAggregate, LastValue

    kinds = {}
    for k, ch in builder.channels.items():
        if k.startswith("__"):
            continue
        if isinstance(ch, LastValue):
            kinds[k] = "last-value"
        elif is_messages_channel(ch):
            # langgraph 1.x wraps add_messages in a function of that name
            kinds[k] = "messages"
        elif isinstance(ch, BinaryOperatorAggregate):
            kinds[k] = "add" if ch.operator is operator.add else "reducer"
        else:
            kinds[k] = "other"
    return kinds


# ---- the loop ----

specs = {}  # id -> Spec or OwnGraph
by_key = {}  # a schema's JSON -> id: scenarios of one schema share its Spec
# an own graph's spec JSON -> one loaded and closed before any commit ran
# on it (the harness opens a scenario's graph once to check that it loads),
# as fresh as a new load
spare = {}
next_spec = 0


def open_spec(raw):
    """A scenario's graph. A schema's is shared; an own graph is loaded
    afresh for each open, one for each scenario, so that no scenario sees
    what another left in the module's state."""
    global next_spec
    key = json.dumps(raw, sort_keys=True)
    if raw.get("graph"):
        spec = spare.pop(key, None) or OwnGraph(raw)
        spec.key = key
        next_spec += 1
        specs[next_spec] = spec
        return {"graph": next_spec, "channels": spec.channels, "nodes": spec.nodes, "kinds": channel_kinds(spec.user)}
    if key not in by_key:
        next_spec += 1
        specs[next_spec] = Spec(raw)
        by_key[key] = next_spec
    return {"graph": by_key[key]}


def close_spec(n):
    """Ends a scenario's own graph; one no commit ran on is kept for the
    next open of the same graph."""
    spec = specs.get(n)
    if isinstance(spec, OwnGraph):
        del specs[n]
        if not spec.used:
            spare[spec.key] = spec


def handle(req):
    """Answers a request, then puts the process back as it was
    (Process): a node's os.chdir() or os.environ change stays in its
    commit."""
    try:
        return protocol.answer(req, specs, open_spec, commit, close_spec, {"stream": stream_graph, "run": run_whole})
    finally:
        Process.leave()


def main():
    global loop
    ready = {"langgraph": protocol.version_of("langgraph"), "langchain-core": protocol.version_of("langchain-core"),
             "python": protocol.python_version()}
    gc.freeze()
    gc.enable()
    # the pool's other processes fork from here, before any request
    forkserver.start(protocol.pipes())
    loop = asyncio.new_event_loop()
    try:
        protocol.serve(ready, handle)
    except SystemExit as e:
        if e.code not in (0, None):
            raise
    # stdin closed: every answer is written (send flushes each). The
    # interpreter's teardown of LangGraph's modules takes a few hundred
    # milliseconds that the run would wait for; what the suite's code
    # registered with atexit still runs.
    import atexit
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
