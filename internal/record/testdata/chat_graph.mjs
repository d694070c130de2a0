// A small LangGraph JS graph streamed as record reads it: messages with
// real ids, a custom reducer, a parallel superstep of two nodes and a
// scripted "model" node. Run: node chat_graph.mjs > chat.jsonl; or live:
// scenario record --graph internal/record/testdata/chat_graph.mjs:graph
// --input internal/record/testdata/chat_input.json
import { pathToFileURL } from "node:url";
import { StateGraph, Annotation, MessagesAnnotation, START, END } from "@langchain/langgraph";
import { AIMessage, HumanMessage } from "@langchain/core/messages";

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  total: Annotation({ reducer: (a, b) => a + b, default: () => 0 }),
  log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
  status: Annotation(),
});

export const graph = new StateGraph(State)
  .addNode("model", () => ({
    messages: [new AIMessage({ id: "ai-1", content: "Let me check two sources." })],
    total: 1,
    log: ["model"],
    status: "thinking",
  }))
  .addNode("search", () => ({ total: 2, log: ["search"] }))
  .addNode("lookup", () => ({ total: 3, status: "looked up" }))
  .addNode("answer", () => ({
    messages: [new AIMessage({ id: "ai-2", content: "Both sources agree." })],
    log: ["answer"],
    status: "done",
  }))
  .addEdge(START, "model")
  .addEdge("model", "search")
  .addEdge("model", "lookup")
  .addEdge("search", "answer")
  .addEdge("lookup", "answer")
  .addEdge("answer", END)
  .compile();

const input = { messages: [new HumanMessage({ id: "human-1", content: "Is it true?" })], total: 10, log: ["start"], status: "new" };
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for await (const chunk of await graph.stream(input, { streamMode: ["updates", "values"] })) {
    process.stdout.write(JSON.stringify(chunk) + "\n");
  }
}
