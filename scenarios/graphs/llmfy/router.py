"""A triage flow of llmfy's conditional-route shape: triage asks the
model for a label, a conditional edge maps the label to a desk
(add_conditional_edges with a dict), and each desk writes the reply."""

import os

from llmfy import LLMfy, OpenAIChatConfig, OpenAIChatModel
from llmfy.flow_engine import END, START, FlowEngine
from typing_extensions import TypedDict


class TriageState(TypedDict):
    question: str
    label: str
    reply: str


os.environ.setdefault("OPENAI_API_KEY", "sk-scripted")
llm = LLMfy(OpenAIChatModel(model="gpt-4o-mini", config=OpenAIChatConfig()), system_message="Answer billing or other.")


def triage(state: TriageState) -> dict:
    response = llm.invoke(state["question"])
    return {"label": (response.result.content or "").strip().lower()}


def route(state: TriageState) -> str:
    return "billing" if state["label"] == "billing" else "other"


def billing_desk(state: TriageState) -> dict:
    return {"reply": f"billing will answer: {state['question']}"}


def general_desk(state: TriageState) -> dict:
    return {"reply": f"we will answer: {state['question']}"}


flow = FlowEngine(TriageState)
flow.add_node("triage", triage)
flow.add_node("billing_desk", billing_desk)
flow.add_node("general_desk", general_desk)
flow.add_edge(START, "triage")
flow.add_conditional_edges("triage", route, {"billing": "billing_desk", "other": "general_desk"})
flow.add_edge("billing_desk", END)
flow.add_edge("general_desk", END)
flow.build()
