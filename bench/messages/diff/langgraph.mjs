// langgraph.mjs: the LangGraph JS side of the differential check.
//
// Reads one JSON case per line on stdin, {"current": ..., "incoming": ...},
// and writes one JSON line per case: {"result": [...]} with the result of
// messagesStateReducer(current, incoming) as plain messages (docs/reference.md, Reducers), or
// {"error": message, "code": lc_error_code, "name": error class}.
//
// @langchain/langgraph is loaded with require, from NODE_PATH (the diff
// program sets it to the repository's node_modules unless it is set).
//
// Generated ids: LangGraph calls uuid v4, which uses crypto.randomUUID. It is
// replaced by a counter reset per case, so the n-th generated id is
// recognisable and becomes "auto-n": the same numbering as the engine's,
// in order of assignment (not of appearance in the result).
import { createRequire } from "node:module";
import readline from "node:readline";
import { plainMessage } from "../../../runtimes/langgraphjs/message.mjs";

const require = createRequire(import.meta.url);

let generated = 0;
const prefix = "00000000-0000-4000-8000-";
crypto.randomUUID = () => prefix + String(++generated).padStart(12, "0");

const { messagesStateReducer } = require("@langchain/langgraph");

// AIMessage warns on stderr about tool calls given only in
// additional_kwargs; the check's output is the comparison.
console.warn = () => {};

function autoID(id) {
  if (typeof id === "string" && id.startsWith(prefix)) return "auto-" + Number(id.slice(prefix.length));
  return id;
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (line.trim() === "") continue;
  const { current, incoming } = JSON.parse(line);
  generated = 0;
  let answer;
  try {
    answer = { result: messagesStateReducer(current, incoming).map((m) => plainMessage(m, (k, v) => (k === "id" ? autoID(v) : v))) };
  } catch (e) {
    answer = { error: String(e.message), code: e.lc_error_code ?? null, name: e.constructor?.name ?? null };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
