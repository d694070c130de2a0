// The ReAct graph of react.mjs compiled to stop before its tool node, so
// that a person reviews each tool call (features/wholegraph_next_js.feature):
// a whole-graph run stops there with the tool node next.
import { graph } from "./react.mjs";

export const reviewed = graph.builder.compile({ interruptBefore: ["tools"] });
