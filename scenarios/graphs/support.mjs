// A support agent's LangGraph JS graph, as a team would write it: the
// features in features/own_graph.feature run on it with
// `scenario check --runtime langgraph-js`.
import { Annotation, StateGraph, START, END, messagesStateReducer } from "@langchain/langgraph";

// context merges what each node learns about the conversation, newer
// keys winning: the reducer is the graph's own, not one the harness knows
const mergeContext = (current, update) => ({ ...current, ...update });

const State = Annotation.Root({
  messages: Annotation({ reducer: messagesStateReducer, default: () => [] }),
  context: Annotation({ reducer: mergeContext, default: () => ({}) }),
  turns: Annotation({ reducer: (a, b) => a + b, default: () => 0 }),
  status: Annotation(),
});

// summarize is a real node: it reads the state and writes what it learned
async function summarize(state) {
  const user = state.context.user ?? "someone";
  return {
    context: { summary: `${user} sent ${state.messages.length} messages` },
    turns: 1,
    status: "summarized",
  };
}

// triage and lookup learn about the conversation side by side, before
// summarize; the features script what they return
const triage = async () => ({ context: { topic: "refund" }, turns: 1 });
const lookup = async () => ({ context: { order: "A-17" }, turns: 1 });

export const graph = new StateGraph(State)
  .addNode("summarize", summarize)
  .addNode("triage", triage)
  .addNode("lookup", lookup)
  .addEdge(START, "triage")
  .addEdge(START, "lookup")
  .addEdge(["triage", "lookup"], "summarize")
  .addEdge("summarize", END)
  .compile();
