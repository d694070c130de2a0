"""fanout.py: a map-reduce: the planner sends each order to its own check
(Send, one task per order in one superstep), whose notes add up, then the
summary calls the model once."""

import operator
from typing import Annotated

from langgraph.graph import END, START, StateGraph
from langgraph.types import Send
from typing_extensions import TypedDict

from .model import chat


class State(TypedDict, total=False):
    orders: list
    notes: Annotated[list, operator.add]
    summary: str


class Order(TypedDict):
    order: str


def plan(state: State):
    return {}


def fan_out(state: State):
    return [Send("check", {"order": o}) for o in state["orders"]]


def check(state: Order):
    return {"notes": [f"{state['order']}: ok"]}


def summarize(state: State):
    reply = chat.invoke("Summarize: " + "; ".join(state["notes"]))
    return {"summary": reply.content}


graph = (
    StateGraph(State)
    .add_node("plan", plan)
    .add_node("check", check)
    .add_node("summarize", summarize)
    .add_edge(START, "plan")
    .add_conditional_edges("plan", fan_out, ["check"])
    .add_edge("check", "summarize")
    .add_edge("summarize", END)
    .compile()
)
