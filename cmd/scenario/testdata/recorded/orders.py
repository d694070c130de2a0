"""orders.py: the Python twin of orders.mjs, react.py whose own fake model
answers a tool call, then the answer, and which counts the agent's visits
(cmd/scenario/record_wholegraph_test.go records it and changes it)."""

import operator
from typing import Annotated, Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode

replies: list = [
    AIMessage(content="", tool_calls=[{"name": "lookup_order", "args": {"order": "A-17"}, "id": "call-1"}]),
    AIMessage(content="Order A-17 shipped on 2 March."),
]


class FakeChatModel(BaseChatModel):
    @property
    def _llm_type(self) -> str:
        return "fake"

    def bind_tools(self, tools, **kwargs: Any):
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _generate(self, messages, stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        message = replies.pop(0) if replies else AIMessage("I cannot help.")
        return ChatResult(generations=[ChatGeneration(message=message)])


TOOLS = "tools"


@tool
def lookup_order(order: str) -> str:
    """Look up an order's status."""
    return f"order {order}: shipped on 2026-03-02"


model = FakeChatModel().bind_tools([lookup_order])


class State(MessagesState):
    visits: Annotated[int, operator.add]


def agent(state: State):
    reply = model.invoke(state["messages"])
    return {"messages": [reply], "visits": 1}


def route(state: State):
    last = state["messages"][-1]
    return TOOLS if getattr(last, "tool_calls", None) else END


graph = (
    StateGraph(State)
    .add_node("agent", agent)
    .add_node(TOOLS, ToolNode([lookup_order]))
    .add_edge(START, "agent")
    .add_conditional_edges("agent", route, [TOOLS, END])
    .add_edge(TOOLS, "agent")
    .compile()
)
