"""fakemodel.py: the fake chat model of the benchmark's Python graphs
(routing.py, fanout.py), at module level as a team's tests keep it: it
answers from replies, first first. A whole-graph run scripts it instead;
the benchmark's own run (own.py) fills replies before each run."""

from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult

replies: list = []


class FakeChatModel(BaseChatModel):
    @property
    def _llm_type(self) -> str:
        return "fake"

    def _generate(self, messages, stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        message = replies.pop(0) if replies else AIMessage("I cannot help.")
        return ChatResult(generations=[ChatGeneration(message=message)])
