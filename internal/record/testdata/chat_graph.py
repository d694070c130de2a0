# A small LangGraph Python graph streamed as record reads it: messages with
# real ids, an appended log and a parallel superstep. Run: python
# chat_graph.py > chat_py.jsonl (messages as dumpd writes them, the lc: 1
# form; or python chat_graph.py model_dump: as model_dump() dicts); or live: scenario record --graph
# internal/record/testdata/chat_graph.py:graph --input
# internal/record/testdata/chat_py_input.json
import json, operator, sys
from typing import Annotated, TypedDict
from langchain_core.load import dumpd
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langgraph.graph import StateGraph, START, END
from langgraph.graph.message import add_messages

class State(TypedDict):
    messages: Annotated[list, add_messages]
    log: Annotated[list, operator.add]
    status: str

g = StateGraph(State)
g.add_node("model", lambda s: {"messages": [AIMessage(id="ai-1", content="hello")], "log": ["model"], "status": "x"})
g.add_node("a", lambda s: {"log": ["a"]})
g.add_node("b", lambda s: {"status": "b"})
g.add_edge(START, "model"); g.add_edge("model", "a"); g.add_edge("model", "b"); g.add_edge("a", END); g.add_edge("b", END)
graph = g.compile()

if __name__ == "__main__":
    form = (lambda c: json.dumps(c, default=lambda m: m.model_dump())) if sys.argv[1:] == ["model_dump"] else (lambda c: json.dumps(dumpd(c)))
    for chunk in graph.stream({"messages": [HumanMessage(id="h-1", content="hi")], "log": ["start"], "status": "new"}, stream_mode=["updates", "values"]):
        print(form(chunk))
