"""A tool-calling agent of llmfy's agent shape: main asks the model with
the conversation (llmfy Messages, appended by the flow's own reducer);
when the reply calls a tool, tools runs it (llmfy's tools_node and a
ToolRegistry) and the flow loops back to main."""

import os
from typing import Annotated

from llmfy import END, START, FlowEngine, LLMfy, Message, OpenAIChatConfig, OpenAIChatModel, Tool, ToolRegistry, tools_node
from typing_extensions import TypedDict


def append_messages(old: list[Message] | None, new: list[Message]) -> list[Message]:
    return (old or []) + new


class AgentState(TypedDict):
    messages: Annotated[list[Message], append_messages]


@Tool()
def get_current_weather(location: str, unit: str = "celsius") -> str:
    """Get the current weather for a location."""
    return f"The weather in {location} is 22 degrees {unit}"


os.environ.setdefault("OPENAI_API_KEY", "sk-scripted")
model = OpenAIChatModel(model="gpt-4o-mini", config=OpenAIChatConfig())
llm = LLMfy(model, system_message="You are a helpful assistant.")
tools = [get_current_weather]
llm.register_tool(tools)
registry = ToolRegistry(tools, model)


def main(state: AgentState) -> dict:
    response = llm.chat(state["messages"])
    return {"messages": [response.messages[-1]]}


def run_tools(state: AgentState) -> dict:
    return {"messages": tools_node(messages=state["messages"], registry=registry)}


def should_continue(state: AgentState) -> str:
    return "tools" if state["messages"][-1].tool_calls else END


flow = FlowEngine(AgentState)
flow.add_node("main", main)
flow.add_node("tools", run_tools)
flow.add_edge(START, "main")
flow.add_edge("tools", "main")
flow.add_conditional_edges("main", should_continue, ["tools", END])
flow.build()
