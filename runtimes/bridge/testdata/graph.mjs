// graph.mjs: the own graph of the transcripts (own_graph.txt, stream.txt),
// as LangGraph JS writes it; graph.py is the same graph in Python.
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";

const State = Annotation.Root({ status: Annotation() });

export const graph = new StateGraph(State)
  .addNode("finish", () => ({ status: "done" }))
  .addEdge(START, "finish")
  .addEdge("finish", END)
  .compile();
