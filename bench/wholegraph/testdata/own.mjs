// own.mjs: the graph's own run for the whole-graph benchmark
// (bench/wholegraph): the graph's module loads once, then each request
// line on stdin, {n, input, replies}, runs graph.invoke(input) n times,
// the module's fake chat model given the replies before each run, and
// answers one line: the time per run measured here (so the process's
// start is not counted) and the last run's messages, for the benchmark to
// hold against the harness's run. Usage: node own.mjs <module> <export>.
import readline from "node:readline";
import { pathToFileURL } from "node:url";
import { AIMessage } from "@langchain/core/messages";

const mod = await import(pathToFileURL(process.argv[2]).href);
const graph = mod[process.argv[3]];
const message = (r) => new AIMessage(typeof r === "string" ? { content: r } : { content: "", ...r });

const rl = readline.createInterface({ input: process.stdin });
process.stdout.write(JSON.stringify({ ready: true }) + "\n");
for await (const line of rl) {
  const { n, input, replies } = JSON.parse(line);
  let out;
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    mod.replies.length = 0;
    mod.replies.push(...replies.map(message));
    out = await graph.invoke(input);
  }
  const ns = Number(process.hrtime.bigint() - start) / n;
  const messages = out.messages.map((m) => ({ type: m._getType(), content: m.content }));
  process.stdout.write(JSON.stringify({ nsPerOp: ns, messages, left: mod.replies.length }) + "\n");
}
