// The ReAct graph of react.mjs with a real provider class for its model:
// ChatOpenAI from @langchain/openai, with a dummy key, as a team's graph
// holds it. A whole-graph run scripts it (docs/reference.md, Whole-graph
// runs), so no call reaches OpenAI. `graph` calls the model's invoke;
// `streamed` calls its stream and gathers the chunks, as a node that
// streams tokens to its users does.
import { tool } from "@langchain/core/tools";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";

export const lookupOrder = tool(async ({ order }) => `order ${order}: shipped on 2026-03-02`, {
  name: "lookup_order",
  description: "Look up an order's status.",
  schema: z.object({ order: z.string() }),
});

export const model = new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "sk-dummy" }).bindTools([lookupOrder]);

async function agent(state) {
  const reply = await model.invoke(state.messages);
  return { messages: [reply] };
}

async function streamingAgent(state) {
  let reply;
  for await (const chunk of await model.stream(state.messages)) reply = reply ? reply.concat(chunk) : chunk;
  return { messages: [reply] };
}

function route(state) {
  const last = state.messages[state.messages.length - 1];
  return last.tool_calls?.length ? "tools" : END;
}

function build(node) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", node)
    .addNode("tools", new ToolNode([lookupOrder]))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", route, ["tools", END])
    .addEdge("tools", "agent")
    .compile();
}

export const graph = build(agent);
export const streamed = build(streamingAgent);
