"""A support flow of llmfy's: its own order-independent reducer (tags, a
sorted union) and two nodes, classify then answer."""

from typing import Annotated, Any

from llmfy.flow_engine import END, START, FlowEngine
from typing_extensions import TypedDict


def union(old: Any, new: Any) -> list:
    """The tags of both, once each, sorted: the order writes arrive in
    does not matter, as llmfy asks of a field parallel branches write.
    llmfy calls it with old None on the field's first write."""
    return sorted(set(old or []) | set(new or []))


class State(TypedDict):
    question: str
    tags: Annotated[list, union]
    answer: str


WORDS = ("refund", "late", "broken")


def classify(state: State) -> dict:
    question = (state.get("question") or "").lower()
    return {"tags": [w for w in WORDS if w in question]}


def answer(state: State) -> dict:
    tags = state.get("tags") or []
    if not tags:
        raise ValueError("no tag to answer on")
    return {"answer": "about " + ", ".join(tags)}


flow = FlowEngine(State)
flow.add_node("classify", classify)
flow.add_node("answer", answer)
flow.add_edge(START, "classify")
flow.add_edge("classify", "answer")
flow.add_edge("answer", END)
flow.build()
