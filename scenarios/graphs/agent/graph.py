"""A support agent's LangGraph Python graph, as a team would write it: the
scenarios of features/own_graph_py.feature run on it with
`scenario check --runtime langgraph-py`."""

import datetime
import operator
from typing import Annotated, Any

from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from typing_extensions import TypedDict


def merge_context(current: dict, update: dict) -> dict:
    """context merges what each node learns, newer keys winning: the
    graph's own reducer, not one the harness knows."""
    return {**current, **update}


class State(TypedDict):
    messages: Annotated[list, add_messages]
    context: Annotated[dict, merge_context]
    turns: Annotated[int, operator.add]
    status: Any


def summarize(state: State) -> dict:
    """A real node: it reads the state and writes what it learned."""
    user = state["context"].get("user", "someone")
    return {
        "context": {"summary": f"{user} sent {len(state['messages'])} messages"},
        "turns": 1,
        "status": "summarized",
    }


def escalate(state: State) -> dict:
    raise RuntimeError("the ticket service is down")


def triage(state: State) -> dict:
    return {"context": {"topic": "refund"}, "turns": 1}


def lookup(state: State) -> dict:
    return {"context": {"order": "A-17"}, "turns": 1}


# triage and lookup learn about the conversation side by side, before
# summarize; the features script what they return
graph = (
    StateGraph(State)
    .add_node("summarize", summarize)
    .add_node("escalate", escalate)
    .add_node("triage", triage)
    .add_node("lookup", lookup)
    .add_edge(START, "triage")
    .add_edge(START, "lookup")
    .add_edge(["triage", "lookup"], "summarize")
    .add_edge("summarize", END)
    .compile()
)


def stamp(state: State) -> dict:
    """A real node that returns what is not JSON."""
    return {"context": {"opened": datetime.date(2026, 11, 25)}}


graph_with_stamp = StateGraph(State).add_node("stamp", stamp).add_edge(START, "stamp").compile()
