# LangGraph Python graphs record must take as they run (scenario record
# --graph internal/record/testdata/agent_graph.py:<name> --input FILE):
# a model's tool call (an AIMessage with empty content), a first node that
# routes with Command(goto=...), a field merged by the graph's own reducer.
# Run: python agent_graph.py <name> '<input JSON>' > run.jsonl streams one.
import json, operator, sys
from typing import Annotated, TypedDict
from langchain_core.load import dumpd
from langchain_core.messages import AIMessage, ToolMessage
from langgraph.graph import StateGraph, START, END, MessagesState
from langgraph.types import Command


def model(state):
    call = {"name": "search", "args": {"q": "refund policy"}, "id": "call-1"}
    return {"messages": [AIMessage(content="", id="ai-1", tool_calls=[call])]}


def tools(state):
    return {"messages": [ToolMessage(content="30 days", tool_call_id="call-1", id="tool-1")]}


g = StateGraph(MessagesState)
g.add_node("model", model)
g.add_node("tools", tools)
g.add_edge(START, "model")
g.add_edge("model", "tools")
g.add_edge("tools", END)
tool_call = g.compile()


class Routed(TypedDict, total=False):
    status: str
    seen: Annotated[list, operator.add]


def triage(state):
    return Command(goto="refund", update={"status": "routed"})


g = StateGraph(Routed)
g.add_node("triage", triage, destinations=("refund",))
g.add_node("refund", lambda s: {"seen": ["refund"]})
g.add_edge(START, "triage")
g.add_edge("refund", END)
routed = g.compile()


def merge(old, new):
    return {**(old or {}), **(new or {})}


class Merged(TypedDict, total=False):
    facts: Annotated[dict, merge]
    status: str


g = StateGraph(Merged)
g.add_node("lookup", lambda s: {"facts": {"order": "A-17"}})
g.add_node("triage", lambda s: {"facts": {"topic": "refund"}, "status": "triaged"})
g.add_edge(START, "lookup")
g.add_edge("lookup", "triage")
g.add_edge("triage", END)
merged = g.compile()

if __name__ == "__main__":
    graph = {"tool_call": tool_call, "routed": routed, "merged": merged}[sys.argv[1]]
    for chunk in graph.stream(json.loads(sys.argv[2]), stream_mode=["updates", "values"]):
        print(json.dumps(dumpd(chunk)))
