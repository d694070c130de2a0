"""A support assistant on llmfy: classify tags the question (its own
order-independent reducer, a sorted union), then respond asks the model."""

import os
from typing import Annotated, Any

from llmfy import LLMfy, OpenAIChatConfig, OpenAIChatModel
from llmfy.flow_engine import END, START, FlowEngine
from typing_extensions import TypedDict


def union(old: Any, new: Any) -> list:
    """The tags of both, once each, sorted (llmfy calls it with old None
    on the field's first write)."""
    return sorted(set(old or []) | set(new or []))


class State(TypedDict):
    question: str
    tags: Annotated[list, union]
    answer: str


# the scenarios script the model: no key is ever sent anywhere
os.environ.setdefault("OPENAI_API_KEY", "sk-scripted")
llm = LLMfy(OpenAIChatModel(model="gpt-4o-mini", config=OpenAIChatConfig()), system_message="You answer support questions.")


def classify(state: State) -> dict:
    question = (state.get("question") or "").lower()
    return {"tags": [w for w in ("refund", "late", "broken") if w in question]}


def respond(state: State) -> dict:
    tags = ", ".join(state.get("tags") or []) or "none"
    response = llm.invoke(f"{state['question']} (tags: {tags})")
    return {"answer": response.result.content}


flow = FlowEngine(State)
flow.add_node("classify", classify)
flow.add_node("respond", respond)
flow.add_edge(START, "classify")
flow.add_edge("classify", "respond")
flow.add_edge("respond", END)
flow.build()
