// langgraph.mjs: the generated typical suite (bench/suite/gen) on LangGraph
// JS itself, the JavaScript side of `go run ./bench/suite/compare -node`.
//
//   node bench/suite/langgraph.mjs DIR
//
// It reads DIR/cases.json (typical.Case: name, input, steps, expect) and
// builds one graph whose state is typical.Schema's: messages with
// messagesStateReducer, a last-value status, a summed total, a union of
// tags. For each case, on a fresh thread of a MemorySaver, one
// bulkUpdateState applies the input and every superstep (a step's nodes
// write in one superstep, so the parallel step's two writes to total and
// tags meet in the reducers), then getState's values are checked against
// the case's expect. A mismatch prints the case, the field and both values;
// the exit status is then 1. The packages resolve from the repository's
// node_modules (npm ci at the root).

import { readFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";

let lg;
try {
  lg = await import("@langchain/langgraph");
} catch (e) {
  console.error(`langgraph.mjs: cannot load @langchain/langgraph (${e?.code ?? e}): run npm ci at the repository root`);
  process.exit(2);
}
const { Annotation, END, MemorySaver, START, StateGraph, messagesStateReducer } = lg;

const dir = process.argv[2];
if (!dir || process.argv.length > 3) {
  console.error("usage: node bench/suite/langgraph.mjs DIR   (DIR from go run ./bench/suite/gen -out DIR)");
  process.exit(2);
}
const cases = JSON.parse(readFileSync(path.join(dir, "cases.json"), "utf8"));

// State is typical.Schema: a field without a reducer keeps the last value
// and has no default.
const State = Annotation.Root({
  messages: Annotation({ reducer: messagesStateReducer, default: () => [] }),
  status: Annotation(),
  total: Annotation({ reducer: (a, b) => a + b, default: () => 0 }),
  tags: Annotation({ reducer: (a, b) => [...a, ...b.filter((t, i) => !a.includes(t) && b.indexOf(t) === i)], default: () => [] }),
});

// The graph is never invoked: bulkUpdateState runs each node's writers on
// the update it is given. The nodes are those the cases name, and the edges
// only make the graph compile.
const nodes = [...new Set(cases.flatMap((c) => c.steps.flatMap((s) => Object.keys(s))))];
const builder = new StateGraph(State);
for (const n of nodes) builder.addNode(n, () => ({})).addEdge(START, n).addEdge(n, END);
const checkpointer = new MemorySaver();
const graph = builder.compile({ checkpointer });

// The input is written as the START node: its writers put the input through
// the reducers, as invoke(input) does. asNode "__input__" would only fill
// the __start__ channel, which the next node update drops unread.
function supersteps(c) {
  return [
    { updates: [{ values: c.input, asNode: START }] },
    ...c.steps.map((step) => ({ updates: Object.entries(step).map(([asNode, values]) => ({ values, asNode })) })),
  ];
}

// plainMessage is what the check compares of a message: LangGraph's
// BaseMessage and the case's JSON alike.
function plainMessage(m) {
  return { type: m.type, id: m.id, content: m.content };
}

function same(field, got, want) {
  if (field === "messages") {
    return Array.isArray(got) && Array.isArray(want) && isDeepStrictEqual(got.map(plainMessage), want.map(plainMessage));
  }
  return isDeepStrictEqual(got, want);
}

function show(field, v) {
  if (field === "messages" && Array.isArray(v)) v = v.map(plainMessage);
  return v === undefined ? "(absent)" : JSON.stringify(v);
}

let mismatches = 0;
for (const [i, c] of cases.entries()) {
  const thread = `case-${i + 1}`;
  const config = { configurable: { thread_id: thread } };
  let state;
  try {
    await graph.bulkUpdateState(config, supersteps(c));
    state = await graph.getState(config);
  } catch (e) {
    console.error(`case ${JSON.stringify(c.name)}: LangGraph refused an update: ${e?.message ?? e}`);
    mismatches++;
    continue;
  }
  await checkpointer.deleteThread(thread);
  // the input is step 0 and each superstep one more
  if (state.metadata?.step !== c.steps.length) {
    console.error(`case ${JSON.stringify(c.name)}: the updates took ${state.metadata?.step} supersteps after the input, not ${c.steps.length}`);
    mismatches++;
  }
  const values = state.values;
  for (const field of [...new Set([...Object.keys(c.expect), ...Object.keys(values)])]) {
    if (!same(field, values[field], c.expect[field])) {
      console.error(`case ${JSON.stringify(c.name)}: field ${JSON.stringify(field)}:\n  got  ${show(field, values[field])}\n  want ${show(field, c.expect[field])}`);
      mismatches++;
    }
  }
}
if (mismatches > 0) {
  console.error(`${mismatches} mismatches in ${cases.length} scenarios`);
  process.exit(1);
}
console.log(`${cases.length} scenarios ok`);
