"""scenario_flow.py: a suite's own llmfy flow, loaded for the llmfy bridge.

A flow is "<module>:<attribute>", the module a .py file under the suite
root (agent/flow.py) or a dotted module importable from it, the attribute a
FlowEngine (built or not), loaded afresh for each scenario as every Python
bridge loads the suite's modules (scenario_modules.py).
"""

import dataclasses
import enum
import json
import operator
import os
from typing import get_args, get_origin, get_type_hints

import llmfy.llmfy_core.llmfy as llmfy_module
import llmfy.llmfy_core.messages.message as message_module
from llmfy.flow_engine import END, START, FlowEngine
from llmfy.llmfy_core.messages.message import Message
from pydantic import BaseModel, TypeAdapter, ValidationError
from scenario_modules import LoadError, Process, import_attribute, user_frame  # noqa: F401 (user_frame: the bridge's)


def import_flow(ref):
    """The FlowEngine "<module>:<attribute>", its module executed afresh."""
    flow = import_attribute(ref, "flow")
    if not isinstance(flow, FlowEngine):
        kind = type(flow).__name__
        article = "an" if kind[:1].lower() in "aeiou" else "a"
        raise LoadError(f"{ref} is {article} {kind}, not an llmfy FlowEngine")
    return flow


def kind_of(reducer):
    """A state field's kind, as an own graph's open names it: no reducer
    is llmfy's replace (a last value), operator.add "add", any other
    function of the user's "reducer"."""
    if reducer is None:
        return "last-value"
    if reducer is operator.add:
        return "add"
    return "reducer"


class Ids:
    """uuid as llmfy's messages and LLMfy see it: the id of a message they
    make is the open flow's idPrefix + n, counted from a commit's or a
    run's nextId, so the ids are those the harness numbers (auto-N)."""

    prefix = "auto-"
    next = 0

    @classmethod
    def uuid4(cls):
        cls.next += 1
        return cls.prefix + str(cls.next)


# the only uuid either module uses is uuid4, for a message's id
llmfy_module.uuid = Ids
message_module.uuid = Ids


def typed(hint):
    """Whether a field's type holds values JSON has not (a set, a tuple, a
    pydantic model such as llmfy's Message, a dataclass), which a JSON
    value must be made into before the flow sees it."""
    if hint in (set, frozenset, tuple) or get_origin(hint) in (set, frozenset, tuple):
        return True
    if isinstance(hint, type) and (issubclass(hint, BaseModel) or dataclasses.is_dataclass(hint)):
        return True
    return any(typed(a) for a in get_args(hint) if a is not Ellipsis)


class FieldError(Exception):
    """A JSON value that does not fit its field's type."""

    def __init__(self, field, text):
        super().__init__(text)
        self.field = field
        self.code = "TYPE_MISMATCH"


def plain(v):
    """A value of the flow's state as JSON: a set as a sorted list, a
    tuple as a list, a pydantic model as its fields (an llmfy Message
    without its empty fields and the timestamp llmfy stamps it with), a
    dataclass as its fields, an enum as its value;
    anything else as it is (check_json refuses what JSON has not)."""
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return sorted((plain(x) for x in v), key=lambda x: json.dumps(x, sort_keys=True, default=repr))
    if isinstance(v, Message):
        return plain(v.model_dump(mode="json", exclude={"timestamp"}, exclude_none=True))
    if isinstance(v, BaseModel):
        return plain(v.model_dump(mode="json"))
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return plain(dataclasses.asdict(v))
    if isinstance(v, enum.Enum):
        return plain(v.value)
    return v


class OwnFlow:
    """A scenario's own flow: its state (the TypedDict whose Annotated
    reducers llmfy reads itself), its nodes and its fields' kinds, and the
    environment its module left when it loaded, which its commits and
    runs run in."""

    def __init__(self, ref, id_prefix="auto-"):
        self.ref = ref
        self.id_prefix = id_prefix
        try:
            self.flow = import_flow(ref)
            self.env = dict(os.environ)
        finally:
            Process.leave()
        self.state = self.flow.state_schema
        self.channels = list(get_type_hints(self.state, include_extras=True))
        self.kinds = {f: kind_of(self.flow._reducers.get(f)) for f in self.channels}
        self.nodes = [n for n in self.flow.nodes if n not in (START, END)]
        hints = getattr(self.flow, "_type_hints", {}) or {}
        self.adapters = {f: TypeAdapter(h) for f, h in hints.items() if typed(h)}

    def to_flow(self, values, what):
        """values (a JSON object: an input, a state, a node's output) with
        each typed field's value made its field's type, as the flow's
        code reads it (an llmfy Message from its fields, a set from a
        list); FieldError says which does not fit."""
        if not isinstance(values, dict) or not self.adapters:
            return values
        out = dict(values)
        for f, adapter in self.adapters.items():
            if f in out and out[f] is not None:
                try:
                    out[f] = adapter.validate_python(out[f])
                except ValidationError as e:
                    first = e.errors()[0] if e.errors() else {}
                    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first.get("loc", ()))
                    raise FieldError(f, f"{what}: field {f!r}{where} does not fit the flow's type of it ({first.get('msg', e)})") from e
        return out

    def real(self, node):
        """Why node is not one of the flow's, or ""."""
        if node in self.nodes:
            return ""
        return f"the flow {self.ref} has no node {node!r} (its nodes: {', '.join(self.nodes) or 'none'})"

    def node(self, name):
        """The flow's own node name: its function, stream, retry and
        timeout."""
        return self.flow.nodes[name]
