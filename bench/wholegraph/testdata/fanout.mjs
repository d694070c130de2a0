// A fan-out graph for the whole-graph benchmark: a planner node asks the
// chat model for a plan, three searches run in one superstep and append
// to a list, and a writer node asks the model for the answer. The model
// is a fake at module level; a whole-graph run scripts it, and the
// benchmark's own run (own.mjs) fills replies.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";

// replies are FakeChatModel's answers, first first.
export const replies = [];

class FakeChatModel extends BaseChatModel {
  _llmType() {
    return "fake";
  }

  async _generate() {
    const message = replies.length ? replies.shift() : new AIMessage("I cannot help.");
    return { generations: [{ text: message.content, message }] };
  }
}

const model = new FakeChatModel({});

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  results: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

const search = (source) => (state) => ({ results: [`${source}: ${state.messages[state.messages.length - 1].content}`] });

export const graph = new StateGraph(State)
  .addNode("plan", async (state) => ({ messages: [await model.invoke(state.messages)] }))
  .addNode("orders", search("orders"))
  .addNode("shipments", search("shipments"))
  .addNode("refunds", search("refunds"))
  .addNode("write", async (state) => ({ messages: [await model.invoke([...state.messages, { type: "human", content: state.results.join("\n") }])] }))
  .addEdge(START, "plan")
  .addEdge("plan", "orders")
  .addEdge("plan", "shipments")
  .addEdge("plan", "refunds")
  .addEdge(["orders", "shipments", "refunds"], "write")
  .addEdge("write", END)
  .compile();
