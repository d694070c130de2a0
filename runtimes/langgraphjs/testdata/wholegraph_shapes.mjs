// wholegraph_shapes.mjs: the library's own runs of the graphs of
// whole-graph runs (scenarios/graphs/router.mjs, fanout.mjs, approval.mjs,
// nested.mjs, handoff.mjs, shop.mjs), each with the team's fake chat model
// (fake.mjs) answering the replies a case gives, in call order, and the
// order service's fake (shop.mjs's answers) the tool's answers; for
// wholegraph_shapes_test.go, which runs the same cases on the bridge with
// the model and the tool scripted. The supersteps come from the
// checkpoints' history (each checkpoint's tasks: the next superstep's),
// a subgraph's from its own namespace's, not from the debug stream the
// bridge reads. Usage: node wholegraph_shapes.mjs <repo root> < cases.json;
// prints, per case, {runs: [{steps, interrupts}], values, left}.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = process.argv[2];
const url = (rel) => pathToFileURL(path.join(root, rel)).href;
const { plainMessage } = await import(url("runtimes/langgraphjs/message.mjs"));
const { MemorySaver, Command } = await import(url("node_modules/@langchain/langgraph/dist/index.js"));
const { replies } = await import(url("scenarios/graphs/fake.mjs"));
const { answers } = await import(url("scenarios/graphs/shop.mjs"));

const plain = (v) => {
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === "object") {
    if (typeof v._getType === "function") return plainMessage(v, (_k, x) => plain(x));
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, plain(x)]));
  }
  return v;
};

// history is a thread's checkpoints (of a namespace), oldest first.
async function history(g, configurable) {
  const out = [];
  for await (const s of g.getStateHistory({ configurable })) out.unshift(s);
  return out;
}

// stepsOf is the supersteps a run made: the tasks of each checkpoint from
// the one the run started at (from), in name order, the last checkpoint's
// only when they ran to an interrupt; a subgraph task's own supersteps
// under it.
async function stepsOf(g, thread, from, ns = "") {
  const h = await history(g, { thread_id: thread, checkpoint_ns: ns });
  const out = [];
  for (const [i, s] of h.entries()) {
    if (s.metadata?.step < from || s.metadata?.source === "input") continue;
    const last = i === h.length - 1;
    if (last && !s.tasks.some((t) => (t.interrupts ?? []).length > 0)) continue;
    const tasks = [...s.tasks].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const step = { nodes: tasks.map((t) => t.name) };
    const inner = [];
    for (const t of tasks) {
      const sub = await stepsOf(g, thread, 0, (ns ? ns + "|" : "") + `${t.name}:${t.id}`);
      if (sub.length) inner.push({ node: t.name, steps: sub });
    }
    if (inner.length) step.subgraphs = inner;
    out.push(step);
  }
  return out;
}

const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const results = [];
for (const c of cases) {
  const [file, name] = c.graph.split(":");
  const { [name]: graph } = await import(url(file));
  replies.length = 0;
  replies.push(...c.replies);
  answers.length = 0;
  answers.push(...(c.answers ?? []));
  const g = graph.builder.compile({ checkpointer: new MemorySaver() });
  const thread = "direct";
  const config = { configurable: { thread_id: thread } };
  const runs = [];
  for (const input of [c.input, ...(c.resumes ?? []).map((r) => new Command({ resume: r }))]) {
    const before = (await history(g, { thread_id: thread, checkpoint_ns: "" })).at(-1);
    // a resume goes on from the interrupted superstep; an input's first superstep follows its own
    const from = before === undefined ? 0 : input instanceof Command ? before.metadata.step : before.metadata.step + 2;
    await g.invoke(input, config);
    const snap = await g.getState(config);
    const interrupts = snap.tasks.flatMap((t) => (t.interrupts ?? []).map((i) => ({ node: t.name, value: plain(i.value) })));
    runs.push({ steps: await stepsOf(g, thread, from), interrupts, next: [...snap.next].sort() });
  }
  results.push({ runs, values: plain((await g.getState(config)).values), left: replies.length + answers.length });
}
console.log(JSON.stringify(results));
