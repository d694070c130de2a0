// Two approvals (features/wholegraph_interrupt_js.feature): "draft" asks
// the model for a refund note, then "legal" and "manager" each stop at
// interrupt() in one superstep; resumed with both answers, "publish"
// says whether both approved.
import { Annotation, END, MessagesAnnotation, START, StateGraph, interrupt } from "@langchain/langgraph";
import { FakeChatModel } from "./fake.mjs";

const model = new FakeChatModel({});

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  approvals: Annotation({ reducer: (a, b) => ({ ...a, ...b }), default: () => ({}) }),
  status: Annotation(),
});

async function draft(state) {
  return { messages: [await model.invoke(state.messages)] };
}

function legal() {
  return { approvals: { legal: interrupt({ ask: "legal", question: "May we refund?" }) } };
}

function manager() {
  return { approvals: { manager: interrupt({ ask: "manager", question: "Approve the amount?" }) } };
}

function publish(state) {
  const ok = state.approvals.legal === "yes" && state.approvals.manager === "yes";
  return { status: ok ? "published" : "held" };
}

export const graph = new StateGraph(State)
  .addNode("draft", draft)
  .addNode("legal", legal)
  .addNode("manager", manager)
  .addNode("publish", publish)
  .addEdge(START, "draft")
  .addEdge("draft", "legal")
  .addEdge("draft", "manager")
  .addEdge(["legal", "manager"], "publish")
  .addEdge("publish", END)
  .compile();
