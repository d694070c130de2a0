// wholegraph_direct.mjs: the library's own run of scenarios/graphs/react.mjs
// with its own fake chat model answering the replies the feature scripts
// (features/wholegraph_js.feature), for wholegraph_test.go. The supersteps
// come from the checkpoints' history (each checkpoint's next nodes), not
// from the debug stream the bridge reads. Usage: node wholegraph_direct.mjs
// <repo root>; prints {steps, states, loop, review, values, left}.
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = process.argv[2];
const url = (rel) => pathToFileURL(path.join(root, rel)).href;
const { graph, replies } = await import(url("scenarios/graphs/react.mjs"));
const { plainMessage } = await import(url("runtimes/langgraphjs/message.mjs"));
const { AIMessage } = await import(url("node_modules/@langchain/core/dist/messages/index.js"));
const { MemorySaver } = await import(url("node_modules/@langchain/langgraph/dist/index.js"));

replies.push(
  new AIMessage({ content: "", tool_calls: [{ name: "lookup_order", args: { order: "A-17" }, id: "call-1" }] }),
  new AIMessage("Order A-17 shipped on 2 March."),
);
const g = graph.builder.compile({ checkpointer: new MemorySaver() });
const config = { configurable: { thread_id: "direct" } };
const values = await g.invoke({ messages: [{ type: "human", content: "Where is order A-17?", id: "m-1" }] }, config);
const left = replies.length;
const history = [];
for await (const s of g.getStateHistory(config)) history.unshift(s);
const steps = history
  .filter((s) => s.metadata.step >= 0 && s.next.length > 0)
  .map((s) => ({ step: s.metadata.step + 1, nodes: [...s.next].sort() }));
// the state after superstep k is the checkpoint of step k (its message types)
const states = steps.map((s) => history.find((h) => h.metadata.step === s.step)?.values.messages.map((m) => m._getType()));
// the looping run of the feature's recursion-limit scenario: every reply
// calls the tool, the limit is 4
replies.length = 0;
for (const id of ["call-1", "call-2", "call-3"]) replies.push(new AIMessage({ content: "", tool_calls: [{ name: "lookup_order", args: { order: "A-17" }, id }] }));
const loopConfig = { configurable: { thread_id: "loop" }, recursionLimit: 4 };
const loop = {};
try {
  await g.invoke({ messages: [{ type: "human", content: "Where is order A-17?", id: "m-1" }] }, loopConfig);
} catch (e) {
  loop.error = e.lc_error_code ?? e.name;
}
const loopHistory = [];
for await (const s of g.getStateHistory(loopConfig)) loopHistory.unshift(s);
loop.steps = loopHistory.filter((s) => s.metadata.step >= 0 && s.metadata.step < loopHistory.at(-1).metadata.step).map((s) => [...s.next].sort().join(","));
loop.next = [...loopHistory.at(-1).next];
// features/wholegraph_next_js.feature: the graph compiled to stop before
// its tool node (scenarios/graphs/reviewed.mjs) stops there
const { reviewed } = await import(url("scenarios/graphs/reviewed.mjs"));
replies.length = 0;
replies.push(new AIMessage({ content: "", tool_calls: [{ name: "lookup_order", args: { order: "A-17" }, id: "call-1" }] }));
const r = reviewed.builder.compile({ checkpointer: new MemorySaver(), interruptBefore: reviewed.interruptBefore });
const reviewConfig = { configurable: { thread_id: "review" } };
await r.invoke({ messages: [{ type: "human", content: "Where is order A-17?", id: "m-1" }] }, reviewConfig);
const review = { next: [...(await r.getState(reviewConfig)).next], left: replies.length };
const plain = (v) => JSON.parse(JSON.stringify(v));
console.log(JSON.stringify({ steps, states, loop, review, values: { messages: values.messages.map((m) => plainMessage(m, (_k, v) => plain(v))) }, left }));
