// A subgraph (features/wholegraph_subgraph_js.feature): the parent's
// "research" node is a compiled graph of its own ("search" writes a
// scratch field the parent lacks, "summarize" asks the model), then the
// parent's "answer" asks the model.
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { FakeChatModel } from "./fake.mjs";

const model = new FakeChatModel({});

const Inner = Annotation.Root({
  ...MessagesAnnotation.spec,
  summary: Annotation(),
  scratch: Annotation(),
});

const research = new StateGraph(Inner)
  .addNode("search", (s) => ({ scratch: `found ${s.messages.length} messages` }))
  .addNode("summarize", async (s) => ({ summary: String((await model.invoke(s.messages)).content) + ` (${s.scratch})` }))
  .addEdge(START, "search")
  .addEdge("search", "summarize")
  .addEdge("summarize", END)
  .compile();

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  summary: Annotation(),
});

export const graph = new StateGraph(State)
  .addNode("research", research)
  .addNode("answer", async (s) => ({ messages: [await model.invoke([...s.messages, { type: "system", content: `Summary: ${s.summary}` }])] }))
  .addEdge(START, "research")
  .addEdge("research", "answer")
  .addEdge("answer", END)
  .compile();
