// plain.mjs: a LangChain BaseMessage as SPEC §5's JSON message, shared by
// the benchmark (reducer.mjs), the differential check (diff/langgraph.mjs)
// and the test of the kept keys (diff/keys_test.go).

function isEmptyObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0;
}

function isEmptyArray(v) {
  return Array.isArray(v) && v.length === 0;
}

// defaults are the values a class's constructor gives a field it was not
// given; the canonical form leaves them out.
const defaults = {
  additional_kwargs: isEmptyObject,
  response_metadata: isEmptyObject,
  tool_calls: isEmptyArray,
  invalid_tool_calls: isEmptyArray,
  tool_call_chunks: isEmptyArray,
};

// plain maps a message to its type and every field its class keeps: the
// instance's own enumerable properties but LangChain's lc_* bookkeeping,
// those that are undefined and the constructor defaults. A RemoveMessage's
// content is always [] and left out. mapID rewrites the id (generated ids).
export function plain(m, mapID = (id) => id) {
  const out = { type: m._getType() };
  for (const [k, v] of Object.entries(m)) {
    if (k === "type" || k.startsWith("lc_") || v === undefined) continue;
    if (defaults[k]?.(v)) continue;
    if (k === "content" && out.type === "remove" && isEmptyArray(v)) continue;
    out[k] = k === "id" ? mapID(v) : v;
  }
  return out;
}
