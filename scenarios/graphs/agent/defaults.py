"""A Pydantic state whose reducer fields have defaults that are not their
type's empty value: LangGraph Python starts each such channel from its
type (list() is [], int() is 0) or, for Any, holds nothing until a write;
the default is never in the state. features/langgraph_py.feature runs the
same scenario on this graph and on the schema that says the same."""

import operator
from typing import Annotated, Any

from langgraph.graph import END, START, StateGraph
from pydantic import BaseModel


def append(current: Any, update: Any) -> list:
    """append as the harness names it: lists concatenate, anything else is
    one element."""
    current = current if isinstance(current, list) else [current]
    return current + (update if isinstance(update, list) else [update])


class State(BaseModel):
    notes: Annotated[list, operator.add] = ["seeded"]
    turns: Annotated[int, operator.add] = 5
    trail: Annotated[Any, append] = ["seeded"]
    topic: str = "none"


def tag(state: State) -> dict:
    return {}


graph = StateGraph(State).add_node("tag", tag).add_edge(START, "tag").add_edge("tag", END).compile()
