// A TypeScript graph for own_graph_test.go: it loads only where tsx is.
import { Annotation, StateGraph, START, END } from "@langchain/langgraph";

const State = Annotation.Root({
  count: Annotation<number>({ reducer: (a: number, b: number): number => a + b, default: () => 0 }),
});

export const graph = new StateGraph(State)
  .addNode("inc", (): { count: number } => ({ count: 1 }))
  .addEdge(START, "inc")
  .addEdge("inc", END)
  .compile();
