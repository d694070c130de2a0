// The library's own run of capture_graph.mjs (capture_test.go): invoke on
// the input, printing the final state (messages as {type, content}) and
// the replies the fakes gave.
import path from "node:path";
import { pathToFileURL } from "node:url";

const mod = await import(pathToFileURL(path.resolve(process.argv[2])).href);
const out = await mod.graph.invoke({ messages: [{ role: "user", content: "Refund A-17", id: "m-1" }] });
const messages = out.messages.map((m) => ({ type: m._getType(), content: m.content }));
console.log(JSON.stringify({ messages, topic: out.topic, drafts: out.drafts, given: mod.given }));
