// A Send fan-out (features/wholegraph_send_js.feature): "plan" asks the
// model for topics (its reply's content, comma-separated), a Send per
// topic runs "research" on it in one superstep, each asking the model,
// and "write" joins the notes.
import { Annotation, END, Send, START, StateGraph } from "@langchain/langgraph";
import { HumanMessage } from "@langchain/core/messages";
import { FakeChatModel } from "./fake.mjs";

const model = new FakeChatModel({});

const State = Annotation.Root({
  question: Annotation(),
  topics: Annotation(),
  topic: Annotation(),
  notes: Annotation({ reducer: (a, b) => [...a, ...b], default: () => [] }),
  report: Annotation(),
});

async function plan(state) {
  const reply = await model.invoke([new HumanMessage(`Topics for: ${state.question}`)]);
  return { topics: String(reply.content).split(",").map((t) => t.trim()).filter(Boolean) };
}

async function research(state) {
  const reply = await model.invoke([new HumanMessage(`Research ${state.topic}`)]);
  return { notes: [`${state.topic}: ${reply.content}`] };
}

function write(state) {
  return { report: [...state.notes].sort().join("\n") };
}

export const graph = new StateGraph(State)
  .addNode("plan", plan)
  .addNode("research", research)
  .addNode("write", write)
  .addEdge(START, "plan")
  .addConditionalEdges("plan", (s) => s.topics.map((topic) => new Send("research", { topic })), ["research"])
  .addEdge("research", "write")
  .addEdge("write", END)
  .compile();
