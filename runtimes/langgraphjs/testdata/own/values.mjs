// A user's graph for values_test.go: real nodes that return each kind of
// value that is not JSON, a reducer that produces one, and nodes whose
// returns are JSON.
import { Annotation, Command, StateGraph, START, END } from "@langchain/langgraph";

class Point {
  constructor() {
    this.x = 1;
  }
}
const cycle = { name: "loop" };
cycle.self = cycle;
const shared = { x: 1 };

const returns = {
  nan: () => ({ v: NaN }),
  negInfinity: () => ({ v: -Infinity }),
  deepInfinity: () => ({ v: { deep: [1, Infinity] } }),
  undefinedMember: () => ({ v: { a: 1, b: undefined } }),
  undefinedElement: () => ({ v: [1, undefined] }),
  date: () => ({ v: new Date(0) }),
  map: () => ({ v: new Map([["a", 1]]) }),
  set: () => ({ v: new Set([1]) }),
  typedArray: () => ({ v: new Uint8Array([1, 2]) }),
  fn: () => ({ v: () => 1 }),
  instance: () => ({ v: new Point() }),
  bigint: () => ({ v: 10n }),
  cycle: () => ({ v: cycle }),
  commandDate: () => new Command({ update: { v: new Date(0) } }),
  // JSON: shared references are no cycle; nothing is no update
  ok: () => ({ v: { a: shared, b: shared, list: [1, "x", null, true] } }),
  nothing: () => undefined,
  // the graph's reducer turns a number into NaN
  halve: () => ({ ratio: 0 }),
};

const State = Annotation.Root({
  v: Annotation(),
  ratio: Annotation({ reducer: (a, b) => b / b, default: () => 1 }),
});

let g = new StateGraph(State);
for (const [name, fn] of Object.entries(returns)) g = g.addNode(name, fn);
for (const name of Object.keys(returns)) g = g.addEdge(START, name).addEdge(name, END);
export const graph = g.compile();

// prefs starts from a default whose theme is undefined, which the state
// holds whenever the field starts from it; seen's default is JSON, and its
// reducer adds an undefined member
const Defaults = Annotation.Root({
  prefs: Annotation({ reducer: (a, b) => ({ ...a, ...b }), default: () => ({ theme: undefined, lang: "en" }) }),
  seen: Annotation({ reducer: (a, b) => ({ ...a, ...b, last: undefined }), default: () => ({}) }),
  note: Annotation(),
});
export const defaults = new StateGraph(Defaults)
  .addNode("noter", () => ({ note: "n" }))
  .addNode("setter", () => ({ prefs: { lang: "fr" } }))
  .addNode("seer", () => ({ seen: { a: 1 } }))
  .addConditionalEdges(START, () => "noter", ["noter", "setter", "seer"])
  .compile();
