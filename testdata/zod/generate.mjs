// generate.mjs writes the JSON Schema that the real zod 4 emits for an agent
// state shaped like IXO's (ixo-oracles): the harness's JSON Schema reader is
// tested on this file, so it must be what z.toJSONSchema() gives, not what
// we think it gives. engine's TestZodSchemaIsCurrent reruns this script and
// compares.
//
//	node testdata/zod/generate.mjs [out]   (default: scenarios/schemas/ixo.schema.json)
//
// zod comes from the repository's node_modules (npm ci: package-lock.json pins it).
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import * as z from "zod";

const { version } = createRequire(import.meta.url)("zod/package.json");
if (!version.startsWith("4.")) {
  throw new Error(`zod ${version}: this generator needs zod 4 (z.toJSONSchema)`);
}

// Shared definitions: .meta({ id }) makes z.toJSONSchema put them under
// $defs and refer to them with $ref.
const Did = z.string().startsWith("did:").meta({ id: "Did", description: "A decentralised identifier" });

const Message = z
  .object({
    id: z.string(),
    type: z.enum(["human", "ai", "tool", "system"]),
    content: z.string(),
    tool_call_id: z.string().optional(),
  })
  .meta({ id: "Message" });

const Task = z
  .object({
    id: z.string(),
    title: z.string(),
    state: z.enum(["todo", "doing", "done"]),
  })
  .meta({ id: "Task" });

// The reducers are IXO's: messages (LangGraph's add_messages), merge for
// the context object, replace elsewhere. zod has no reducers, so they ride
// in the x-reducer keyword that .meta() copies into the JSON Schema.
export const AgentState = z.object({
  messages: z.array(Message).default([]).meta({ "x-reducer": "messages" }),
  did: Did.readonly(),
  client: z.enum(["portal", "matrix", "slack"]).default("portal").meta({ "x-reducer": "replace" }),
  context: z
    .object({
      ownerDid: Did.readonly(),
      roomId: z.string(),
      timezone: z.string(),
      preferences: z.record(z.string(), z.string()),
    })
    .partial()
    .default({})
    .meta({ "x-reducer": "merge" }),
  status: z.enum(["idle", "thinking", "calling_tool", "done"]).default("idle").meta({ "x-reducer": "replace" }),
  lastError: z.string().nullable().default(null).meta({ "x-reducer": "replace" }),
  activeTask: Task.nullable().default(null).meta({ "x-reducer": "replace" }),
  tasks: z.array(Task).default([]).meta({ "x-reducer": "append" }),
  toolCalls: z.number().int().nonnegative().default(0).meta({ "x-reducer": "sum" }),
  mode: z.literal("agent"),
});

const out = process.argv[2] ?? fileURLToPath(new URL("../../scenarios/schemas/ixo.schema.json", import.meta.url));
writeFileSync(out, JSON.stringify(z.toJSONSchema(AgentState), null, 2) + "\n");
