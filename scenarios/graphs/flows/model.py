"""model.py: the team's fake chat model, as its pytest scripts have one: a
BaseChatModel subclass answering from a module-level list. The test that
runs these graphs directly (runtimes/langgraphpy/wholegraph_test.go) fills
replies; a whole-graph run scripts the model instead, and never reaches
_generate."""

from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool

# replies are the model's answers, first first; with none left it answers
# "I cannot help."
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


chat = FakeChatModel()
