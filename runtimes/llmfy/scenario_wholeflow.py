"""scenario_wholeflow.py: a whole run of the user's own llmfy flow, its
model scripted (the run request of runtimes/bridge/doc.go).

The flow runs as its users run it, flow.invoke(input, session_id), through
its own nodes, edges and reducers. llmfy runs one node at a time (a
fan-out's branches each count as one), and counts each node it runs as a
step of its max_steps: each node run is a superstep of the answer.

Every model call goes through the model an LLMfy wraps (a BaseAIModel):
while the run lasts every BaseAIModel class's generate, agenerate,
generate_stream and agenerate_stream answer from the scenario's script
(the node's own script for a call inside a node of nodeReplies) instead
of the provider. Every tool call goes through a ToolRegistry's
execute_tool (tools_node) or an LLMfy's own (chat_with_tools): a tool of
tools answers from its script instead of running. A node of returns does
not run its function: its N-th visit returns its N-th output.

Threads are llmfy's sessions: the runs of one scenario thread are
invoke(input, session_id) on one session of an InMemoryCheckpointer the
bridge keeps per open flow (the flow's own checkpointer is set aside for
the run: a scenario writes to no Redis or SQL), so a later run goes on as
llmfy resumes a session: the input merged through the reducers, from the
node after the last one run, or from START when the last one ended the
flow. A thread that commits gave a state starts from a session whose last
checkpoint holds it. llmfy has no interrupts and no Command: a resume or a
command is refused, saying so.
"""

import asyncio
import contextvars
import json
import uuid
from datetime import UTC, datetime

from llmfy.flow_engine import InMemoryCheckpointer
from llmfy.flow_engine.checkpointer.base_checkpointer import Checkpoint, CheckpointMetadata
from llmfy.flow_engine.execution.hooks import FlowEngineHooks
from llmfy.llmfy_core.llmfy import LLMfy
from llmfy.llmfy_core.llms.base_ai_model import BaseAIModel
from llmfy.llmfy_core.messages.tool_call import ToolCall
from llmfy.llmfy_core.responses.ai_response import AIResponse
from llmfy.llmfy_core.tools.tool_registry import ToolRegistry
from scenario_flow import FieldError, Ids, plain, user_frame

# the superstep and node a call is made in: each fan-out branch runs in a
# task of its own, which copies the context
where = contextvars.ContextVar("where", default=(0, None))

# the node a thread's seeded checkpoint names: none of the flow's, so
# llmfy resumes it from START, as it resumes a session whose flow ended
SEEDED = "__scenario_state__"


class ScriptError(Exception):
    """A script the run cannot follow: its code and what happened."""

    def __init__(self, code, text):
        super().__init__(text)
        self.code = code
        self.text = text


class ModelError(Exception):
    """What a scripted reply {error: ...} raises in the model call."""


class Script:
    """A model script: replies from offset (what an earlier run used)."""

    def __init__(self, part, node=None):
        part = part or {}
        self.replies = list(part.get("replies") or [])
        self.offset = part.get("offset") or 0
        self.next = 0
        self.node = node

    def given(self):
        return f"Given the model replies to node {json.dumps(self.node)}" if self.node else "Given the model replies"


class Run:
    """One run's scripts and what used them: the model calls, the
    scripted node visits and tool calls, the supersteps, and the first
    failure (kept even where the flow's own code caught what it raised)."""

    def __init__(self, req):
        self.main = Script({"replies": req.get("replies"), "offset": req.get("offset")})
        self.by_node = {n: Script(s, n) for n, s in (req.get("nodeReplies") or {}).items()}
        self.returns = {n: {"returns": list(s.get("returns") or []), "offset": s.get("offset") or 0, "next": 0}
                        for n, s in (req.get("returns") or {}).items()}
        self.tools = {n: {"answers": list(s.get("answers") or []), "offset": s.get("offset") or 0, "next": 0, "inTurn": bool(s.get("inTurn"))}
                      for n, s in (req.get("tools") or {}).items()}
        self.step = 0
        self.steps = []
        self.calls = []
        self.visits = []
        self.tool_calls = []
        self.failure = None
        self.started = (0, None)
        self.failed_at = None
        capture = req.get("capture")
        self.capture = isinstance(capture, dict)
        self.capture_tools = self.capture and bool(capture.get("tools"))
        self.captured = []
        self.captured_tools = []

    def fail(self, err):
        if self.failure is None:
            self.failure = err
        raise err

    def reply(self, messages, tools):
        """The next reply, as llmfy's AIResponse, for a call given
        messages (the provider's form) and bound to tools."""
        step, node = where.get()
        s = self.by_node.get(node) or self.main
        if s.next >= len(s.replies):
            last = messages[-1] if messages else None
            told = json.dumps(last, separators=(",", ":"), ensure_ascii=False, default=str) if last is not None else "no message"
            self.fail(ScriptError("MODEL_SCRIPT_EXHAUSTED", f"the model was called past the end of its script ({s.offset + len(s.replies)} replies given); the last message it was given: {told}. Add a reply to {s.given()}"))
        reply = s.replies[s.next]
        s.next += 1
        n = s.offset + s.next
        call = {"step": step, "node": node, "reply": n}
        if s.node:
            call["script"] = s.node
        self.calls.append(call)
        if isinstance(reply, dict) and set(reply) == {"error"}:
            raise ModelError(str(reply["error"]))
        try:
            if isinstance(reply, str):
                return AIResponse(content=reply)
            calls = [ToolCall(tool_call_id=c.get("id") or f"call-{i + 1}", request_call_id=c.get("id") or f"call-{i + 1}",
                              name=c["name"], arguments=c.get("args") or {}) for i, c in enumerate(reply.get("tool_calls") or [])]
            response = AIResponse(content=reply.get("content"), tool_calls=calls or None)
        except Exception as e:  # noqa: BLE001
            self.fail(ScriptError("MODEL_SCRIPT_INVALID", f"call {n}: reply {n} is not an llmfy AI response ({e}); fix it in {s.given()}"))
        bound = bound_tools(tools)
        for c in response.tool_calls or []:
            if c.name not in bound:
                self.fail(ScriptError("MODEL_SCRIPT_INVALID", f"call {n}: the reply calls the tool {json.dumps(c.name)}, which the model was not bound to "
                                                              f"(its tools: {', '.join(bound) or 'none'}); fix the reply in {s.given()}, or register the tool"))
        return response

    def keep_reply(self, chunks):
        """Keeps a real model's reply (a capture run), whole, as a
        script's reply gives it: {content, tool_calls: [{name, args, id}]};
        a stream's chunks joined."""
        step, node = where.get()
        content, calls = "", None
        for c in chunks:
            if not isinstance(c, AIResponse):
                self.captured.append({"step": step, "node": node, "refused": f"the model answered a {type(c).__name__}, not an llmfy AIResponse: a script cannot give it"})
                return
            content += c.content or ""
            calls = c.tool_calls or calls
        reply = {"content": content}
        if calls:
            reply["tool_calls"] = [{"name": t.name, "args": t.arguments, "id": t.tool_call_id} for t in calls]
        self.captured.append({"step": step, "node": node, "reply": reply})

    def keep_tool(self, tool, answer=None, error=None):
        """Keeps a real tool's result (a capture run with tools): what it
        returned, as JSON when it is, else as llmfy writes it in the tool
        message (str); or what it raised."""
        if not self.capture_tools:
            return
        step, node = where.get()
        if error is not None:
            self.captured_tools.append({"step": step, "node": node, "tool": tool, "error": error})
            return
        try:
            check = json.loads(json.dumps(answer))
        except (TypeError, ValueError):
            check = str(answer)
        self.captured_tools.append({"step": step, "node": node, "tool": tool, "answer": check})

    def node_return(self, name):
        """A scripted node's output for its next visit."""
        step, _ = where.get()
        r = self.returns[name]
        if r["next"] >= len(r["returns"]):
            self.fail(ScriptError("NODE_SCRIPT_EXHAUSTED", f"visit {r['offset'] + r['next'] + 1} of the node is past the end of its script ({r['offset'] + len(r['returns'])} outputs given); "
                                                           f"add an output to \"Given node {json.dumps(name)} returns, in turn:\""))
        out = r["returns"][r["next"]]
        r["next"] += 1
        self.visits.append({"step": step, "node": name, "index": r["offset"] + r["next"]})
        return out

    def tool_answer(self, tool):
        """A scripted tool's answer to its next call."""
        step, node = where.get()
        t = self.tools[tool]
        if not t["inTurn"]:
            if not t["answers"]:
                self.fail(ScriptError("TOOL_SCRIPT_EXHAUSTED", f"call 1 of tool {json.dumps(tool)} is past the end of its answers (0 given); add an answer to \"Given tool {json.dumps(tool)} answers:\""))
            self.tool_calls.append({"step": step, "node": node, "tool": tool, "answer": 1})
            return t["answers"][0]
        if t["next"] >= len(t["answers"]):
            self.fail(ScriptError("TOOL_SCRIPT_EXHAUSTED", f"call {t['offset'] + t['next'] + 1} of tool {json.dumps(tool)} is past the end of its answers ({t['offset'] + len(t['answers'])} given); "
                                                           f"add an answer to \"Given tool {json.dumps(tool)} answers, in turn:\""))
        out = t["answers"][t["next"]]
        t["next"] += 1
        self.tool_calls.append({"step": step, "node": node, "tool": tool, "answer": t["offset"] + t["next"]})
        return out


def bound_tools(tools):
    """The names of the tools a call carries, as the provider formats
    them ({"type": "function", "function": {"name"}}, {"name"})."""
    names = []
    for t in tools or []:
        if isinstance(t, dict):
            f = t.get("function")
            name = f.get("name") if isinstance(f, dict) else t.get("name")
            if isinstance(name, str):
                names.append(name)
    return names


class NoModel:
    """The model of a step's real node: a step has no model script, and
    the provider is never called from a scenario."""

    def __init__(self):
        self.failure = None
        self.tools = {}

    def reply(self, _messages, _tools):
        self.failure = ScriptError("RUNTIME_ERROR", "the node called the model in a step, which has no model script: run the flow whole (Given the model replies, When the graph runs with), or give the node's output (When node returns)")
        raise self.failure


def model_classes():
    """Every BaseAIModel class loaded, the user's own included."""
    out, todo = [], [BaseAIModel]
    while todo:
        c = todo.pop()
        out.append(c)
        todo.extend(c.__subclasses__())
    return out


ANSWERS = ("generate", "agenerate", "generate_stream", "agenerate_stream")


def scripted(_cls, _real):
    """A model class's four answers from the script of the run under way."""

    def generate(_self, messages, tools=None, **_kwargs):
        return current.reply(messages, tools)

    async def agenerate(_self, messages, tools=None, **_kwargs):
        return current.reply(messages, tools)

    def generate_stream(_self, messages, tools=None, **_kwargs):
        # a scripted stream is one chunk, the whole reply
        yield current.reply(messages, tools)

    async def agenerate_stream(_self, messages, tools=None, **_kwargs):
        yield current.reply(messages, tools)

    return {"generate": generate, "agenerate": agenerate, "generate_stream": generate_stream, "agenerate_stream": agenerate_stream}


def captured(cls, real):
    """A model class's four answers as its provider gives them (real, by
    name), each reply kept, whole, as a script would give it."""

    def generate(self, messages, tools=None, **kwargs):
        r = real["generate"](self, messages, tools, **kwargs)
        current.keep_reply([r])
        return r

    async def agenerate(self, messages, tools=None, **kwargs):
        r = await real["agenerate"](self, messages, tools, **kwargs)
        current.keep_reply([r])
        return r

    def generate_stream(self, messages, tools=None, **kwargs):
        chunks = []
        for c in real["generate_stream"](self, messages, tools, **kwargs):
            chunks.append(c)
            yield c
        current.keep_reply(chunks)

    async def agenerate_stream(self, messages, tools=None, **kwargs):
        chunks = []
        async for c in real["agenerate_stream"](self, messages, tools, **kwargs):
            chunks.append(c)
            yield c
        current.keep_reply(chunks)

    return {"generate": generate, "agenerate": agenerate, "generate_stream": generate_stream, "agenerate_stream": agenerate_stream}


# the run under way: the answers read it
current = None


def answering_from(run):
    """Makes every model answer from run's script (a capture run: as its
    provider does, each reply kept), and every tool of run.tools from its
    answers (a capture run with tools: each result kept); the returned
    function puts them back."""
    global current
    current = run
    capture = getattr(run, "capture", False)
    saved = []
    classes = model_classes()
    # each class's own answers, before any is replaced
    reals = {c: {k: getattr(c, k) for k in ANSWERS} for c in classes}
    for c in classes:
        mine = {k: c.__dict__[k] for k in ANSWERS if k in c.__dict__}
        if not mine:
            continue
        ours = (captured if capture else scripted)(c, reals[c])
        for k, f in mine.items():
            saved.append((c, k, f))
            setattr(c, k, ours[k])
    execute = ToolRegistry.execute_tool
    own_execute = LLMfy.__dict__["_LLMfy__execute_tool"]

    def answer(real, owner, name, arguments):
        if name in run.tools:
            return run.tool_answer(name)
        if not capture:
            return real(owner, name, arguments)
        try:
            out = real(owner, name, arguments)
        except Exception as e:
            run.keep_tool(name, error=f"{type(e).__name__}: {e}")
            raise
        run.keep_tool(name, answer=out)
        return out

    def execute_tool(self, name, arguments):
        return answer(execute, self, name, arguments)

    def llmfy_execute_tool(self, name, arguments):
        return answer(own_execute, self, name, arguments)

    ToolRegistry.execute_tool = execute_tool
    LLMfy._LLMfy__execute_tool = llmfy_execute_tool

    def restore():
        global current
        for c, k, g in saved:
            setattr(c, k, g)
        ToolRegistry.execute_tool = execute
        LLMfy._LLMfy__execute_tool = own_execute
        current = None

    return restore


def refused(req):
    """Why llmfy cannot run what the request asks, or ""."""
    if req.get("resume"):
        return ("llmfy has no interrupts (a flow runs to its end or fails), so a run has nothing to resume: "
                "give what the resume would carry as the next run's input (When the graph runs with), which llmfy merges through the reducers")
    if req.get("command"):
        return ("llmfy has no Command (no resume, update or goto into a running flow): give the update as the next run's input "
                "(When the graph runs with), which llmfy merges through the reducers, and route with the flow's own conditional edges")
    return ""


class Sessions:
    """The llmfy sessions of an open flow's scenario threads, in an
    InMemoryCheckpointer of their own."""

    def __init__(self):
        self.checkpointer = InMemoryCheckpointer()
        self.by_thread = {}

    def of(self, req, loop, before):
        """The session of the request's thread: its own on continue, else
        a fresh one (holding before, when given)."""
        thread = req.get("thread") or "main"
        if req.get("continue") and thread in self.by_thread:
            return self.by_thread[thread]
        old = self.by_thread.get(thread)
        if old is not None:
            loop.run_until_complete(self.checkpointer.delete(old))
        session = f"t{len(self.by_thread)}-{uuid.uuid4().hex[:8]}"
        self.by_thread[thread] = session
        if before is not None:
            meta = CheckpointMetadata(checkpoint_id=str(uuid.uuid4()), session_id=session, run_id=str(uuid.uuid4()),
                                      created_at=datetime.now(UTC), node=SEEDED, prev_node=SEEDED, step=0, updated_fields=[],
                                      attempt=None, dispatch_id=None)
            loop.run_until_complete(self.checkpointer.save(Checkpoint(metadata=meta, state=dict(before))))
        return session


def scripted_nodes(flow, run):
    """Makes each node of run.returns return its script instead of running
    its function; the returned function puts them back."""
    saved = []
    for name in run.returns:
        node = flow.nodes.get(name)
        if node is None:
            continue
        saved.append((node, node.func, node.stream))

        def func(_state, name=name):
            return run.node_return(name)

        node.func, node.stream = func, False

    def restore():
        for node, f, stream in saved:
            node.func, node.stream = f, stream

    return restore


def run_flow(own, req, loop, check_json, NonJSON):
    """Runs own's flow whole on the request's input; the run's answer."""
    why = refused(req)
    if why:
        return {"error": {"code": "RUNTIME_ERROR", "message": why}}
    run = Run(req)
    Ids.prefix, Ids.next = own.id_prefix, req.get("nextId") or 0
    try:
        before = own.to_flow(req.get("before"), "the thread's state")
        apply = own.to_flow(req.get("input"), "the input")
        for r in run.returns.values():
            r["returns"] = [own.to_flow(o, "a scripted node's output") for o in r["returns"]]
    except FieldError as e:
        return {"error": {"code": e.code, "message": str(e), "field": e.field}}
    flow = own.flow
    if not flow.is_built:
        flow.build()
    engine = flow._engine_loop
    user = engine.hooks
    if not hasattr(own, "sessions"):
        own.sessions = Sessions()
    session = own.sessions.of(req, loop, before)

    async def start(node, state):
        run.step += 1
        run.started = (run.step, node)
        where.set((run.step, node))
        if user.on_node_start:
            r = user.on_node_start(node, state)
            if asyncio.iscoroutine(r):
                await r

    async def end(node, state, updates):
        step, _ = where.get()
        run.steps.append({"step": step, "nodes": [node], "state": plain(dict(state)),
                          "tasks": [{"node": node, "writes": [[k, plain(v)] for k, v in (updates or {}).items()]}]})
        if user.on_node_end:
            r = user.on_node_end(node, state, updates)
            if asyncio.iscoroutine(r):
                await r

    async def error(node, exc):
        if run.failed_at is None:
            run.failed_at = (where.get()[0], node)
        if user.on_error:
            r = user.on_error(node, exc)
            if asyncio.iscoroutine(r):
                await r

    engine.hooks = FlowEngineHooks(on_node_start=start, on_node_end=end, on_error=error,
                                   on_branch_start=user.on_branch_start, on_branch_end=user.on_branch_end)
    checkpointers = (flow.checkpointer, engine.checkpointer)
    flow.checkpointer = engine.checkpointer = own.sessions.checkpointer
    restore = answering_from(run)
    put_back = scripted_nodes(flow, run)
    try:
        limit = req.get("recursionLimit") or None
        values = loop.run_until_complete(flow.invoke(apply or None, session_id=session, max_steps=limit))
    except Exception as e:  # noqa: BLE001
        # the node that raised, else (a routing function, a reducer of a
        # node's return) the last node that started
        step, node = run.failed_at or run.started
        at_ = f"superstep {step}, node {json.dumps(node or '?')}"
        if run.failure is not None:
            return {"error": {"code": run.failure.code, "message": f"{at_}: {run.failure.text}"}}
        cause = e.__cause__ or e
        # LLMfy wraps what a model call raised in an LLMfyException
        cause = getattr(cause, "raw_error", None) or cause
        at = user_frame(e.__cause__ or e) or user_frame(cause)
        if type(e).__name__ == "StepLimitExceededException":
            return {"error": {"code": "GRAPH_RECURSION_LIMIT", "message": f"{at_}: {e}"}}
        code = "NODE_ERROR" if getattr(e, "node_name", None) else "RUNTIME_ERROR"
        return {"error": {"code": code, "name": type(cause).__name__,
                          "message": f"{at_}: node {json.dumps(node or '?')} raised {type(cause).__name__}: {cause}{f' (at {at})' if at else ''}"}}
    finally:
        put_back()
        restore()
        engine.hooks = user
        flow.checkpointer, engine.checkpointer = checkpointers
    values = plain(values)
    try:
        check_json(values, [])
        check_json(run.steps, [])
    except NonJSON as e:
        return {"error": e.answer("the run's state holds", "a reducer or a node of the flow produced it")}
    out = {"nextId": Ids.next, "values": values, "steps": run.steps, "next": [], "interrupts": [],
           "calls": run.calls, "returns": run.visits, "tools": run.tool_calls}
    if run.capture:
        out["captured"] = {"replies": run.captured, "tools": run.captured_tools}
    return out
