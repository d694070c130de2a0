"""Graphs for whole-graph runs on langgraph-py (features/wholegraph_*_py.feature):
a conditional router with a Command(goto), a Send fan-out, interrupts and a
subgraph, each calling the fake chat model of model.py."""
