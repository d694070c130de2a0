"""A research flow of llmfy's fan-out shape: fetch fans out to two
branches that run concurrently, each adding to findings through the
flow's own order-independent reducer (a set union), and combine, the
join, runs once both arrived and asks the model to sum up (async)."""

import os
from typing import Annotated

from llmfy import LLMfy, OpenAIChatConfig, OpenAIChatModel
from llmfy.flow_engine import END, START, FlowEngine
from typing_extensions import TypedDict


def merge_sets(old: set[str] | None, new: set[str]) -> set[str]:
    """Order-independent: branches may finish in either order."""
    return (old or set()) | new


class ResearchState(TypedDict):
    topic: str
    findings: Annotated[set[str], merge_sets]
    summary: str


os.environ.setdefault("OPENAI_API_KEY", "sk-scripted")
llm = LLMfy(OpenAIChatModel(model="gpt-4o-mini", config=OpenAIChatConfig()), system_message="You sum up research.")


async def fetch(state: ResearchState) -> dict:
    return {"findings": {f"topic:{state['topic']}"}}


async def research_facts(state: ResearchState) -> dict:
    return {"findings": {"facts"}}


async def research_opinions(state: ResearchState) -> dict:
    return {"findings": {"opinions"}}


async def combine(state: ResearchState) -> dict:
    found = ", ".join(sorted(state["findings"]))
    response = await llm.ainvoke(f"Sum up {state['topic']}: {found}")
    return {"summary": response.result.content}


flow = FlowEngine(ResearchState)
flow.add_node("fetch", fetch)
flow.add_node("research_facts", research_facts)
flow.add_node("research_opinions", research_opinions)
flow.add_node("combine", combine)
flow.add_edge(START, "fetch")
flow.add_edge("fetch", ["research_facts", "research_opinions"])
flow.add_edge("research_facts", "combine")
flow.add_edge("research_opinions", "combine")
flow.add_edge("combine", END)
flow.build()
