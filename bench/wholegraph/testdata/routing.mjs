// A routing graph for the whole-graph benchmark: a classifier node asks
// the chat model for a topic and a conditional edge sends the run to the
// matching desk, whose node asks the model for the answer. The model is a
// fake at module level; a whole-graph run scripts it, and the benchmark's
// own run (own.mjs) fills replies.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";
import { END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";

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

async function classify(state) {
  return { messages: [await model.invoke(state.messages)] };
}

function desk(state) {
  const topic = String(state.messages[state.messages.length - 1].content).trim().toLowerCase();
  return ["billing", "shipping"].includes(topic) ? topic : "general";
}

const answer = async (state) => ({ messages: [await model.invoke(state.messages)] });

export const graph = new StateGraph(MessagesAnnotation)
  .addNode("classify", classify)
  .addNode("billing", answer)
  .addNode("shipping", answer)
  .addNode("general", answer)
  .addEdge(START, "classify")
  .addConditionalEdges("classify", desk, ["billing", "shipping", "general"])
  .addEdge("billing", END)
  .addEdge("shipping", END)
  .addEdge("general", END)
  .compile();
