// An order-tracking agent built from LangGraph's prebuilt parts: its
// "tools" node is the prebuilt ToolNode, and its "route" node decides with
// isAIMessage and toolsCondition, as a team's router does. Both take the
// state's messages as the LangChain message objects the graph's own
// invoke() hands them: features/own_graph_messages.feature runs them.
import { tool } from "@langchain/core/tools";
import { isAIMessage, isHumanMessage, isToolMessage } from "@langchain/core/messages";
import { Annotation, MessagesAnnotation, StateGraph, START, END } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { z } from "zod";

const shipped = { "A-17": "shipped on Monday", "B-2": "still in the warehouse" };

const lookupOrder = tool(async ({ order }) => `order ${order} ${shipped[order] ?? "is unknown"}`, {
  name: "lookup_order",
  description: "Looks an order up by its number.",
  schema: z.object({ order: z.string() }),
});

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  next: Annotation(),
  kinds: Annotation(),
});

// route sends a reply with tool calls to the tools, anything else to the end
function route(state) {
  const last = state.messages.at(-1);
  const kinds = state.messages.map((m) => (isHumanMessage(m) ? "human" : isAIMessage(m) ? `ai with ${m.tool_calls?.length ?? 0} tool calls` : isToolMessage(m) ? `tool ${m.tool_call_id}` : m.getType()));
  return { next: toolsCondition(state) === "tools" && isAIMessage(last) ? "tools" : "end", kinds };
}

export const graph = new StateGraph(State)
  .addNode("route", route)
  .addNode("tools", new ToolNode([lookupOrder]))
  .addEdge(START, "route")
  .addConditionalEdges("route", (state) => (state.next === "tools" ? "tools" : END), ["tools", END])
  .addEdge("tools", "route")
  .compile();
