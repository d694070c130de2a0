"""wholegraph_direct.py: runs graphs of scenarios/graphs as LangGraph runs
them, for wholegraph_test.go: the library's own compile (with an
InMemorySaver, for its interrupts), its own stream and get_state_history,
and the graph's own fake chat model fed the replies a case gives. It reads
the cases as JSON on stdin and prints, per case, each run's supersteps (read
from the checkpoints' history: a superstep ran the tasks of the checkpoint
before it; a run the recursion limit stopped names its error), the
subgraphs' inner nodes (from the stream's subgraph
updates), the state, the next nodes and the pending interrupts' values.

    python wholegraph_direct.py <suite root> < cases.json
"""

import importlib
import json
import sys
import uuid

from langchain_core.messages import AIMessage, BaseMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.errors import GraphRecursionError
from langgraph.types import Command


def plain(v):
    if isinstance(v, BaseMessage):
        d = {"type": v.type, "content": v.content}
        if v.id is not None:
            d["id"] = v.id
        for k in ("name", "tool_call_id"):
            if getattr(v, k, None) is not None:
                d[k] = getattr(v, k)
        if getattr(v, "tool_calls", None):
            d["tool_calls"] = [{"name": c["name"], "args": c["args"], "id": c["id"]} for c in v.tool_calls]
        return d
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    return v


def fresh(name):
    """The module, executed afresh with the suite's modules it imports."""
    for m in [m for m in sys.modules if m == "scenarios" or m.startswith("scenarios.")]:
        del sys.modules[m]
    return importlib.import_module(name)


def run_case(case):
    module, _, attr = case["graph"].rpartition(":")
    mod = fresh(module)
    # the model module the graph imported, as it is
    replies = importlib.import_module(case["repliesIn"]).replies if case.get("repliesIn") else mod.replies
    replies[:] = [AIMessage(content=r) if isinstance(r, str) else AIMessage(**{"content": "", **r}) for r in case["replies"]]
    user = getattr(mod, attr)
    graph = user.builder.compile(checkpointer=InMemorySaver(), interrupt_before=user.interrupt_before_nodes or None,
                                 interrupt_after=user.interrupt_after_nodes or None)
    config = {"configurable": {"thread_id": str(uuid.uuid4())}}
    out = []
    pending = {}  # an interrupt's value (as JSON) -> its id
    for r in case["runs"]:
        before = {s.config["configurable"]["checkpoint_id"] for s in graph.get_state_history(config)}
        if "resume" in r:
            inp = Command(resume=r["resume"])
        elif "resumeByValue" in r:
            inp = Command(resume={pending[json.dumps(k)]: v for k, v in r["resumeByValue"]})
        elif "command" in r:
            inp = Command(**r["command"])
        else:
            inp = r.get("input")
        inner = []
        error = None
        run_config = {**config, "recursion_limit": case["recursionLimit"]} if case.get("recursionLimit") else config
        try:
            for ns, chunk in graph.stream(inp, run_config, stream_mode="updates", subgraphs=True):
                if ns and isinstance(chunk, dict):
                    inner.extend(k for k in chunk if not k.startswith("__"))
        except GraphRecursionError:
            error = "GRAPH_RECURSION_LIMIT"
        history = list(reversed(list(graph.get_state_history(config))))
        # the checkpoint the run started from, then those it wrote
        new = [i for i, s in enumerate(history) if s.config["configurable"]["checkpoint_id"] not in before]
        start = max(new[0] - 1, 0) if new else len(history) - 1
        snaps = history[start:]
        state = graph.get_state(config)
        steps = []
        for i, s in enumerate(snaps):
            names = sorted(t.name for t in s.tasks if t.name != "__start__")
            if not names:
                continue
            if i == len(snaps) - 1 and not any(t.interrupts for t in s.tasks):
                # the tasks left pending at the end did not run
                continue
            steps.append(names)
        interrupts = [plain(i.value) for i in state.interrupts]
        pending = {json.dumps(plain(i.value)): i.id for i in state.interrupts}
        out.append({"error": error, "steps": steps, "inner": inner, "values": plain(state.values), "next": sorted(state.next),
                    "interrupts": interrupts, "left": len(replies)})
    return out


def main():
    sys.path.insert(0, sys.argv[1])
    cases = json.load(sys.stdin)
    json.dump({name: run_case(c) for name, c in cases.items()}, sys.stdout)


if __name__ == "__main__":
    main()
