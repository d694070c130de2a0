// A ReAct graph (react.mjs) whose own fake model answers a tool call, then
// the answer, as a team's model would in a real run: features/recorded/
// orders_js.feature was recorded from a run of it with scenario record.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { z } from "zod";

export const replies = [
  new AIMessage({ content: "", tool_calls: [{ name: "lookup_order", args: { order: "A-17" }, id: "call-1" }] }),
  new AIMessage("Order A-17 shipped on 2 March."),
];

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

const TOOLS = "tools";

export const lookupOrder = tool(async ({ order }) => `order ${order}: shipped on 2026-03-02`, {
  name: "lookup_order",
  description: "Look up an order's status.",
  schema: z.object({ order: z.string() }),
});

const model = new FakeChatModel({}).bindTools([lookupOrder]);

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  visits: Annotation({ reducer: (a, b) => a + b, default: () => 0 }),
});

async function agent(state) {
  const reply = await model.invoke(state.messages);
  return { messages: [reply], visits: 1 };
}

function route(state) {
  const last = state.messages[state.messages.length - 1];
  return last.tool_calls?.length ? TOOLS : END;
}

export const graph = new StateGraph(State)
  .addNode("agent", agent)
  .addNode(TOOLS, new ToolNode([lookupOrder]))
  .addEdge(START, "agent")
  .addConditionalEdges("agent", route, [TOOLS, END])
  .addEdge(TOOLS, "agent")
  .compile();
