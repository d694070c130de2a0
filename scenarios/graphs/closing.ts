// A TypeScript graph whose state is a zod schema with LangGraph's registry,
// as a team would write it: features/own_graph_zod.feature runs on it with
// `scenario check --runtime langgraph-js`. This repository's package.json
// has no "type", so tsx compiles it as CommonJS.
import type { BaseMessage } from "@langchain/core/messages";
import { StateGraph, START, END, MessagesZodMeta } from "@langchain/langgraph";
import { registry } from "@langchain/langgraph/zod";
import { z } from "zod";

const State = z.object({
  messages: z.custom<BaseMessage[]>().register(registry, MessagesZodMeta),
  // notes keeps every note, trimmed: the reducer is the graph's own
  notes: z.array(z.string()).register(registry, {
    reducer: { fn: (a: string[], b: string[]) => [...a, ...b.map((s) => s.trim())] },
    default: () => [],
  }),
  mood: z.enum(["calm", "angry"]).optional(),
});

function lookupOrder(id: string): string {
  throw new Error(`the order service is down (order ${id})`);
}

export const graph = new StateGraph(State)
  .addNode("close", (state) => ({ notes: [` closed after ${state.messages.length} `] }))
  .addNode("lookup", () => ({ notes: [lookupOrder("A-17")] }))
  // an angry customer's order is looked up first
  .addConditionalEdges(START, (state) => (state.mood === "angry" ? "lookup" : "close"), ["close", "lookup"])
  .addEdge("close", END)
  .addEdge("lookup", END)
  .compile();
