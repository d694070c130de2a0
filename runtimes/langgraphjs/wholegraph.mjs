// wholegraph.mjs: a whole-graph run of the scenario's own graph
// (docs/reference.md, Whole-graph runs), the bridge's run request
// (bridge.mjs, which it is written beside).
//
// The graph runs end to end through its own nodes and edges with every
// LangChain chat model answering from the scenario's script: the
// BaseChatModel of @langchain/core, as the graph's own module resolves it
// (its ES module and its CommonJS instance both), has its invoke and
// stream paths (_generateUncached, _streamIterator) replaced once, and
// while a run is on they take the script's next reply instead of calling
// the model's class, whatever it is (a subclass of the user's, ChatOpenAI
// with a dummy key). Outside a run the original methods run.

import fs from "node:fs";
import module_ from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const { createRequire } = module_;

// script is the run on now: its replies and the calls made so far.
let script = null;

// ScriptExhausted is a model call past the end of the script.
export class ScriptExhausted extends Error {
  constructor(message) {
    super(message);
    this.name = "ScriptExhausted";
    this.lc_error_code = "MODEL_SCRIPT_EXHAUSTED";
  }
}

const patched = new WeakSet();

// patchChatModels replaces the answer paths of the BaseChatModel classes
// the module at file sees (ESM and CJS), once per class.
export async function patchChatModels(file) {
  const req = createRequire(file);
  let pkgFile;
  try {
    pkgFile = req.resolve("@langchain/core/package.json");
  } catch {
    return; // the graph's module cannot see @langchain/core: it calls no LangChain model
  }
  const instances = [];
  instances.push({ chat: req("@langchain/core/language_models/chat_models"), messages: req("@langchain/core/messages"), singletons: req("@langchain/core/singletons") });
  const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8"));
  const esm = (sub) => {
    let e = pkg.exports?.[sub]?.import;
    if (e !== null && typeof e === "object") e = e.default;
    return typeof e === "string" ? pathToFileURL(path.join(path.dirname(pkgFile), e)).href : null;
  };
  const [c, m, s] = [esm("./language_models/chat_models"), esm("./messages"), esm("./singletons")];
  if (c && m && s) instances.push({ chat: await import(c), messages: await import(m), singletons: await import(s) });
  for (const inst of instances) patchClass(inst);
}

function patchClass({ chat, messages, singletons }) {
  const proto = chat.BaseChatModel?.prototype;
  if (!proto || patched.has(proto)) return;
  patched.add(proto);
  const { AIMessage, AIMessageChunk } = messages;
  const { AsyncLocalStorageProviderSingleton } = singletons;
  const generate = proto._generateUncached;
  const stream = proto._streamIterator;
  proto._generateUncached = async function (prompts, ...rest) {
    if (!script) return generate.call(this, prompts, ...rest);
    const generations = prompts.map((msgs) => {
      const fields = script.take(msgs, AsyncLocalStorageProviderSingleton);
      const message = new AIMessage(fields);
      return [{ text: typeof message.content === "string" ? message.content : "", message }];
    });
    return { generations };
  };
  proto._streamIterator = async function* (input, options) {
    if (!script) {
      yield* stream.call(this, input, options);
      return;
    }
    const msgs = Array.isArray(input) ? input : typeof input?.toChatMessages === "function" ? input.toChatMessages() : [input];
    yield new AIMessageChunk(script.take(msgs, AsyncLocalStorageProviderSingleton));
  };
}

// Script is a run's model script: replies (from offset, the replies an
// earlier run of the scenario used), and the calls made.
export class Script {
  constructor(replies, offset, describe) {
    this.replies = replies;
    this.offset = offset;
    this.next = 0;
    this.calls = [];
    this.describe = describe;
  }

  // take is the next reply as AIMessage fields, for a call given msgs.
  take(msgs, als) {
    const meta = als.getRunnableConfig()?.metadata ?? {};
    const node = meta.langgraph_node;
    const step = meta.langgraph_step;
    const where = `superstep ${step ?? "?"}, node ${JSON.stringify(node ?? "?")}`;
    if (this.next >= this.replies.length) {
      const last = msgs.length ? this.describe(msgs[msgs.length - 1]) : "no message";
      throw new ScriptExhausted(`${where}: the model was called past the end of its script (call ${this.offset + this.next + 1}, ${this.offset + this.replies.length} replies given); the last message it was given: ${last}. Add a reply to "Given the model replies:"`);
    }
    const reply = this.replies[this.next++];
    this.calls.push({ step, node, reply: this.offset + this.next });
    if (typeof reply === "string") return { content: reply };
    return { content: "", ...reply };
  }
}

// during runs f with s as the run's script.
export async function during(s, f) {
  script = s;
  try {
    return await f();
  } finally {
    script = null;
  }
}

// supersteps reads a run's debug chunks: per superstep (from 1), the
// names of the nodes whose tasks ran in it, sorted.
export function supersteps(debug) {
  const steps = new Map();
  for (const c of debug) {
    if (c?.type !== "task") continue;
    const n = c.step;
    if (!steps.has(n)) steps.set(n, []);
    steps.get(n).push(String(c.payload?.name));
  }
  return [...steps.keys()].sort((a, b) => a - b).map((n) => ({ step: n, nodes: steps.get(n).sort() }));
}
