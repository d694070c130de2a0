"""A graph whose model is scripted at module level, as a LangGraph test
scripts one: features/own_graph_py_fresh.feature."""
