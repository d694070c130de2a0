"""An agent of llmfy's streaming shape: main is a stream node that reads
the model through achat_stream and yields NodeStreamResponses, tools runs
llmfy's tools_stream_node; the flow keeps a checkpointer of its own."""

import os
from typing import Annotated

from llmfy import (END, START, FlowEngine, GenerationResponse, InMemoryCheckpointer, LLMfy, Message, NodeStreamResponse,
                   NodeStreamType, OpenAIChatConfig, OpenAIChatModel, Tool, ToolNodeStreamType, ToolRegistry, tools_stream_node)
from typing_extensions import TypedDict


def append_messages(old: list[Message] | None, new: list[Message]) -> list[Message]:
    return (old or []) + new


class AppState(TypedDict):
    messages: Annotated[list[Message], append_messages]


@Tool()
def get_current_time(location: str) -> str:
    """Get the current time for a location."""
    return f"The time in {location} is 09:00 AM"


os.environ.setdefault("OPENAI_API_KEY", "sk-scripted")
model = OpenAIChatModel(model="gpt-4o-mini", config=OpenAIChatConfig())
llm = LLMfy(model, system_message="You are a helpful assistant.")
llm.register_tool([get_current_time])
registry = ToolRegistry([get_current_time], model)


async def main(state: AppState):
    text, last = "", None
    async for chunk in llm.achat_stream(state["messages"]):
        if not isinstance(chunk, GenerationResponse):
            continue
        if chunk.messages:
            last = chunk.messages[-1]
        if chunk.result.content:
            text += chunk.result.content
            yield NodeStreamResponse(type=NodeStreamType.STREAM, content=chunk.result.content)
    yield NodeStreamResponse(type=NodeStreamType.RESULT, content=text, state={"messages": [last]})


async def tools(state: AppState):
    for event in tools_stream_node(messages=state["messages"], registry=registry):
        if event.type == ToolNodeStreamType.RESULT:
            yield NodeStreamResponse(type=NodeStreamType.RESULT, content=event, state={"messages": [event.result]})


flow = FlowEngine(AppState, checkpointer=InMemoryCheckpointer())
flow.add_node("main", main, stream=True)
flow.add_node("tools", tools, stream=True)
flow.add_edge(START, "main")
flow.add_edge("tools", "main")
flow.add_conditional_edges("main", lambda s: "tools" if s["messages"][-1].tool_calls else END, ["tools", END])
flow.build()
