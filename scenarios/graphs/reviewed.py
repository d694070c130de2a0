"""reviewed.py: the ReAct graph of react.py compiled to stop before its tool
node, so that a person reviews each tool call (the twin of reviewed.mjs): a
whole-graph run stops there with the tool node next, and a run with no
input on the same thread goes on from there."""

from .react import graph

reviewed = graph.builder.compile(interrupt_before=["tools"])
