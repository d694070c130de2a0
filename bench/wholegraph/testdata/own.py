"""own.py: the graph's own run for the whole-graph benchmark
(bench/wholegraph), the twin of own.mjs: the graph's module loads once,
then each request line on stdin, {n, input, replies}, runs
graph.invoke(input) n times, the module's fake chat model given the
replies before each run, and answers one line: the time per run measured
here (so the process's start is not counted) and the last run's messages,
for the benchmark to hold against the harness's run.
Usage: python own.py <module> <export>."""

import importlib.util
import json
import os
import sys
import time

from langchain_core.messages import AIMessage


def main():
    path, export = sys.argv[1], sys.argv[2]
    # the graph imports the suite's modules from its root, as the bridge has it
    sys.path.insert(0, os.getcwd())
    spec = importlib.util.spec_from_file_location("benchgraph", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["benchgraph"] = mod
    spec.loader.exec_module(mod)
    graph = getattr(mod, export)

    def message(r):
        return AIMessage(content=r) if isinstance(r, str) else AIMessage(**{"content": "", **r})

    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        req = json.loads(line)
        out = None
        start = time.perf_counter_ns()
        for _ in range(req["n"]):
            mod.replies.clear()
            mod.replies.extend(message(r) for r in req["replies"])
            out = graph.invoke(req["input"])
        ns = (time.perf_counter_ns() - start) / req["n"]
        messages = [{"type": m.type, "content": m.content} for m in out["messages"]]
        print(json.dumps({"nsPerOp": ns, "messages": messages, "left": len(mod.replies)}), flush=True)


if __name__ == "__main__":
    main()
