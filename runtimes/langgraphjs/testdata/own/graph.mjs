// A user's graph for own_graph_test.go: a custom reducer whose result
// depends on the order of its writes, the messages reducer, and real nodes
// that read the state, throw, or return a command.
import { AIMessage } from "@langchain/core/messages";
import { Annotation, Command, StateGraph, START, END, messagesStateReducer } from "@langchain/langgraph";

const State = Annotation.Root({
  messages: Annotation({ reducer: messagesStateReducer, default: () => [] }),
  // trail joins what each write adds, in the order LangGraph folds them
  trail: Annotation({ reducer: (a, b) => (a ? a + ">" + b : b), default: () => "" }),
  // strict refuses what is not a number, as a team's reducer might
  strict: Annotation({
    reducer: (a, b) => {
      if (typeof b !== "number") throw new TypeError(`strict takes numbers, got ${typeof b}`);
      return a + b;
    },
    default: () => 0,
  }),
  summary: Annotation(),
});

export const graph = new StateGraph(State)
  .addNode("reader", (state) => ({
    summary: `${state.trail}/${state.messages.length}`,
    messages: [new AIMessage("read it")],
  }))
  .addNode("boom", () => {
    throw new Error("the CRM is down");
  })
  .addNode("commander", () => new Command({ update: { trail: "C" }, goto: "reader" }), { ends: ["reader", "boom"] })
  // a router picks the first node; the graph is only run by scenarios
  .addConditionalEdges(START, (state) => (state.trail === "" ? "commander" : "reader"), ["commander", "reader"])
  .addEdge("reader", END)
  .compile();

export const notAGraph = { name: "graph" };

export const uncompiled = new StateGraph(State).addNode("a", () => ({})).addEdge(START, "a");
