// LangGraph JS graphs record must take as they run (scenario record
// --graph internal/record/testdata/agent_graph.mjs:<name> --input FILE):
// a model's tool call (an AIMessage with empty content), a first node that
// routes with new Command({goto}), a field merged by the graph's own
// reducer. Run: node agent_graph.mjs <name> '<input JSON>' > run.jsonl
// streams one.
import { pathToFileURL } from "node:url";
import { Annotation, Command, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { AIMessage, ToolMessage } from "@langchain/core/messages";

export const toolCall = new StateGraph(MessagesAnnotation)
  .addNode("model", () => ({
    messages: [new AIMessage({ content: "", id: "ai-1", tool_calls: [{ name: "search", args: { q: "refund policy" }, id: "call-1" }] })],
  }))
  .addNode("tools", () => ({ messages: [new ToolMessage({ content: "30 days", tool_call_id: "call-1", id: "tool-1" })] }))
  .addEdge(START, "model")
  .addEdge("model", "tools")
  .addEdge("tools", END)
  .compile();

const Routed = Annotation.Root({ status: Annotation(), seen: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
export const routed = new StateGraph(Routed)
  .addNode("triage", () => new Command({ goto: "refund", update: { status: "routed" } }), { ends: ["refund"] })
  .addNode("refund", () => ({ seen: ["refund"] }))
  .addEdge(START, "triage")
  .addEdge("refund", END)
  .compile();

const Merged = Annotation.Root({ facts: Annotation({ reducer: (a, b) => ({ ...a, ...b }), default: () => ({}) }), status: Annotation() });
export const merged = new StateGraph(Merged)
  .addNode("lookup", () => ({ facts: { order: "A-17" } }))
  .addNode("triage", () => ({ facts: { topic: "refund" }, status: "triaged" }))
  .addEdge(START, "lookup")
  .addEdge("lookup", "triage")
  .addEdge("triage", END)
  .compile();

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const graph = { toolCall, routed, merged }[process.argv[2]];
  for await (const chunk of await graph.stream(JSON.parse(process.argv[3]), { streamMode: ["updates", "values"] })) {
    process.stdout.write(JSON.stringify(chunk) + "\n");
  }
}
