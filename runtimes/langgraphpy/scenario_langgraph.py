"""scenario_langgraph.py: what LangGraph Python's side of a commit is,
shared by the langgraph-py bridge (bridge.py, which it is written beside)
and the bench's judge of supersteps (bench/steps/diff/langgraph_python.py,
which imports it by sys.path): a field's reducer, a scripted output as
LangGraph takes it, the targets of its gotos, and what LangGraph raised as
the harness's error. It imports LangGraph: a bridge imports it after
scenario_protocol and within its check of the installed packages."""

import re

import langgraph.graph.message as lgmessage
from langgraph.types import Command

import scenario_reducers
from scenario_reducers import ReducerError


def reducer_for(field, spec):
    """A field's reducer: LangGraph's add_messages for messages (its
    errors name the field), else the harness's (SPEC section 5)."""
    if spec == "messages":
        def messages(a, b):
            try:
                return lgmessage.add_messages(a, b)
            except Exception as e:  # noqa: BLE001
                if getattr(e, "field", None) is None:
                    try:
                        e.field = field
                    except AttributeError:
                        pass
                raise
        return messages
    return scenario_reducers.reducer_for(field, spec, "langgraph-py")


def as_tuples(update):
    """A command's [key, value] pairs as the tuples Python writes."""
    if isinstance(update, list):
        return [tuple(p) if isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) else p for p in update]
    return update


def node_output(o):
    """What a scripted node returns: its output, or the Command a command
    output is."""
    out = o.get("output")
    if o.get("command") and isinstance(out, dict):
        kw = {}
        if "update" in out:
            kw["update"] = as_tuples(out["update"])
        if "goto" in out:
            kw["goto"] = out["goto"]
        return Command(**kw)
    return out


def goto_targets(outputs):
    """The nodes the outputs' commands go to, in order, once each."""
    out = []
    for o in outputs:
        v = o.get("output")
        if o.get("command") and isinstance(v, dict):
            g = v.get("goto")
            for t in g if isinstance(g, list) else [g]:
                if isinstance(t, str) and t != "__end__" and t not in out:
                    out.append(t)
    return out


URL = re.compile(r"\s*For troubleshooting, visit: \S*/errors/([A-Z_]+)\S*\s*$")
AT_KEY = re.compile(r"^At key '([^']*)'")


def error_of(e):
    """The harness's error of what LangGraph raised: its code from the
    troubleshooting URL, else from what raised it."""
    msg = str(e)
    code = getattr(e, "code", None)
    code = code if isinstance(code, str) else None
    m = URL.search(msg)
    if m:
        msg = msg[: m.start()]
        code = code or m.group(1)
    field = getattr(e, "field", None)
    k = AT_KEY.match(msg)
    if k and field is None:
        field = k.group(1)
    if code is None:
        if msg.startswith("Attempting to delete a message with an ID that doesn't exist"):
            code = "MESSAGE_NOT_FOUND"
        elif field is not None and not isinstance(e, ReducerError):
            code = "MESSAGE_COERCION_FAILURE"
        else:
            code = "RUNTIME_ERROR"
    out = {"code": code, "message": msg, "name": type(e).__name__}
    if isinstance(field, str):
        out["field"] = field
    return out
