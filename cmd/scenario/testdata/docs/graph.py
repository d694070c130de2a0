"""The README's State compiled into a graph, as a team builds one from it:
a scenario on it runs through the channels LangGraph makes of State."""

from langgraph.graph import END, START, StateGraph

from agent.state import State

graph = StateGraph(State).add_node("agent", lambda state: {}).add_edge(START, "agent").add_edge("agent", END).compile()
