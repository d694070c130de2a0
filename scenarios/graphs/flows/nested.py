"""nested.py: a graph with a subgraph as a node: research (a compiled
graph of its own, two supersteps: search then read) runs inside the
parent's superstep, then the writer answers."""

from typing import Annotated

from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from typing_extensions import TypedDict

from .model import chat


class State(TypedDict, total=False):
    messages: Annotated[list, add_messages]
    sources: list


def search(state: State):
    return {"sources": ["kb/returns.md"]}


def read(state: State):
    reply = chat.invoke(state["messages"])
    return {"messages": [reply]}


research = (
    StateGraph(State)
    .add_node("search", search)
    .add_node("read", read)
    .add_edge(START, "search")
    .add_edge("search", "read")
    .add_edge("read", END)
    .compile()
)


def write(state: State):
    return {"messages": [chat.invoke(state["messages"])]}


graph = (
    StateGraph(State)
    .add_node("research", research)
    .add_node("write", write)
    .add_edge(START, "research")
    .add_edge("research", "write")
    .add_edge("write", END)
    .compile()
)
