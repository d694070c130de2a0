"""An llmfy agent whose model is the team's own local one (a BaseAIModel
that answers without a network): record --graph captures what it says."""

from typing import Annotated

from llmfy import END, START, FlowEngine, LLMfy, Message, Tool, ToolRegistry, tools_node
from llmfy.llmfy_core.llms.base_ai_model import BaseAIModel
from llmfy.llmfy_core.messages.tool_call import ToolCall
from llmfy.llmfy_core.model_backend import ModelBackend
from llmfy.llmfy_core.responses.ai_response import AIResponse
from typing_extensions import TypedDict


class LocalModel(BaseAIModel):
    """Calls the weather tool once, then answers with what it said."""

    def __init__(self):
        self.backend = ModelBackend.OPENAI_CHAT
        self.provider = None

    def generate(self, messages, tools=None, **kwargs):
        last = messages[-1]
        if last.get("role") == "tool":
            return AIResponse(content=f"Here it is: {last.get('content')}")
        return AIResponse(content="", tool_calls=[ToolCall(tool_call_id="call-1", request_call_id="r", name="get_current_weather", arguments={"location": "Paris"})])

    def generate_stream(self, messages, tools=None, **kwargs):
        yield self.generate(messages, tools)

    async def agenerate(self, messages, tools=None, **kwargs):
        return self.generate(messages, tools)

    async def agenerate_stream(self, messages, tools=None, **kwargs):
        yield self.generate(messages, tools)


def append_messages(old, new):
    return (old or []) + new


class State(TypedDict):
    messages: Annotated[list[Message], append_messages]


@Tool()
def get_current_weather(location: str) -> str:
    """Get the current weather for a location."""
    return f"The weather in {location} is 22 degrees"


model = LocalModel()
llm = LLMfy(model, system_message="You help.")
llm.register_tool([get_current_weather])
registry = ToolRegistry([get_current_weather], model)


def main(state):
    return {"messages": [llm.chat(state["messages"]).messages[-1]]}


def tools(state):
    return {"messages": tools_node(messages=state["messages"], registry=registry)}


flow = FlowEngine(State)
flow.add_node("main", main)
flow.add_node("tools", tools)
flow.add_edge(START, "main")
flow.add_edge("tools", "main")
flow.add_conditional_edges("main", lambda s: "tools" if s["messages"][-1].tool_calls else END, ["tools", END])
flow.build()
