"""Compiles the README's State into a StateGraph, as LangGraph Python does,
and compares each reducer its exported JSON Schema declares (x-reducer)
with the channel LangGraph made of the field.

Usage, from the project root: python channels.py MODULE SCHEMA.json
Prints {"checked": n, "problems": [...]}.
"""

import importlib
import json
import operator
import sys

from langgraph.channels.binop import BinaryOperatorAggregate
from langgraph.graph import START, StateGraph
from langgraph.graph.message import add_messages

# the operator of the channel a reducer of the harness stands for in Python
OPERATORS = {"messages": add_messages, "append": operator.add, "sum": operator.add}


def main(module, schema_path):
    state = importlib.import_module(module).State
    builder = StateGraph(state)
    builder.add_node("agent", lambda s: {})
    builder.add_edge(START, "agent")
    channels = builder.compile().channels
    with open(schema_path) as f:
        schema = json.load(f)
    checked, problems = 0, []
    for field, prop in schema.get("properties", {}).items():
        reducer = prop.get("x-reducer")
        if reducer is None:
            continue
        checked += 1
        want = OPERATORS.get(reducer)
        if want is None:
            problems.append(f'field "{field}": x-reducer "{reducer}" has no LangGraph operator in this check')
            continue
        channel = channels.get(field)
        if isinstance(channel, BinaryOperatorAggregate) and channel.operator is want:
            continue
        got = type(channel).__name__
        if isinstance(channel, BinaryOperatorAggregate):
            got += " of " + getattr(channel.operator, "__name__", repr(channel.operator))
        problems.append(
            f'field "{field}": the exported schema says x-reducer "{reducer}", but StateGraph(State) '
            f"compiles it to a {got} channel, not a BinaryOperatorAggregate of {want.__name__}"
        )
    print(json.dumps({"checked": checked, "problems": problems}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
