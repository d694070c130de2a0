"""A map flow of llmfy's dynamic fan-out shape: plan_topics routes with a
Send per topic to tell_joke, whose branches llmfy commits together, in
the order of the Sends, before finalize runs once."""

from typing import Annotated

from llmfy import END, START, FlowEngine, Send
from typing_extensions import TypedDict


def append_list(old: list[str] | None, new: list[str]) -> list[str]:
    return (old or []) + new


class JokeState(TypedDict):
    topics: list[str]
    jokes: Annotated[list[str], append_list]
    done: bool


async def plan_topics(state: JokeState) -> dict:
    return {"topics": state.get("topics") or ["cats", "databases"]}


def one_per_topic(state: JokeState) -> list[Send]:
    return [Send("tell_joke", {"topic": t}) for t in state["topics"]]


async def tell_joke(state: dict) -> dict:
    return {"jokes": [f"Why did the {state['topic']} cross the road?"]}


async def finalize(state: JokeState) -> dict:
    return {"done": True}


flow = FlowEngine(JokeState)
flow.add_node("plan_topics", plan_topics)
flow.add_node("tell_joke", tell_joke)
flow.add_node("finalize", finalize)
flow.add_edge(START, "plan_topics")
flow.add_conditional_edges("plan_topics", one_per_topic, ["tell_joke"])
flow.add_edge("tell_joke", "finalize")
flow.add_edge("finalize", END)
flow.build()
