// A ReAct agent with two tools (features/wholegraph_tools_js.feature):
// the model is bound to lookup_order and refund (bindTools), ToolNode
// runs the calls. lookup_order asks the order service, a function the
// team fakes with answers at module level; a whole-graph run scripts the
// tool instead, so its function never runs.
import { tool } from "@langchain/core/tools";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { FakeChatModel } from "./fake.mjs";

// answers are the order service's answers, first first
export const answers = [];

const lookupOrder = tool(
  async ({ order }) => {
    if (!answers.length) throw new Error(`the order service was called for ${order}`);
    return answers.shift();
  },
  { name: "lookup_order", description: "Look up an order's status.", schema: z.object({ order: z.string() }) },
);

const refund = tool(async ({ order }) => `refund of ${order} started`, {
  name: "refund",
  description: "Refund an order.",
  schema: z.object({ order: z.string() }),
});

const tools = [lookupOrder, refund];
const model = new FakeChatModel({}).bindTools(tools);

async function agent(state) {
  return { messages: [await model.invoke(state.messages)] };
}

const route = (state) => (state.messages.at(-1).tool_calls?.length ? "tools" : END);

export const graph = new StateGraph(MessagesAnnotation)
  .addNode("agent", agent)
  .addNode("tools", new ToolNode(tools))
  .addEdge(START, "agent")
  .addConditionalEdges("agent", route, ["tools", END])
  .addEdge("tools", "agent")
  .compile();
