"""fanout.py: the fan-out graph of the whole-graph benchmark, the twin of
fanout.mjs: a planner node asks the chat model for a plan, three searches
run in one superstep and append to a list, and a writer node asks the
model for the answer."""

import operator
from typing import Annotated

from langchain_core.messages import HumanMessage
from langgraph.graph import END, START, MessagesState, StateGraph

from bench.wholegraph.testdata.fakemodel import FakeChatModel, replies  # noqa: F401 (own.py fills replies)

model = FakeChatModel()


class State(MessagesState):
    results: Annotated[list, operator.add]


def search(source):
    return lambda state: {"results": [f"{source}: {state['messages'][-1].content}"]}


def write(state: State):
    return {"messages": [model.invoke([*state["messages"], HumanMessage("\n".join(state["results"]))])]}


graph = (
    StateGraph(State)
    .add_node("plan", lambda state: {"messages": [model.invoke(state["messages"])]})
    .add_node("orders", search("orders"))
    .add_node("shipments", search("shipments"))
    .add_node("refunds", search("refunds"))
    .add_node("write", write)
    .add_edge(START, "plan")
    .add_edge("plan", "orders")
    .add_edge("plan", "shipments")
    .add_edge("plan", "refunds")
    .add_edge(["orders", "shipments", "refunds"], "write")
    .add_edge("write", END)
    .compile()
)
