"""triage.py: a support desk that routes: the classifier's reply picks a
branch (a conditional edge); the refund desk hands over to the answer node
with a Command(goto) and an update of its own."""

from typing import Annotated

from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.types import Command
from typing_extensions import TypedDict

from .model import chat


class State(TypedDict, total=False):
    messages: Annotated[list, add_messages]
    topic: str
    refund: int


def classify(state: State):
    reply = chat.invoke([("system", "Answer refund or question."), *state["messages"]])
    return {"topic": reply.content.strip().lower()}


def route(state: State):
    return "refund" if state.get("topic") == "refund" else "answer"


def refund(state: State):
    return Command(goto="answer", update={"refund": 25})


def answer(state: State):
    reply = chat.invoke(state["messages"])
    return {"messages": [reply]}


graph = (
    StateGraph(State)
    .add_node("classify", classify)
    .add_node("refund", refund, destinations=("answer",))
    .add_node("answer", answer)
    .add_edge(START, "classify")
    .add_conditional_edges("classify", route, ["refund", "answer"])
    .add_edge("answer", END)
    .compile()
)
