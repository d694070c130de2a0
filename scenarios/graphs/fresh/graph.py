"""A support graph with module-level state, as a team's graph and its
pytest scripts often have: a fake chat model (in the sibling module
model.py) and a list of ticket numbers that a node pops. Each scenario must
see them as the module makes them."""

from typing import Annotated, Any

from langgraph.graph import START, StateGraph
from langgraph.graph.message import add_messages
from typing_extensions import TypedDict

from .model import chat

TICKETS = ["T-1", "T-2"]


class State(TypedDict):
    messages: Annotated[list, add_messages]
    ticket: Any


def reply(state: State) -> dict:
    return {"messages": [chat.invoke(state["messages"])]}


def ticket(state: State) -> dict:
    return {"ticket": TICKETS.pop(0)}


graph = (
    StateGraph(State)
    .add_node("reply", reply)
    .add_node("ticket", ticket)
    .add_edge(START, "reply")
    .compile()
)
