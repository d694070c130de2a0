// A module whose graph does not compile, for own_graph_test.go: LangGraph
// throws while the module loads.
import { Annotation, StateGraph, START, END } from "@langchain/langgraph";

export const graph = new StateGraph(Annotation.Root({ n: Annotation() }))
  .addNode("a", () => ({}))
  .addNode("lost", () => ({}))
  .addEdge(START, "a")
  .addEdge("a", END)
  .compile();
