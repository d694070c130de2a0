"""graph.py: the own graph of the transcripts (own_graph.txt, stream.txt),
as LangGraph Python writes it; graph.mjs is the same graph in JavaScript."""

from typing_extensions import TypedDict

from langgraph.graph import END, START, StateGraph


class State(TypedDict, total=False):
    status: str


def finish(state):
    return {"status": "done"}


graph = StateGraph(State).add_node("finish", finish).add_edge(START, "finish").add_edge("finish", END).compile()
