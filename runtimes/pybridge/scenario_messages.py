"""scenario_messages.py: a langchain-core message as the harness writes it
(its class's fields, the defaults left out, a tool message's status kept),
shared by the langgraph-py bridge and the scripts that check the
langgraph-py profile against the real library."""

from langchain_core.messages import BaseMessage


def plain_message(m, ids=None):
    """The message m as the harness's canonical form; ids, when given,
    rewrites the message's id (a script's generated uuids as auto-N)."""
    d = m.model_dump()
    t = d["type"]
    out = {"type": t}
    if t != "remove":
        out["content"] = d["content"]
    if d.get("id") is not None:
        out["id"] = ids(d["id"]) if ids else d["id"]
    if d.get("name") is not None:
        out["name"] = d["name"]
    for k in ("additional_kwargs", "response_metadata", "tool_calls", "invalid_tool_calls"):
        if d.get(k):
            out[k] = d[k]
    for k in ("usage_metadata", "artifact"):
        if d.get(k) is not None:
            out[k] = d[k]
    if d.get("example"):
        out["example"] = d["example"]
    if t == "tool":
        out["tool_call_id"] = d["tool_call_id"]
        out["status"] = d["status"]
    return out


def to_plain(v, ids=None):
    """v with every message in it in plain form, tuples as lists."""
    if isinstance(v, BaseMessage):
        return plain_message(v, ids)
    if isinstance(v, (list, tuple)):
        return [to_plain(x, ids) for x in v]
    if isinstance(v, dict):
        return {k: to_plain(x, ids) for k, x in v.items()}
    return v
