// langgraph.mjs: the LangGraph JS side of the differential check.
//
// Reads one JSON case per line on stdin, {"current": ..., "incoming": ...},
// and writes one JSON line per case: {"result": [...]} with the result of
// messagesStateReducer(current, incoming) as plain messages (SPEC §5), or
// {"error": message, "code": lc_error_code, "name": error class}.
//
// @langchain/langgraph is loaded with require, so NODE_PATH may point at the
// node_modules that holds it (run.sh and the diff program set it).
//
// Generated ids: LangGraph calls uuid v4, which uses crypto.randomUUID. It is
// replaced by a counter reset per case, so the n-th generated id is
// recognisable and becomes "auto-n": the same numbering as the engine's,
// in order of assignment (not of appearance in the result).
import { createRequire } from "node:module";
import readline from "node:readline";

const require = createRequire(import.meta.url);

let generated = 0;
const prefix = "00000000-0000-4000-8000-";
crypto.randomUUID = () => prefix + String(++generated).padStart(12, "0");

const { messagesStateReducer } = require("@langchain/langgraph");

function isEmptyObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0;
}

function isEmptyArray(v) {
  return Array.isArray(v) && v.length === 0;
}

function autoID(id) {
  if (typeof id === "string" && id.startsWith(prefix)) return "auto-" + Number(id.slice(prefix.length));
  return id;
}

// plain maps a BaseMessage to SPEC §5's JSON message: type, content, id, and
// the optional fields when they are set. Constructor defaults (empty
// additional_kwargs, response_metadata, tool_calls and invalid_tool_calls,
// a RemoveMessage's content []) count as not set.
export function plain(m) {
  const out = { type: m._getType() };
  if (out.type !== "remove" || !isEmptyArray(m.content)) out.content = m.content;
  out.id = autoID(m.id);
  for (const k of ["name", "tool_call_id", "status", "artifact", "usage_metadata"]) {
    if (m[k] !== undefined) out[k] = m[k];
  }
  for (const k of ["tool_calls", "invalid_tool_calls"]) {
    if (m[k] !== undefined && !isEmptyArray(m[k])) out[k] = m[k];
  }
  for (const k of ["additional_kwargs", "response_metadata"]) {
    if (m[k] !== undefined && !isEmptyObject(m[k])) out[k] = m[k];
  }
  return out;
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (line.trim() === "") continue;
  const { current, incoming } = JSON.parse(line);
  generated = 0;
  let answer;
  try {
    answer = { result: messagesStateReducer(current, incoming).map(plain) };
  } catch (e) {
    answer = { error: String(e.message), code: e.lc_error_code ?? null, name: e.constructor?.name ?? null };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
