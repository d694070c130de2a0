"""The chat model the fresh graph's node calls: a fake one whose scripted
answers are used up as it is called, made once when the module loads."""

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

chat = GenericFakeChatModel(messages=iter([
    AIMessage(content="Your refund is on its way.", id="m1"),
    AIMessage(content="Anything else?", id="m2"),
]))
