// A TypeScript graph for own_graph_test.go whose state a schema checks,
// zod's (export zod) or a StateSchema (export schema): an enum and a nested
// number, a node that writes a wrong value and one that throws.
import { StateGraph, START, END, StateSchema } from "@langchain/langgraph";
import { z } from "zod";

const fields = {
  mood: z.enum(["calm", "angry"]).optional(),
  profile: z.object({ age: z.number() }).optional(),
};

function lookup(id: string): never {
  throw new Error(`the CRM is down for ${id}`);
}

function build(State: any) {
  return new StateGraph(State)
    .addNode("lookup", () => ({ mood: lookup("A-17") }))
    .addNode("ager", () => ({ profile: { age: "old" } }))
    .addEdge(START, "lookup")
    .addEdge("lookup", "ager")
    .addEdge("ager", END)
    .compile();
}

export const zod = build(z.object(fields));
export const schema = build(new StateSchema(fields));
