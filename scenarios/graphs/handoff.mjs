// A handoff by Command (features/wholegraph_goto_js.feature): "triage"
// asks the model and returns a Command whose goto names "refunds" or
// "sales" (no edges lead there), with an update of the state.
import { Annotation, Command, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { FakeChatModel } from "./fake.mjs";

const model = new FakeChatModel({});

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  desk: Annotation(),
});

async function triage(state) {
  const reply = await model.invoke(state.messages);
  const desk = String(reply.content).includes("refund") ? "refunds" : "sales";
  return new Command({ goto: desk, update: { desk, messages: [reply] } });
}

const desk = (name) => async (state) => ({ messages: [await model.invoke(state.messages)], desk: `${name} (done)` });

export const graph = new StateGraph(State)
  .addNode("triage", triage, { ends: ["refunds", "sales"] })
  .addNode("refunds", desk("refunds"))
  .addNode("sales", desk("sales"))
  .addEdge(START, "triage")
  .addEdge("refunds", END)
  .addEdge("sales", END)
  .compile();
