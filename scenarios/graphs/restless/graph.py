"""A graph whose nodes touch the process they run in: the working
directory, the environment, stdin and stdout
(features/own_graph_py_isolation.feature)."""

import os
import subprocess
import sys
from typing import Any

from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict


class State(TypedDict):
    where: Any
    mode: Any
    order: Any
    said: Any


def wander(state: State) -> dict:
    os.chdir(os.path.join("scenarios", "graphs"))
    return {"where": "scenarios/graphs"}


def look(state: State) -> dict:
    # relative to the suite root, where a node starts
    return {"where": "root" if os.path.isfile(os.path.join("scenarios", "graphs", "restless", "graph.py")) else os.getcwd()}


def set_mode(state: State) -> dict:
    os.environ["RESTLESS_MODE"] = "wandered"
    return {"mode": os.environ["RESTLESS_MODE"]}


def read_mode(state: State) -> dict:
    return {"mode": os.environ.get("RESTLESS_MODE", "unset")}


def ask(state: State) -> dict:
    return {"order": input("order number? ")}


def read_stdin(state: State) -> dict:
    return {"order": sys.stdin.readline()}


def chatty(state: State) -> dict:
    print("thinking about it")
    print("to the real stdout", file=sys.__stdout__, flush=True)
    os.write(1, b"straight to fd 1\n")
    subprocess.run(["echo", "from a tool the node runs"], check=True)
    return {"said": "done"}


graph = StateGraph(State)
for f in (wander, look, set_mode, read_mode, ask, read_stdin, chatty):
    graph.add_node(f.__name__, f)
graph = graph.add_edge(START, "look").compile()
