"""routing.py: the routing graph of the whole-graph benchmark, the twin of
routing.mjs: a classifier node asks the chat model for a topic and a
conditional edge sends the run to the matching desk, whose node asks the
model for the answer."""

from langgraph.graph import END, START, MessagesState, StateGraph

from bench.wholegraph.testdata.fakemodel import FakeChatModel, replies  # noqa: F401 (own.py fills replies)

model = FakeChatModel()


def ask(state: MessagesState):
    return {"messages": [model.invoke(state["messages"])]}


def desk(state: MessagesState):
    topic = str(state["messages"][-1].content).strip().lower()
    return topic if topic in ("billing", "shipping") else "general"


graph = (
    StateGraph(MessagesState)
    .add_node("classify", ask)
    .add_node("billing", ask)
    .add_node("shipping", ask)
    .add_node("general", ask)
    .add_edge(START, "classify")
    .add_conditional_edges("classify", desk, ["billing", "shipping", "general"])
    .add_edge("billing", END)
    .add_edge("shipping", END)
    .add_edge("general", END)
    .compile()
)
