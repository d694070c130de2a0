"""A graph whose real node answers with an AIMessage of empty list
content, as a model that returned only tool calls does: the message
object keeps content [], where a message dict's empty content becomes "".
features/own_graph_py.feature checks the state keeps it across steps."""

from typing import Annotated

from langchain_core.messages import AIMessage
from langgraph.graph import START, StateGraph
from langgraph.graph.message import add_messages
from typing_extensions import TypedDict


class State(TypedDict):
    messages: Annotated[list, add_messages]
    n: int


def answer(state: State) -> dict:
    return {"messages": [AIMessage(content=[], id="a1")]}


graph = StateGraph(State).add_node("answer", answer).add_edge(START, "answer").compile()
