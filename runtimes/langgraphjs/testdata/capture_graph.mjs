// A graph whose models answer for real from module-level fakes, for the
// capture of a run (capture_test.go): "classify" calls a model bound to a
// tool with invoke, then "billing" streams a model that streams chunks of
// its own and "shipping" batches two calls, in one superstep. given logs
// every reply the fakes gave, in call order, by node.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, AIMessageChunk } from "@langchain/core/messages";
import { ChatGenerationChunk } from "@langchain/core/outputs";
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";

export const given = [];

const queue = [
  { content: "", tool_calls: [{ name: "topic", args: { topic: "billing" }, id: "call-1" }] },
  "A short draft.",
  "A much longer draft of the answer.",
];

class Fake extends BaseChatModel {
  _llmType() {
    return "fake";
  }

  async _generate() {
    const r = queue.shift();
    const message = new AIMessage(r);
    given.push({ content: message.content, tool_calls: message.tool_calls ?? [] });
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }
}

class Streaming extends BaseChatModel {
  _llmType() {
    return "fake-streaming";
  }

  async _generate() {
    throw new Error("this model only streams");
  }

  async *_streamResponseChunks() {
    given.push({ content: "Your refund is on its way.", tool_calls: [] });
    for (const text of ["Your refund ", "is on ", "its way."]) {
      yield new ChatGenerationChunk({ text, message: new AIMessageChunk({ content: text }) });
    }
  }
}

const model = new Fake({});
const streaming = new Streaming({});

const State = Annotation.Root({ ...MessagesAnnotation.spec, topic: Annotation(), drafts: Annotation() });

async function classify(state) {
  const reply = await model.invoke(state.messages);
  return { topic: reply.tool_calls?.[0]?.args?.topic ?? "shipping" };
}

async function billing(state) {
  let whole;
  for await (const chunk of await streaming.stream(state.messages)) whole = whole === undefined ? chunk : whole.concat(chunk);
  return { messages: [new AIMessage({ content: whole.content })] };
}

async function shipping(state) {
  const drafts = await model.batch([state.messages, state.messages]);
  return { drafts: drafts.map((d) => d.content) };
}

export const graph = new StateGraph(State)
  .addNode("classify", classify)
  .addNode("billing", billing)
  .addNode("shipping", shipping)
  .addEdge(START, "classify")
  .addEdge("classify", "billing")
  .addEdge("classify", "shipping")
  .addEdge("billing", END)
  .addEdge("shipping", END)
  .compile();
