// message.mjs: a LangChain message as docs/reference.md, Reducers's JSON message, the
// langgraph-js bridge's (bridge.mjs, which it is written beside), which the
// messages benchmark imports too (bench/messages: reducer.mjs,
// diff/langgraph.mjs). It imports nothing, so that it loads anywhere.

function isEmptyObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0;
}

function isEmptyArray(v) {
  return Array.isArray(v) && v.length === 0;
}

// defaults are the values a message class's constructor gives a field it
// was not given; the canonical form leaves them out.
const defaults = {
  additional_kwargs: isEmptyObject,
  response_metadata: isEmptyObject,
  tool_calls: isEmptyArray,
  invalid_tool_calls: isEmptyArray,
  tool_call_chunks: isEmptyArray,
};

// plainMessage maps a message to its type and every field its class keeps:
// the instance's own enumerable properties but LangChain's lc_*
// bookkeeping, those that are undefined and the constructor defaults. A
// RemoveMessage's content is always [] and left out. member makes each
// kept field's value (the bridge checks it is JSON; the benchmark rewrites
// generated ids).
export function plainMessage(m, member = (key, value) => value) {
  const out = { type: m._getType() };
  for (const [k, v] of Object.entries(m)) {
    if (k === "type" || k.startsWith("lc_") || v === undefined) continue;
    if (defaults[k]?.(v)) continue;
    if (k === "content" && out.type === "remove" && isEmptyArray(v)) continue;
    out[k] = member(k, v);
  }
  return out;
}
