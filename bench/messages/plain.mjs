// plain.mjs: a LangChain BaseMessage as SPEC §5's JSON message, shared by
// the benchmark (reducer.mjs) and the differential check (diff/langgraph.mjs).

function isEmptyObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0;
}

function isEmptyArray(v) {
  return Array.isArray(v) && v.length === 0;
}

// plain maps a message to type, content, id, and the optional fields when
// they are set. Constructor defaults (empty additional_kwargs,
// response_metadata, tool_calls and invalid_tool_calls, a RemoveMessage's
// content []) count as not set. mapID rewrites the id (generated ids).
export function plain(m, mapID = (id) => id) {
  const out = { type: m._getType() };
  if (out.type !== "remove" || !isEmptyArray(m.content)) out.content = m.content;
  out.id = mapID(m.id);
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
