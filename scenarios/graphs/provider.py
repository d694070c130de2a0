"""provider.py: the ReAct graph of react.py with a real provider class for
its model: ChatOpenAI from langchain-openai, with a dummy key, as a team's
graph holds it (the twin of provider.mjs). A whole-graph run scripts it
(docs/reference.md, Whole-graph runs), so no call reaches OpenAI. `graph`
calls the model's invoke; `streamed` calls its stream and gathers the
chunks, as a node that streams tokens to its users does."""

from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode


@tool
def lookup_order(order: str) -> str:
    """Look up an order's status."""
    return f"order {order}: shipped on 2026-03-02"


model = ChatOpenAI(model="gpt-4o-mini", api_key="sk-dummy").bind_tools([lookup_order])


def agent(state: MessagesState):
    return {"messages": [model.invoke(state["messages"])]}


def streaming_agent(state: MessagesState):
    reply = None
    for chunk in model.stream(state["messages"]):
        reply = chunk if reply is None else reply + chunk
    return {"messages": [reply]}


def route(state: MessagesState):
    last = state["messages"][-1]
    return "tools" if getattr(last, "tool_calls", None) else END


def build(node):
    return (
        StateGraph(MessagesState)
        .add_node("agent", node)
        .add_node("tools", ToolNode([lookup_order]))
        .add_edge(START, "agent")
        .add_conditional_edges("agent", route, ["tools", END])
        .add_edge("tools", "agent")
        .compile()
    )


graph = build(agent)
streamed = build(streaming_agent)
