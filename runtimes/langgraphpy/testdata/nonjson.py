"""nonjson.py: graphs whose runs hold what is not JSON, for the transcript
run_py.txt: wrote's second node writes a date, asked's node passes one to
interrupt()."""

import datetime
from typing import Any

from langgraph.graph import START, StateGraph
from langgraph.types import interrupt
from typing_extensions import TypedDict


class State(TypedDict, total=False):
    a: Any
    b: Any


wrote = (
    StateGraph(State)
    .add_node("first", lambda s: {"b": 1})
    .add_node("second", lambda s: {"a": {"when": datetime.date(2026, 1, 2)}})
    .add_edge(START, "first")
    .add_edge("first", "second")
    .compile()
)

asked = StateGraph(State).add_node("ask", lambda s: {"a": interrupt({"when": datetime.date(2026, 1, 2)})}).add_edge(START, "ask").compile()
