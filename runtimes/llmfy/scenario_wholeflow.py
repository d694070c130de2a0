"""scenario_wholeflow.py: a whole run of the user's own llmfy flow, its
model scripted (the run request of runtimes/bridge/doc.go).

The flow runs as its users run it, flow.invoke(input), through its own
nodes, edges and reducers. llmfy runs one node at a time (a fan-out's
branches each count as one), and counts each node it runs as a step of
its max_steps: each node run is a superstep of the answer. Every model
call goes through llmfy's one call point, the generate() of the model an
LLMfy wraps (a BaseAIModel): while the run lasts every BaseAIModel class
answers from the scenario's script instead of its provider.
"""

import asyncio
import json

from llmfy.flow_engine.execution.hooks import FlowEngineHooks
from llmfy.llmfy_core.llms.base_ai_model import BaseAIModel
from llmfy.llmfy_core.messages.tool_call import ToolCall
from llmfy.llmfy_core.responses.ai_response import AIResponse
from scenario_flow import user_frame


class ScriptError(Exception):
    """A script the run cannot follow: its code and what happened."""

    def __init__(self, code, text):
        super().__init__(text)
        self.code = code
        self.text = text


class Run:
    """One run's script, where it is (the node under way, its superstep)
    and what it recorded."""

    def __init__(self, req):
        self.replies = list(req.get("replies") or [])
        self.offset = req.get("offset") or 0
        self.next = 0
        self.node = None
        self.step = 0
        self.steps = []
        self.calls = []
        self.failure = None

    def reply(self, messages):
        """The next reply as llmfy's AIResponse."""
        if self.next >= len(self.replies):
            last = messages[-1] if messages else None
            told = json.dumps(last, separators=(",", ":"), ensure_ascii=False, default=str) if last is not None else "no message"
            self.failure = ScriptError("MODEL_SCRIPT_EXHAUSTED", f"the model was called past the end of its script ({self.offset + len(self.replies)} replies given); the last message it was given: {told}. Add a reply to Given the model replies")
            raise self.failure
        reply = self.replies[self.next]
        self.next += 1
        self.calls.append({"step": self.step, "node": self.node, "reply": self.offset + self.next})
        try:
            if isinstance(reply, str):
                return AIResponse(content=reply)
            calls = [ToolCall(tool_call_id=c.get("id") or f"call-{i + 1}", request_call_id=c.get("id") or f"call-{i + 1}",
                              name=c["name"], arguments=c.get("args") or {}) for i, c in enumerate(reply.get("tool_calls") or [])]
            return AIResponse(content=reply.get("content"), tool_calls=calls or None)
        except Exception as e:  # noqa: BLE001
            self.failure = ScriptError("MODEL_SCRIPT_INVALID", f"reply {self.offset + self.next} is not an llmfy AI response ({e}); fix it in Given the model replies")
            raise self.failure from e


class NoModel:
    """The model of a step's real node: a step has no model script, and
    the provider is never called from a scenario."""

    def __init__(self):
        self.failure = None

    def reply(self, _messages):
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


def answering_from(run):
    """Makes every model's generate() answer from run's script; the
    returned function puts them back."""
    saved = [(c, c.__dict__["generate"]) for c in model_classes() if "generate" in c.__dict__]

    def generate(_self, messages, tools=None, **_kwargs):
        return run.reply(messages)

    for c, _ in saved:
        c.generate = generate

    def restore():
        for c, g in saved:
            c.generate = g

    return restore


def unsupported(req):
    """What a run asks that this runtime does not run yet, or ""."""
    for key, what in (("continue", "a run that goes on from the last one"), ("resume", "a resume"), ("command", "a command"),
                      ("nodeReplies", "a node's own model script"), ("returns", "scripted nodes"), ("tools", "scripted tools"),
                      ("capture", "a capture run")):
        if req.get(key):
            return what
    if req.get("before") is not None:
        return "a run on a thread that commits gave a state"
    return ""


def run_flow(own, req, loop, check_json, NonJSON):
    """Runs own's flow whole on the request's input; the run's answer."""
    why = unsupported(req)
    if why:
        return {"error": {"code": "RUNTIME_ERROR", "message": f"the llmfy runtime does not run {why} on a whole flow yet"}}
    run = Run(req)
    flow = own.flow
    if not flow.is_built:
        flow.build()
    user = flow.hooks

    async def start(node, state):
        run.step += 1
        run.node = node
        if user.on_node_start:
            r = user.on_node_start(node, state)
            if asyncio.iscoroutine(r):
                await r

    async def end(node, state, updates):
        run.steps.append({"step": run.step, "nodes": [node], "state": dict(state),
                          "tasks": [{"node": node, "writes": [[k, v] for k, v in (updates or {}).items()]}]})
        if user.on_node_end:
            r = user.on_node_end(node, state, updates)
            if asyncio.iscoroutine(r):
                await r

    hooks = FlowEngineHooks(on_node_start=start, on_node_end=end, on_error=user.on_error,
                            on_branch_start=user.on_branch_start, on_branch_end=user.on_branch_end)
    flow._engine_loop.hooks = hooks
    restore = answering_from(run)
    try:
        limit = req.get("recursionLimit") or None
        values = loop.run_until_complete(flow.invoke(req.get("input") or {}, max_steps=limit))
    except Exception as e:  # noqa: BLE001
        where = f"superstep {run.step}, node {json.dumps(run.node or '?')}"
        if run.failure is not None:
            return {"error": {"code": run.failure.code, "message": f"{where}: {run.failure.text}"}}
        cause = e.__cause__ or e
        at = user_frame(cause)
        code = "NODE_ERROR" if getattr(e, "node_name", None) else "RUNTIME_ERROR"
        return {"error": {"code": code, "name": type(cause).__name__,
                          "message": f"{where}: node {json.dumps(run.node or '?')} raised {type(cause).__name__}: {cause}{f' (at {at})' if at else ''}"}}
    finally:
        restore()
        flow._engine_loop.hooks = user
    try:
        check_json(values, [])
        check_json(run.steps, [])
    except NonJSON as e:
        return {"error": e.answer("the run's state holds", "a reducer or a node of the flow produced it")}
    return {"nextId": req.get("nextId") or 0, "values": values, "steps": run.steps, "next": [], "interrupts": [],
            "calls": run.calls, "returns": [], "tools": []}
