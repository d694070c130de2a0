"""react.py: a small ReAct graph for whole-graph runs
(features/wholegraph_py.feature), the twin of react.mjs: an agent node that
calls a chat model bound to one tool, the prebuilt ToolNode, and the
conditional edge between them. The model is the team's own fake (a
BaseChatModel subclass at module level); a whole-graph run scripts it."""

from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode

# replies are FakeChatModel's answers, first first; with none left it
# answers "I cannot help.". The test that runs this graph directly
# (runtimes/langgraphpy/wholegraph_test.go) fills it; a whole-graph run
# scripts the model instead, and never reaches _generate.
replies: list = []


class FakeChatModel(BaseChatModel):
    @property
    def _llm_type(self) -> str:
        return "fake"

    def bind_tools(self, tools, **kwargs: Any):
        # as a provider's model binds them: the tools go with each call
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _generate(self, messages, stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        message = replies.pop(0) if replies else AIMessage("I cannot help.")
        return ChatResult(generations=[ChatGeneration(message=message)])


@tool
def lookup_order(order: str) -> str:
    """Look up an order's status."""
    return f"order {order}: shipped on 2026-03-02"


model = FakeChatModel().bind_tools([lookup_order])


def agent(state: MessagesState):
    reply = model.invoke(state["messages"])
    return {"messages": [reply]}


def route(state: MessagesState):
    last = state["messages"][-1]
    return "tools" if getattr(last, "tool_calls", None) else END


graph = (
    StateGraph(MessagesState)
    .add_node("agent", agent)
    .add_node("tools", ToolNode([lookup_order]))
    .add_edge(START, "agent")
    .add_conditional_edges("agent", route, ["tools", END])
    .add_edge("tools", "agent")
    .compile()
)
