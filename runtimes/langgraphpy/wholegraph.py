"""wholegraph.py: the scripts of a whole-graph run of the scenario's own
graph (docs/reference.md, Whole-graph runs), the run request of
runtimes/bridge/doc.go, which bridge.py (written beside it) answers.

The graph runs end to end through its own nodes and edges with every
LangChain chat model answering from the scenario's script: BaseChatModel of
langchain-core has its generate paths (_generate_with_cache and
_agenerate_with_cache) replaced once, and while a run is on they take the
script's next reply instead of calling the model's class, whatever it is (a
subclass of the user's, ChatOpenAI with a dummy key); _should_stream says
no then, so that stream() and astream() answer through the same path.
BaseTool's run and arun answer a scripted tool's calls the same way, as the
ToolMessage the tool's own run would make. Outside a run the original
methods run.

The node and superstep of a call are read from the runnable config
langgraph gives the node (its metadata langgraph_node and langgraph_step,
and the checkpoint namespace, whose first part names the parent graph's
task); the run renumbers the supersteps once it has them (supersteps).
"""

import json
import threading

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables.config import var_child_runnable_config
from langchain_core.tools import BaseTool
from langchain_core.tools.base import _format_output
from langgraph.errors import GraphBubbleUp

from scenario_messages import plain_message

# the run on now; runs are one at a time (one request at a time)
current = None


class ScriptError(Exception):
    """A script the run cannot follow: its code, where (a Where) and what
    happened; the run words the superstep once it has numbered them."""

    def __init__(self, code, where, text, call=None):
        super().__init__(text)
        self.code = code
        self.where = where
        self.text = text
        # the model call's number in its script, for a model script's error
        self.call = call


class ModelError(Exception):
    """The error a reply {error: "<message>"} makes its call raise."""


class Where:
    """The node and superstep a call was made in: the innermost node, its
    graph's step and the parent graph's task (None: the call is the parent
    graph's own node's)."""

    def __init__(self):
        cfg = var_child_runnable_config.get() or {}
        meta = cfg.get("metadata") or {}
        self.node = meta.get("langgraph_node")
        self.step = meta.get("langgraph_step")
        ns = meta.get("langgraph_checkpoint_ns") or (cfg.get("configurable") or {}).get("checkpoint_ns") or ""
        parts = [p for p in str(ns).split("|") if p]
        self.nested = len(parts) > 1
        # the parent graph's task: its id follows the node's name
        self.task = parts[0].rpartition(":")[2] if parts else None


class Script:
    """A model script: replies from offset (what an earlier run used)."""

    def __init__(self, replies, offset, node=None):
        self.replies = list(replies or [])
        self.offset = offset or 0
        self.next = 0
        self.node = node

    def given(self):
        return f'"Given the model replies to node {json.dumps(self.node)}:"' if self.node else '"Given the model replies:"'


class Run:
    """A run's scripts and what used them: the model calls, the scripted
    node visits and tool calls, and the first failure (kept even where the
    graph's own code caught the error it raised)."""

    def __init__(self, req):
        self.lock = threading.Lock()
        self.main = Script(req.get("replies"), req.get("offset"))
        self.by_node = {n: Script(s.get("replies"), s.get("offset"), n) for n, s in (req.get("nodeReplies") or {}).items()}
        self.returns = {n: {"returns": list(s.get("returns") or []), "offset": s.get("offset") or 0, "next": 0}
                        for n, s in (req.get("returns") or {}).items()}
        self.tools = {n: {"answers": list(s.get("answers") or []), "offset": s.get("offset") or 0, "next": 0, "inTurn": bool(s.get("inTurn"))}
                      for n, s in (req.get("tools") or {}).items()}
        self.calls = []
        self.visits = []
        self.tool_calls = []
        self.failure = None
        # a capture run: the real models and tools answer, and what they
        # answered is kept (captured replies, captured tool results)
        capture = req.get("capture")
        self.capture = isinstance(capture, dict)
        self.capture_tools = self.capture and bool(capture.get("tools"))
        self.captured = []
        self.captured_tools = []

    def fail(self, err):
        if self.failure is None:
            self.failure = err
        raise err

    def reply(self, messages, kwargs):
        """The next reply, as an AIMessage, for a call given messages."""
        w = Where()
        with self.lock:
            s = self.by_node.get(w.node) or self.main
            last = describe(messages[-1]) if messages else None
            if s.next >= len(s.replies):
                told = json.dumps(last, separators=(",", ":"), ensure_ascii=False) if last is not None else "no message"
                self.fail(ScriptError("MODEL_SCRIPT_EXHAUSTED", w,
                                      f"the model was called past the end of its script ({s.offset + len(s.replies)} replies given); "
                                      f"the last message it was given: {told}. Add a reply to {s.given()}", s.offset + s.next + 1))
            reply = s.replies[s.next]
            s.next += 1
            n = s.offset + s.next
            call = {"where": w, "reply": n}
            if s.node:
                call["script"] = s.node
            if last is not None:
                call["last"] = last
            self.calls.append(call)
        if isinstance(reply, dict) and set(reply) == {"error"}:
            raise ModelError(str(reply["error"]))
        fields = {"content": reply} if isinstance(reply, str) else {"content": "", **reply} if isinstance(reply, dict) else None
        try:
            message = AIMessage(**fields)
        except Exception as e:  # noqa: BLE001
            self.fail(ScriptError("MODEL_SCRIPT_INVALID", w, f"the reply is not an AI message ({e}); fix the reply in {s.given()}", n))
        if kwargs.get("response_format") and isinstance(message.content, str) and "parsed" not in message.additional_kwargs:
            # a structured output by response_format (ChatOpenAI's default
            # method): the provider's client parses the JSON content, and
            # the method's parser reads what it parsed
            try:
                message.additional_kwargs["parsed"] = json.loads(message.content)
            except ValueError:
                pass
        bound = bound_tools(kwargs)
        if bound is not None:
            for tc in message.tool_calls:
                if tc.get("name") not in bound:
                    self.fail(ScriptError("MODEL_SCRIPT_INVALID", w,
                                          f"the reply calls the tool {json.dumps(tc.get('name'))}, which the model was not bound to "
                                          f"(its tools: {', '.join(bound) or 'none'}); fix the reply in {s.given()}, or bind the tool", n))
        return message

    def keep_reply(self, result):
        """Keeps the reply a real model gave (a capture run), as a script's
        reply would give it; the id the library made up for it (its run's)
        is dropped, so that add_messages numbers it as it numbers a
        script's reply."""
        w = Where()
        for g in result.generations[:1]:
            m = getattr(g, "message", None)
            if not isinstance(m, AIMessage):
                self.fail(ScriptError("RUNTIME_ERROR", w, f"the model answered a {type(m).__name__}, not an AIMessage: a script cannot give it"))
            if isinstance(m.id, str) and m.id.startswith("lc_run-"):
                m.id = None
            reply = {"content": m.content}
            # tool_calls only when there are some, as a script writes them
            if m.tool_calls:
                reply["tool_calls"] = [{"name": c["name"], "args": c["args"], "id": c.get("id")} for c in m.tool_calls]
            if m.id is not None:
                reply["id"] = m.id
            for k in ("additional_kwargs", "response_metadata"):
                if getattr(m, k, None):
                    reply[k] = getattr(m, k)
            if m.usage_metadata:
                reply["usage_metadata"] = dict(m.usage_metadata)
            with self.lock:
                self.captured.append({"where": w, "reply": reply})

    def keep_tool(self, tool, output):
        """Keeps a real tool's result (a capture run with tools): its tool
        message's content, or what it returned."""
        if not self.capture_tools:
            return
        content = getattr(output, "content", output)
        with self.lock:
            self.captured_tools.append({"where": Where(), "tool": tool, "answer": content})

    def keep_tool_error(self, tool, err):
        """Keeps a real tool's error (a capture run with tools), which a
        script's answer cannot give: the recording refuses it, saying so."""
        if not self.capture_tools or isinstance(err, GraphBubbleUp):
            return
        with self.lock:
            self.captured_tools.append({"where": Where(), "tool": tool, "error": f"{type(err).__name__}: {err}"})

    def node_return(self, name):
        """A scripted node's output for its next visit."""
        w = Where()
        with self.lock:
            r = self.returns[name]
            if r["next"] >= len(r["returns"]):
                self.fail(ScriptError("NODE_SCRIPT_EXHAUSTED", w,
                                      f"visit {r['offset'] + r['next'] + 1} of the node is past the end of its script ({r['offset'] + len(r['returns'])} outputs given); "
                                      f"add an output to \"Given node {json.dumps(name)} returns, in turn:\""))
            out = r["returns"][r["next"]]
            r["next"] += 1
            self.visits.append({"where": w, "node": name, "index": r["offset"] + r["next"]})
            return out

    def tool_answer(self, tool):
        """A scripted tool's answer to its next call."""
        w = Where()
        with self.lock:
            t = self.tools[tool]
            if not t["inTurn"]:
                if not t["answers"]:
                    self.fail(ScriptError("TOOL_SCRIPT_EXHAUSTED", w, f"call 1 of tool {json.dumps(tool)} is past the end of its answers (0 given); add an answer to \"Given tool {json.dumps(tool)} answers:\""))
                self.tool_calls.append({"where": w, "tool": tool, "answer": 1})
                return t["answers"][0]
            if t["next"] >= len(t["answers"]):
                self.fail(ScriptError("TOOL_SCRIPT_EXHAUSTED", w,
                                      f"call {t['offset'] + t['next'] + 1} of tool {json.dumps(tool)} is past the end of its answers ({t['offset'] + len(t['answers'])} given); "
                                      f"add an answer to \"Given tool {json.dumps(tool)} answers, in turn:\""))
            out = t["answers"][t["next"]]
            t["next"] += 1
            self.tool_calls.append({"where": w, "tool": tool, "answer": t["offset"] + t["next"]})
            return out


def describe(m):
    """A message the model was given, as plain JSON."""
    try:
        return plain_message(m) if hasattr(m, "model_dump") else m
    except Exception:  # noqa: BLE001
        return str(getattr(m, "content", m))


def bound_tools(kwargs):
    """The names of the tools a call was bound with, or None when it
    carries none: tools as a provider formats them ({"type": "function",
    "function": {"name"}}, {"name"}) or tool objects."""
    tools = kwargs.get("tools")
    if not tools:
        return None
    names = []
    for t in tools:
        if isinstance(t, dict):
            f = t.get("function")
            name = f.get("name") if isinstance(f, dict) else t.get("name") or t.get("title")
        else:
            name = getattr(t, "name", None) or getattr(t, "__name__", None)
        if isinstance(name, str):
            names.append(name)
    return names


# ---- the patches ----

patched = False


def patch():
    """Replaces the answer paths of BaseChatModel and BaseTool, once."""
    global patched
    if patched:
        return
    patched = True
    generate = BaseChatModel._generate_with_cache
    agenerate = BaseChatModel._agenerate_with_cache
    should_stream = BaseChatModel._should_stream
    run = BaseTool.run
    arun = BaseTool.arun

    def _generate_with_cache(self, messages, stop=None, run_manager=None, **kwargs):
        if current is None:
            return generate(self, messages, stop=stop, run_manager=run_manager, **kwargs)
        if current.capture:
            result = generate(self, messages, stop=stop, run_manager=run_manager, **kwargs)
            current.keep_reply(result)
            return result
        return ChatResult(generations=[ChatGeneration(message=current.reply(messages, kwargs))])

    async def _agenerate_with_cache(self, messages, stop=None, run_manager=None, **kwargs):
        if current is None:
            return await agenerate(self, messages, stop=stop, run_manager=run_manager, **kwargs)
        if current.capture:
            result = await agenerate(self, messages, stop=stop, run_manager=run_manager, **kwargs)
            current.keep_reply(result)
            return result
        return ChatResult(generations=[ChatGeneration(message=current.reply(messages, kwargs))])

    def _should_stream(self, *args, **kwargs):
        # a scripted stream is one chunk: the generate path's reply (a
        # captured one too: the class answers whole, once)
        if current is not None:
            return False
        return should_stream(self, *args, **kwargs)

    def tool_run(self, tool_input, *args, **kwargs):
        if current is None or self.name not in current.tools:
            try:
                out = run(self, tool_input, *args, **kwargs)
            except Exception as e:
                if current is not None:
                    current.keep_tool_error(self.name, e)
                raise
            if current is not None:
                current.keep_tool(self.name, out)
            return out
        return _format_output(current.tool_answer(self.name), None, kwargs.get("tool_call_id"), self.name, "success")

    async def tool_arun(self, tool_input, *args, **kwargs):
        if current is None or self.name not in current.tools:
            try:
                out = await arun(self, tool_input, *args, **kwargs)
            except Exception as e:
                if current is not None:
                    current.keep_tool_error(self.name, e)
                raise
            if current is not None:
                current.keep_tool(self.name, out)
            return out
        return _format_output(current.tool_answer(self.name), None, kwargs.get("tool_call_id"), self.name, "success")

    BaseChatModel._generate_with_cache = _generate_with_cache
    BaseChatModel._agenerate_with_cache = _agenerate_with_cache
    BaseChatModel._should_stream = _should_stream
    BaseTool.run = tool_run
    BaseTool.arun = tool_arun


class during:
    """Makes run the run on now, for a with block."""

    def __init__(self, run):
        self.run = run

    def __enter__(self):
        global current
        current = self.run
        return self.run

    def __exit__(self, *exc):
        global current
        current = None
        return False


# ---- the supersteps ----


def unfold_writes(result):
    """A task_result's result as [[channel, value], ...] in write order
    (several writes to a channel come as {"$writes": [...]})."""
    out = []
    for k, v in (result or {}).items():
        if k.startswith("__"):
            continue
        if isinstance(v, dict) and set(v) == {"$writes"} and isinstance(v["$writes"], list):
            out.extend([k, x] for x in v["$writes"])
        else:
            out.append([k, v])
    return out


class Steps:
    """The supersteps of one graph (a namespace) of a run, read from its
    debug events: by the library's step number, the tasks in order, their
    results and the checkpoint written after it."""

    def __init__(self, events, ns=()):
        self.ns = ns
        self.tasks = {}  # step -> [(id, name)]
        self.results = {}  # task id -> writes
        self.after = {}  # step -> values
        self.children = set()  # namespaces one below
        for e_ns, chunk in events:
            if e_ns[: len(ns)] != ns:
                continue
            if len(e_ns) > len(ns):
                self.children.add(e_ns[: len(ns) + 1])
                continue
            t = chunk.get("type")
            p = chunk.get("payload") or {}
            if t == "task":
                self.tasks.setdefault(chunk.get("step"), []).append((p.get("id"), p.get("name")))
            elif t == "task_result":
                self.results[p.get("id")] = unfold_writes(p.get("result"))
            elif t == "checkpoint":
                self.after[chunk.get("step")] = p.get("values")
        self.order = sorted(self.tasks)
        self.number = {s: i + 1 for i, s in enumerate(self.order)}
        self.task_step = {tid: s for s, ts in self.tasks.items() for tid, _ in ts}

    def number_of(self, lg_step):
        """A library step's number in the run (from 1); a step no event
        named yet is the one after those before it."""
        if lg_step in self.number:
            return self.number[lg_step]
        if not isinstance(lg_step, int):
            return 0
        return sum(1 for s in self.order if s < lg_step) + 1

    def nodes(self, lg_step):
        return sorted(name for _, name in self.tasks[lg_step])

    def answer(self, events, plain, final):
        """The steps as the run answers them; plain makes a value JSON
        (messages as plain dicts), final is the state at the end."""
        out = []
        for i, s in enumerate(self.order):
            tasks = []
            for tid, name in sorted(self.tasks[s], key=lambda t: str(t[1])):
                task = {"node": name, "writes": plain(self.results.get(tid, []))}
                child = self.ns + (f"{name}:{tid}",)
                if child in self.children:
                    task["steps"] = Steps(events, child).answer(events, plain, None)
                tasks.append(task)
            if s in self.after:
                state = plain(self.after[s])
            elif i == len(self.order) - 1:
                state = final
            else:
                state = None
            out.append({"step": i + 1, "nodes": self.nodes(s), "state": state, "tasks": tasks})
        return out


def step_of(steps, where):
    """The parent graph's step number of a call."""
    if where.task is not None and where.task in steps.task_step:
        return steps.number_of(steps.task_step[where.task])
    if where.nested:
        return 0
    return steps.number_of(where.step)
