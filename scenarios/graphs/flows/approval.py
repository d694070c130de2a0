"""approval.py: human approval with interrupt(): graph drafts a reply and
asks for approval before it is sent; both asks two reviewers at once (two
interrupts pending in one superstep), each resumed by its id."""

import operator
from typing import Annotated

from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.types import interrupt
from typing_extensions import TypedDict

from .model import chat


class State(TypedDict, total=False):
    messages: Annotated[list, add_messages]
    approved: bool
    verdicts: Annotated[list, operator.add]


def draft(state: State):
    return {"messages": [chat.invoke(state["messages"])]}


def approve(state: State):
    answer = interrupt({"question": "Send this reply?", "draft": state["messages"][-1].content})
    return {"approved": answer == "yes"}


def send(state: State):
    return {}


def legal(state: State):
    return {"verdicts": [f"legal: {interrupt('legal review')}"]}


def finance(state: State):
    return {"verdicts": [f"finance: {interrupt('finance review')}"]}


graph = (
    StateGraph(State)
    .add_node("draft", draft)
    .add_node("approve", approve)
    .add_node("send", send)
    .add_edge(START, "draft")
    .add_edge("draft", "approve")
    .add_conditional_edges("approve", lambda s: "send" if s.get("approved") else END, ["send", END])
    .add_edge("send", END)
    .compile()
)

both = (
    StateGraph(State)
    .add_node("draft", draft)
    .add_node("legal", legal)
    .add_node("finance", finance)
    .add_node("send", send)
    .add_edge(START, "draft")
    .add_edge("draft", "legal")
    .add_edge("draft", "finance")
    .add_edge(["legal", "finance"], "send")
    .add_edge("send", END)
    .compile()
)
