"""langgraph_python.py: the LangGraph Python side of the differential check of
whole supersteps (bench/steps/diff -lib python).

Reads one case per line on stdin (internal/diffcase's JSON: an input and at
most one step) and writes one JSON line per case: {"state": ...} or
{"phase": "input"|"step", "errors": [{message, code, name, field}],
"alternatives"?: [...]}. Per case a real StateGraph over a
TypedDict: a last-value field is a plain annotation (a LastValue channel),
a reducer field is Annotated[T, reducer] where T is the field's type (list,
dict, float, int, str, bool; Any for any; Optional[T] for a nullable type;
BinaryOperatorAggregate starts from T()). A field's default is a Pydantic
default, which never enters a channel, so it has no part in the graph; a
TypedDict has none. The reducers (add_messages for messages, SPEC section
5's functions for the others), a scripted output and an error are the
langgraph-py bridge's own (runtimes/langgraphpy/scenario_langgraph.py).

START fans out to every node of the step; each returns its scripted output
(a command output becomes Command(update, goto), its [key, value] pairs as
tuples); the graph is compiled with an InMemorySaver and interrupt_after
on the step's nodes, so one superstep runs after the input's.

Generated message ids: uuid.uuid4 in langgraph.graph.message is a counter
reset per case, so the n-th id is "auto-n", the engine's numbering.
"""

import json
import os
import sys
import warnings
from typing import Annotated, Any, Optional

warnings.filterwarnings("ignore")

from typing_extensions import TypedDict  # noqa: E402

import langgraph.graph.message as lgmessage  # noqa: E402
from langchain_core.messages import BaseMessage  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402
from langgraph.graph import START, StateGraph  # noqa: E402

# the canonical form of a message, the reducers, a scripted output as
# LangGraph takes it and its errors as the harness's are the bridge's own
RUNTIMES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "runtimes")
sys.path[:0] = [os.path.join(RUNTIMES, "pybridge"), os.path.join(RUNTIMES, "langgraphpy")]
from scenario_langgraph import error_of, goto_targets, node_output, reducer_for  # noqa: E402
from scenario_messages import to_plain  # noqa: E402

PREFIX = "00000000-0000-4000-8000-"
generated = 0


class _UUID:
    def __init__(self, n):
        self.n = n

    def __str__(self):
        return PREFIX + str(self.n).rjust(12, "0")


class _uuid_module:
    @staticmethod
    def uuid4():
        global generated
        generated += 1
        return _UUID(generated)


lgmessage.uuid = _uuid_module


def auto_id(i):
    """A generated uuid as the harness numbers it (auto-N)."""
    if isinstance(i, str) and i.startswith(PREFIX):
        return "auto-" + str(int(i[len(PREFIX):]))
    return i


def unsafe_int(v):
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return abs(v) > 2**53 - 1
    if isinstance(v, list):
        return any(unsafe_int(x) for x in v)
    if isinstance(v, dict):
        return any(unsafe_int(x) for x in v.values())
    return False


def error_entry(e):
    """The bridge's error of what LangGraph raised, with the members this
    judge answers: a code only where LangGraph names one."""
    err = error_of(e)
    code = None if err["code"] == "RUNTIME_ERROR" else err["code"]
    return {"message": err["message"], "code": code, "name": err["name"], "field": err.get("field")}


TYPES = {"array": list, "object": dict, "number": float, "integer": int, "string": str, "boolean": bool}


def annotation(spec):
    t = spec.get("type", "any")
    nullable = t.endswith("?")
    base = TYPES.get(t.rstrip("?"), Any)
    if nullable and base is not Any:
        base = Optional[base]
    return base


def state_type(fields):
    ann = {}
    for name, spec in fields.items():
        reducer = spec.get("reducer", "last-value")
        if reducer == "last-value":
            ann[name] = Any
        else:
            ann[name] = Annotated[annotation(spec), reducer_for(name, reducer)]
    return TypedDict("State", ann)


def run(c):
    """One case {"profile", "fields", "commits"}: its first commit an
    input, then at most one step."""
    commits = c.get("commits") or [{"input": {}}]
    if len(commits) > 2 or "input" not in commits[0] or (len(commits) == 2 and "step" not in commits[1]):
        raise ValueError("langgraph_python.py runs an input and at most one step")
    input_, step = commits[0]["input"], commits[1]["step"] if len(commits) == 2 else []
    if step and big_int(c):
        # an input whose state the harness refuses fails before the step
        alone = run_commits(c, input_, [])
        if alone.get("errors") and alone["errors"][0]["code"] == "UNSAFE_INTEGER":
            return alone
    return run_commits(c, input_, step)


def big_int(v):
    """Whether a case holds an integer from which a sum may leave the safe
    integers."""
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return abs(v) > 2**50
    if isinstance(v, list):
        return any(big_int(x) for x in v)
    if isinstance(v, dict):
        return any(big_int(x) for x in v.values())
    return False


def run_commits(c, input_, step):
    global generated
    generated = 0  # each run numbers its generated ids from 1
    builder = StateGraph(state_type(c.get("fields") or {}))
    ran = set()
    names = [n["node"] for n in step]
    for n in step:
        def fn(state, n=n):
            ran.add(n["node"])
            return node_output(n)
        builder.add_node(n["node"], fn)
        builder.add_edge(START, n["node"])
    idle = [t for t in goto_targets(step) if t not in names]
    if not step:
        idle.append("idle")
    for t in idle:
        builder.add_node(t, lambda state: None)
    if not step:
        builder.add_edge(START, "idle")
    graph = builder.compile(
        checkpointer=InMemorySaver(),
        interrupt_after=names or None,
        interrupt_before=["idle"] if not step else None,
    )
    config = {"configurable": {"thread_id": "main"}}
    try:
        graph.invoke(input_ or {}, config, durability="sync")
    except Exception as e:  # noqa: BLE001
        answer = {"phase": "step" if ran else "input", "errors": [error_entry(e)]}
        if ran and len(step) > 1 and answer["errors"][0]["code"] == "INVALID_GRAPH_NODE_RETURN_VALUE":
            # the nodes of a superstep run in threads, and the error raised
            # is that of whichever fails first: each refused return, found
            # by running its node alone, is one the step may raise
            answer["alternatives"] = []
            for n in step:
                alone = run_commits(c, input_, [n])
                for err in alone.get("errors") or []:
                    if err["code"] == "INVALID_GRAPH_NODE_RETURN_VALUE":
                        answer["alternatives"].append(err["message"])
        return answer
    state = to_plain(graph.get_state(config).values, auto_id)
    for name, v in state.items():
        if unsafe_int(v):
            # the harness decodes what a runtime returns strictly (SPEC
            # section 2): an integer beyond 2^53 - 1 is refused
            phase = "input"
            if step and "errors" not in run_commits(c, input_, []):
                phase = "step"
            return {"phase": phase, "errors": [{"message": "an integer outside +-(2^53-1)", "code": "UNSAFE_INTEGER", "name": None, "field": name}]}
    return {"state": state}


def main():
    global generated
    for line in sys.stdin:
        if not line.strip():
            continue
        generated = 0
        try:
            answer = run(json.loads(line))
        except Exception as e:  # noqa: BLE001
            import traceback
            answer = {"harness": traceback.format_exc()}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
