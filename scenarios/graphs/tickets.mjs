// A ticketing agent's LangGraph JS graph whose nodes return values that
// JSON cannot hold, as real code does by accident: the features in
// features/own_graph_values.feature run on it with --runtime langgraph-js.
import { Annotation, StateGraph, START, END } from "@langchain/langgraph";

const State = Annotation.Root({
  ticket: Annotation({ reducer: (a, b) => ({ ...a, ...b }), default: () => ({}) }),
  tags: Annotation(),
  // score averages what each node rates: the graph's own reducer
  score: Annotation({ reducer: (a, b) => (a + b) / (a === 0 && b === 0 ? 0 : 2), default: () => 0 }),
});

export const graph = new StateGraph(State)
  // the Date a timestamp library hands back, where an ISO string was meant
  .addNode("open", () => ({ ticket: { opened: new Date(Date.UTC(2024, 0, 2)) } }))
  .addNode("openISO", () => ({ ticket: { opened: new Date(Date.UTC(2024, 0, 2)).toISOString() } }))
  // a Set of tags, and an optional field left undefined
  .addNode("tag", () => ({ tags: new Set(["refund"]) }))
  .addNode("assign", () => ({ ticket: { assignee: undefined } }))
  .addNode("rate", () => ({ score: 0 }))
  .addEdge(START, "open")
  .addEdge("open", END)
  .addEdge(START, "openISO")
  .addEdge("openISO", END)
  .addEdge(START, "tag")
  .addEdge("tag", END)
  .addEdge(START, "assign")
  .addEdge("assign", END)
  .addEdge(START, "rate")
  .addEdge("rate", END)
  .compile();
