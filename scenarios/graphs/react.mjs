// A small ReAct graph for whole-graph runs (features/wholegraph_js.feature):
// an agent node that calls a chat model bound to one tool, a tool node,
// and the conditional edge between them. The model is the team's own fake
// (a BaseChatModel subclass at module level); a whole-graph run scripts it.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { z } from "zod";

// replies are FakeChatModel's answers, first first; with none left it
// answers "I cannot help.". The test that runs this graph directly
// (runtimes/langgraphjs/wholegraph_test.go) fills it; a whole-graph run
// scripts the model instead, and never reaches _generate.
export const replies = [];

class FakeChatModel extends BaseChatModel {
  _llmType() {
    return "fake";
  }

  bindTools() {
    return this;
  }

  async _generate() {
    const message = replies.length ? replies.shift() : new AIMessage("I cannot help.");
    return { generations: [{ text: message.content, message }] };
  }
}

export const lookupOrder = tool(async ({ order }) => `order ${order}: shipped on 2026-03-02`, {
  name: "lookup_order",
  description: "Look up an order's status.",
  schema: z.object({ order: z.string() }),
});

export const model = new FakeChatModel({}).bindTools([lookupOrder]);

async function agent(state) {
  const reply = await model.invoke(state.messages);
  return { messages: [reply] };
}

function route(state) {
  const last = state.messages[state.messages.length - 1];
  return last.tool_calls?.length ? "tools" : END;
}

export const graph = new StateGraph(MessagesAnnotation)
  .addNode("agent", agent)
  .addNode("tools", new ToolNode([lookupOrder]))
  .addEdge(START, "agent")
  .addConditionalEdges("agent", route, ["tools", END])
  .addEdge("tools", "agent")
  .compile();
