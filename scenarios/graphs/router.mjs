// A router (features/wholegraph_routing_js.feature): "classify" asks the
// model bound to a "topic" tool for a topic (the reply's tool call), a
// conditional edge sends billing questions to
// "billing" and the rest to "shipping"; "shipping" drafts two answers
// with batch and keeps the shorter.
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { FakeChatModel } from "./fake.mjs";

const model = new FakeChatModel({});
const topic = tool(async (t) => t.topic, { name: "topic", description: "The question's topic.", schema: z.object({ topic: z.enum(["billing", "shipping"]) }) });

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  topic: Annotation(),
});

async function classify(state) {
  const reply = await model.bindTools([topic]).invoke(state.messages);
  return { topic: reply.tool_calls?.[0]?.args?.topic ?? "shipping" };
}

async function billing(state) {
  return { messages: [await model.invoke(state.messages)] };
}

async function shipping(state) {
  const drafts = await model.batch([state.messages, state.messages]);
  const best = drafts.reduce((a, b) => (String(b.content).length < String(a.content).length ? b : a));
  return { messages: [best] };
}

export const graph = new StateGraph(State)
  .addNode("classify", classify)
  .addNode("billing", billing)
  .addNode("shipping", shipping)
  .addEdge(START, "classify")
  .addConditionalEdges("classify", (s) => s.topic, ["billing", "shipping"])
  .addEdge("billing", END)
  .addEdge("shipping", END)
  .compile();
