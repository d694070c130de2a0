// wholegraph.mjs: a whole-graph run of the scenario's own graph
// (docs/reference.md, Whole-graph runs), the bridge's run request
// (bridge.mjs, which it is written beside; the protocol: runtimes/bridge/doc.go).
//
// The graph runs end to end through its own nodes and edges with every
// LangChain chat model answering from the scenario's script: the
// BaseChatModel of @langchain/core, as the graph's own module resolves it
// (its ES module and its CommonJS instance both), has its answer paths
// (_generateUncached, under invoke, batch and withStructuredOutput;
// _streamIterator, under stream) replaced once, and while a run is on
// they take the script's next reply instead of calling the model's
// class, whatever it is (a subclass of the user's, ChatOpenAI with a
// dummy key). Outside a run the original methods run.
//
// withStructuredOutput parses the scripted reply as the model's own
// answer would be parsed. A provider whose method is a JSON schema or
// JSON mode (ChatOpenAI's default) reads the reply's content, JSON text.
// BaseChatModel's own (function calling) reads a tool call named after
// the schema ({tool_calls: [{name: "<schema name>", args: {...}}]}) but
// only from an AIMessageChunk, which a model's invoke gives only when it
// streams: a scripted reply is an AIMessage, as a model that does not
// stream answers, so there it fails ("Input is not an AIMessageChunk.")
// as the library's own run with such a model does.
//
// A scripted tool (StructuredTool, DynamicStructuredTool, DynamicTool,
// tool()) does not run its function: StructuredTool.call, which ToolNode
// reaches through invoke, runs with the tool's _call answering from the
// script, so the tool's own schema parses the arguments and its own code
// builds the ToolMessage (the model's tool_call_id, the tool's name).
//
// A run with capture (scenario record --graph ... --input) is a real one:
// the patched paths call the model's own method and capture its
// AIMessage as a script's reply, in the order the calls started (a slot
// is taken at a call's start, filled at its end); a model whose stream is
// its invoke is captured once, by _generateUncached. With capture.tools,
// StructuredTool.call runs the tool and captures its tool message's
// content.

import fs from "node:fs";
import module_ from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const { createRequire } = module_;

// run is the run on now (a Run), or null.
let run = null;

// ScriptError is a scenario's script refusing a call: its code is the
// harness's (MODEL_SCRIPT_EXHAUSTED, ...), its message written at the end
// of the run, when the superstep numbers are known.
export class ScriptError extends Error {
  constructor(code, at, say) {
    super(code);
    this.name = "ScriptError";
    this.lc_error_code = code;
    this.at = at;
    this.say = say;
  }
}

const patched = new WeakSet();

// patchLibraries replaces the answer paths of the BaseChatModel and
// StructuredTool classes the module at file sees (ESM and CJS), once per
// class.
export async function patchLibraries(file) {
  const req = createRequire(file);
  let pkgFile;
  try {
    pkgFile = req.resolve("@langchain/core/package.json");
  } catch {
    return; // the graph's module cannot see @langchain/core: it calls no LangChain model
  }
  // each copy of @langchain/core is patched once; a run of a graph that
  // sees a patched one costs nothing more (3 ms a run otherwise)
  if (!patchedCores.has(pkgFile)) patchedCores.set(pkgFile, patchCore(req, pkgFile));
  return patchedCores.get(pkgFile);
}

// patchedCores are the copies of @langchain/core patched, by their
// package.json, each the promise of its patching.
const patchedCores = new Map();

async function patchCore(req, pkgFile) {
  const subs = ["./language_models/chat_models", "./messages", "./singletons", "./tools"];
  const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8"));
  const esm = (sub) => {
    let e = pkg.exports?.[sub]?.import;
    if (e !== null && typeof e === "object") e = e.default;
    return typeof e === "string" ? pathToFileURL(path.join(path.dirname(pkgFile), e)).href : null;
  };
  const cjs = subs.map((s) => req("@langchain/core" + s.slice(1)));
  patchInstance(...cjs);
  const urls = subs.map(esm);
  if (urls.every(Boolean)) patchInstance(...(await Promise.all(urls.map((u) => import(u)))));
}

// libraryOf is the instance of @langchain/langgraph (the CommonJS or the
// ES module one, as the module at file resolves them) whose StateGraph
// built the graph, or null: a scripted node's Command must be of it, so
// that the Sends its goto revives are the Sends the graph routes.
export async function libraryOf(file, builder) {
  const req = createRequire(file);
  let pkgFile;
  try {
    pkgFile = req.resolve("@langchain/langgraph/package.json");
  } catch {
    return null;
  }
  const cjs = req("@langchain/langgraph");
  if (builder instanceof cjs.StateGraph) return cjs;
  if (!esmGraphs.has(pkgFile)) esmGraphs.set(pkgFile, esmOf(pkgFile));
  const esm = await esmGraphs.get(pkgFile);
  return esm && builder instanceof esm.StateGraph ? esm : null;
}

// esmGraphs are the ES module instances of @langchain/langgraph, by their
// package.json, each the promise of its import (null: it has none).
const esmGraphs = new Map();

async function esmOf(pkgFile) {
  const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8"));
  let e = pkg.exports?.["."]?.import;
  if (e !== null && typeof e === "object") e = e.default;
  if (typeof e !== "string") return null;
  return import(pathToFileURL(path.join(path.dirname(pkgFile), e)).href);
}

function patchInstance(chat, messages, singletons, tools) {
  const als = singletons.AsyncLocalStorageProviderSingleton;
  patchChat(chat.BaseChatModel?.prototype, messages, als);
  patchTool(tools.StructuredTool?.prototype, als);
}

function patchChat(proto, { AIMessage, AIMessageChunk }, als) {
  if (!proto || patched.has(proto)) return;
  patched.add(proto);
  const generate = proto._generateUncached;
  const stream = proto._streamIterator;
  proto._generateUncached = async function (prompts, options, ...rest) {
    if (!run) return generate.call(this, prompts, options, ...rest);
    if (run.capture) {
      // a real call: its slots are taken as the calls start, so the order
      // is the order in which a script would answer them
      const slots = prompts.map(() => run.reserveReply(als));
      const out = await generate.call(this, prompts, options, ...rest);
      out?.generations?.forEach((gens, i) => run.fillReply(slots[i], gens?.[0]?.message, AIMessage));
      return out;
    }
    const generations = prompts.map((msgs) => {
      const message = new AIMessage(run.reply(msgs, options, als));
      return [{ text: typeof message.content === "string" ? message.content : "", message }];
    });
    return { generations };
  };
  proto._streamIterator = async function* (input, options) {
    if (!run) {
      yield* stream.call(this, input, options);
      return;
    }
    if (run.capture && (this._streamResponseChunks === proto._streamResponseChunks || this.disableStreaming)) {
      // the library's stream is then its invoke, whose answer
      // _generateUncached captures
      yield* stream.call(this, input, options);
      return;
    }
    if (run.capture) {
      const slot = run.reserveReply(als, options);
      let whole;
      for await (const chunk of stream.call(this, input, options)) {
        whole = whole === undefined ? chunk : whole.concat(chunk);
        yield chunk;
      }
      run.fillReply(slot, whole, AIMessage);
      return;
    }
    const msgs = Array.isArray(input) ? input : typeof input?.toChatMessages === "function" ? input.toChatMessages() : [input];
    yield new AIMessageChunk(run.reply(msgs, options, als));
  };
}

function patchTool(proto, als) {
  if (!proto || patched.has(proto)) return;
  patched.add(proto);
  const call = proto.call;
  proto.call = async function (arg, config, ...rest) {
    if (run?.capture?.tools) {
      const slot = run.reserveTool(this.name, als);
      try {
        const out = await call.call(this, arg, config, ...rest);
        slot.answer = toolContent(out);
        return out;
      } catch (e) {
        slot.error = String(e?.message ?? e);
        throw e;
      }
    }
    const script = run?.toolScript(this.name);
    if (!script) return call.call(this, arg, config, ...rest);
    // the tool as it is, but for the function it calls: its schema, name
    // and ToolMessage are its own
    const scripted = Object.create(this);
    scripted._call = async () => run.toolAnswer(this.name, script, als);
    return call.call(scripted, arg, config, ...rest);
  };
}

// toolContent is what a tool call gave as a script's answer would give
// it: the content of the ToolMessage it made, or the value it returned.
function toolContent(out) {
  if (out !== null && typeof out === "object" && "content" in out && typeof out._getType === "function") return out.content;
  return out === undefined ? null : out;
}

// plainReply is a captured AI message as a script's reply: what the
// AIMessage holds, as plain JSON, the empty members left out. A reply
// that is no AI message is refused: a script could not give it.
function plainReply(m, AIMessage) {
  if (!m || typeof m._getType !== "function" || m._getType() !== "ai") {
    return { refused: `a chat model answered with ${m == null ? "nothing" : typeof m._getType === "function" ? `a ${m._getType()} message` : typeof m}, not an AI message, which a script cannot give` };
  }
  const out = { content: m.content ?? "" };
  const calls = (m.tool_calls ?? []).map((c) => {
    const call = { name: c.name, args: c.args ?? {} };
    if (c.id != null) call.id = c.id;
    return call;
  });
  if (calls.length) out.tool_calls = calls;
  if (typeof m.id === "string" && m.id !== "") out.id = m.id;
  const full = (v) => v !== null && typeof v === "object" && Object.keys(v).length > 0;
  // tool_calls are the message's own member: a provider's raw copy of them would script them twice
  const kwargs = { ...(m.additional_kwargs ?? {}) };
  if (calls.length) delete kwargs.tool_calls;
  if (full(kwargs)) out.additional_kwargs = kwargs;
  if (full(m.response_metadata)) out.response_metadata = m.response_metadata;
  if (full(m.usage_metadata)) out.usage_metadata = m.usage_metadata;
  try {
    return { reply: JSON.parse(JSON.stringify(out)) };
  } catch (e) {
    return { refused: `a chat model's reply is not JSON (${e.message})` };
  }
}

// where is a call's place in the run: the library's superstep, the
// checkpoint namespace (a subgraph's node is inside its parent's) and
// the node.
function where(als, options) {
  const at = whereOf(als.getRunnableConfig());
  // a stream's iterator runs outside the call's async context: its
  // options carry the call's metadata
  return at.libStep === undefined && options?.metadata ? whereOf(options) : at;
}

function whereOf(config) {
  const meta = config?.metadata ?? {};
  return { libStep: meta.langgraph_step, ns: String(meta.langgraph_checkpoint_ns ?? ""), node: meta.langgraph_node };
}

// boundTools names the tools a model call carries (bindTools passes them
// as options.tools: tool objects, OpenAI's {type: "function", function:
// {name}}, or {name}), or null when it carries none.
function boundTools(options) {
  const tools = options?.tools;
  if (!Array.isArray(tools) || tools.length === 0) return null;
  return tools.map((t) => t?.function?.name ?? t?.name).filter((n) => typeof n === "string");
}

// Run is one whole-graph run's scripts (the run request's replies,
// nodeReplies, returns and tools) and what used them.
export class Run {
  constructor(req, plainMessage) {
    const script = (s, node) => ({ replies: Array.isArray(s?.replies) ? s.replies : [], offset: s?.offset ?? 0, next: 0, node });
    this.model = script({ replies: req.replies, offset: req.offset });
    this.nodeModels = new Map(Object.entries(req.nodeReplies ?? {}).map(([n, s]) => [n, script(s, n)]));
    this.returns = new Map(Object.entries(req.returns ?? {}).map(([n, s]) => [n, { returns: Array.isArray(s?.returns) ? s.returns : [], offset: s?.offset ?? 0, next: 0 }]));
    this.tools = new Map(Object.entries(req.tools ?? {}).map(([n, s]) => [n, { answers: Array.isArray(s?.answers) ? s.answers : [], offset: s?.offset ?? 0, next: 0, inTurn: s?.inTurn === true }]));
    this.plainMessage = plainMessage;
    // capture: a real run whose replies (and, with tools, tool results)
    // are captured in call order, as a script would give them
    this.capture = req.capture ? { tools: req.capture.tools === true } : null;
    this.capturedReplies = [];
    this.capturedTools = [];
    this.calls = [];
    this.returned = [];
    this.answered = [];
    // failure is the first script error: a node or ToolNode may catch
    // what a call throws, the run still fails with it
    this.failure = null;
  }

  fail(e) {
    this.failure ??= e;
    return e;
  }

  // scriptFor is the model script of a call at: the script of the
  // innermost node of its namespace that has one, else the default.
  scriptFor(at) {
    const nodes = [at.node, ...at.ns.split("|").map((seg) => seg.slice(0, seg.lastIndexOf(":"))).reverse()];
    for (const n of nodes) if (n && this.nodeModels.has(n)) return this.nodeModels.get(n);
    return this.model;
  }

  // reply is the next reply of the call's script as AIMessage fields, for
  // a call given msgs with the call options.
  reply(msgs, options, als) {
    const at = where(als, options);
    const s = this.scriptFor(at);
    const n = s.offset + s.next + 1;
    const last = msgs.length ? this.plainMessage(msgs[msgs.length - 1]) : null;
    const given = s.node ? `"Given the model replies to node ${JSON.stringify(s.node)}:"` : `"Given the model replies:"`;
    if (s.next >= s.replies.length) {
      const text = last === null ? "no message" : JSON.stringify(last);
      throw this.fail(new ScriptError("MODEL_SCRIPT_EXHAUSTED", at, (w) => `${w}, call ${n}: the model was called past the end of its script (${s.offset + s.replies.length} replies given${s.node ? ` to node ${JSON.stringify(s.node)}` : ""}); the last message it was given: ${text}. Add a reply to ${given}`));
    }
    const reply = s.replies[s.next++];
    const call = { at, reply: n };
    if (s.node) call.script = s.node;
    if (last !== null) call.last = last;
    this.calls.push(call);
    if (typeof reply === "string") return { content: reply };
    if (reply !== null && typeof reply === "object" && !Array.isArray(reply) && Object.keys(reply).length === 1 && typeof reply.error === "string") {
      // the model's own failure, which the graph may handle
      throw new Error(reply.error);
    }
    const bound = boundTools(options);
    if (bound) {
      const bad = (Array.isArray(reply?.tool_calls) ? reply.tool_calls : []).find((c) => !bound.includes(c?.name));
      if (bad) {
        throw this.fail(new ScriptError("MODEL_SCRIPT_INVALID", at, (w) => `${w}, call ${n}: the reply calls the tool ${JSON.stringify(bad?.name)}, which the model was not bound to (its tools: ${bound.join(", ")}); fix the reply in ${given}, or bind the tool`));
      }
    }
    return { content: "", ...reply };
  }

  // reserveReply takes the next captured reply's slot, at a call's start.
  reserveReply(als, options) {
    // a stream's generator may run outside the node's context; its
    // options carry the node's config
    const slot = { at: where(als, options) };
    this.capturedReplies.push(slot);
    return slot;
  }

  // fillReply puts a call's answer in its slot.
  fillReply(slot, message, AIMessage) {
    const r = plainReply(message, AIMessage);
    if (r.refused) slot.refused = r.refused;
    else slot.reply = r.reply;
  }

  // reserveTool takes the next captured tool result's slot, at a call's
  // start.
  reserveTool(name, als) {
    const slot = { at: where(als), tool: name };
    this.capturedTools.push(slot);
    return slot;
  }

  // captured is what the run captured, each where it happened: a call
  // that never answered (the run failed in it) is left out; a refused
  // reply or a tool that threw says so.
  captured(trace) {
    const replies = [];
    for (const s of this.capturedReplies) {
      if (s.reply === undefined && s.refused === undefined) continue;
      const out = { ...trace.locate(s.at) };
      if (s.refused) out.refused = s.refused;
      else out.reply = s.reply;
      replies.push(out);
    }
    const tools = [];
    for (const s of this.capturedTools) {
      if (s.answer === undefined && s.error === undefined) continue;
      const out = { ...trace.locate(s.at), tool: s.tool };
      if (s.error !== undefined) out.error = s.error;
      else out.answer = s.answer;
      tools.push(out);
    }
    return { replies, tools };
  }

  // nodeReturn is a scripted node's output for its next visit (nodeOutput
  // revives it as a commit's), or throws NODE_SCRIPT_EXHAUSTED.
  nodeReturn(node, config, nodeOutput) {
    const s = this.returns.get(node);
    const at = { ...whereOf(config), node };
    const n = s.offset + s.next + 1;
    if (s.next >= s.returns.length) {
      throw this.fail(new ScriptError("NODE_SCRIPT_EXHAUSTED", at, (w) => `${w}: visit ${n} of the node is past the end of its script (${s.offset + s.returns.length} outputs given); add an output to "Given node ${JSON.stringify(node)} returns, in turn:"`));
    }
    const out = s.returns[s.next++];
    this.returned.push({ at, index: n });
    return nodeOutput(out);
  }

  // toolScript is the script of a tool, or undefined: the tool runs.
  toolScript(name) {
    return this.tools.get(name);
  }

  // toolAnswer is a scripted tool's answer to its next call, or throws
  // TOOL_SCRIPT_EXHAUSTED.
  toolAnswer(name, s, als) {
    const at = where(als);
    if (!s.inTurn) {
      this.answered.push({ at, tool: name, answer: 1 });
      return structuredClone(s.answers[0]);
    }
    const n = s.offset + s.next + 1;
    if (s.next >= s.answers.length) {
      throw this.fail(new ScriptError("TOOL_SCRIPT_EXHAUSTED", at, (w) => `${w}: call ${n} of tool ${JSON.stringify(name)} is past the end of its answers (${s.offset + s.answers.length} given); add an answer to "Given tool ${JSON.stringify(name)} answers, in turn:"`));
    }
    this.answered.push({ at, tool: name, answer: n });
    return structuredClone(s.answers[s.next++]);
  }
}

// scriptedNode is the node function of a node of returns: it answers
// from the run's script (nodeOutput reads an output as a commit's).
export function scriptedNode(name, nodeOutput) {
  return (_state, config) => {
    if (!run?.returns.has(name)) throw new Error(`node ${JSON.stringify(name)} is scripted outside a run`);
    return run.nodeReturn(name, config, nodeOutput);
  };
}

// during runs f with r as the run on now.
export async function during(r, f) {
  run = r;
  try {
    return await f();
  } finally {
    run = null;
  }
}

// Trace is a run's debug chunks by checkpoint namespace ("" the parent
// graph's, "sub:<task id>" a subgraph node's, "a:<id>|b:<id>" deeper),
// read into supersteps.
export class Trace {
  constructor() {
    this.chunks = new Map();
    this.tasks = new Map(); // task id → {key, name, step}: its namespace, node and library superstep
    this.raised = []; // the library's interrupt ids, in the order raised
  }

  add(ns, chunk) {
    const key = ns.join("|");
    if (!this.chunks.has(key)) this.chunks.set(key, []);
    this.chunks.get(key).push(chunk);
    if (chunk?.type === "task") this.tasks.set(chunk.payload?.id, { key, name: String(chunk.payload?.name), step: chunk.step });
    if (chunk?.type === "task_result") for (const i of chunk.payload?.interrupts ?? []) if (!this.raised.includes(i?.id)) this.raised.push(i?.id);
  }

  // numbers maps the library's supersteps of a namespace to the run's,
  // from 1, in order.
  numbers(key = "") {
    const steps = [...new Set((this.chunks.get(key) ?? []).filter((c) => c?.type === "task").map((c) => c.step))].sort((a, b) => a - b);
    return new Map(steps.map((s, i) => [s, i + 1]));
  }

  // nodes is the parent graph's supersteps, each {step, nodes} (in name
  // order; a node of a Send fan-out as often as it ran).
  nodes() {
    const number = this.numbers("");
    const out = new Map([...number.values()].map((n) => [n, []]));
    for (const c of this.chunks.get("") ?? []) if (c?.type === "task") out.get(number.get(c.step)).push(String(c.payload?.name));
    return [...out].map(([step, nodes]) => ({ step, nodes: nodes.sort() }));
  }

  // topStep is the parent graph's superstep (the run's number) that a
  // namespace belongs to, or of a library superstep of the parent's.
  topStep(ns, libStep) {
    const first = ns.split("|")[0];
    const task = this.tasks.get(first.slice(first.lastIndexOf(":") + 1));
    const top = this.numbers("");
    return (task && task.key === "" ? top.get(task.step) : top.get(libStep)) ?? 0;
  }

  // locate is where a call at (see where) happened: the parent graph's
  // superstep and the node that made it.
  locate(at) {
    return { step: this.topStep(at.ns, at.libStep), node: String(at.node ?? "") };
  }

  // describe is the words for where a call happened.
  describe(at) {
    const { step, node } = this.locate(at);
    return `superstep ${step || "?"}, node ${JSON.stringify(node || "?")}`;
  }

  // taskOf is the node of a library task id and the parent graph's
  // superstep it ran in, or null.
  taskOf(id) {
    const t = this.tasks.get(id);
    if (!t) return null;
    const step = t.key === "" ? this.numbers("").get(t.step) ?? 0 : this.topStep(t.key, undefined);
    // inside a subgraph node, the node that failed is the innermost task whose result is an error
    const own = (t.key ? t.key + "|" : "") + `${t.name}:${id}`;
    let inner = null;
    for (const [key, chunks] of this.chunks) {
      if (key !== own && !key.startsWith(own + "|")) continue;
      const failed = chunks.findLast((c) => c?.type === "task_result" && c.payload?.error != null);
      if (failed && (!inner || key.length > inner.key.length)) inner = { key, name: String(failed.payload.name) };
    }
    return { node: t.name, step, inner: inner?.name };
  }

  // steps is the namespace's supersteps: {step, nodes, state, tasks},
  // each task {node, writes, steps?} (steps: a subgraph node's own).
  // state and json turn a state and a written value into plain JSON
  // (throwing on one that is not); last is the state at the end, for a
  // last superstep that wrote no checkpoint (an interrupt).
  steps(state, json, key = "", last = null) {
    const chunks = this.chunks.get(key) ?? [];
    const number = this.numbers(key);
    const byStep = new Map();
    for (const c of chunks) {
      if (c?.type !== "task") continue;
      if (!byStep.has(c.step)) byStep.set(c.step, []);
      byStep.get(c.step).push(c.payload);
    }
    const results = new Map(chunks.filter((c) => c?.type === "task_result").map((c) => [c.payload?.id, c.payload]));
    const after = new Map(chunks.filter((c) => c?.type === "checkpoint").map((c) => [c.step, c.payload?.values]));
    const libSteps = [...number.keys()];
    return libSteps.map((lib, i) => {
      const tasks = byStep.get(lib).map((p) => ({ name: String(p.name), id: p.id })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const out = { step: number.get(lib), nodes: tasks.map((t) => t.name) };
      out.state = after.has(lib) ? state(after.get(lib)) : i === libSteps.length - 1 ? last : null;
      out.tasks = tasks.map((t) => {
        const task = { node: t.name, writes: writesOf(results.get(t.id)?.result).map(([ch, v]) => [ch, json(v)]) };
        const inner = (key ? key + "|" : "") + `${t.name}:${t.id}`;
        if (this.chunks.has(inner)) task.steps = this.steps(state, json, inner);
        return task;
      });
      return out;
    });
  }
}

// writesOf reads a task_result's result (an object by channel; several
// writes to one channel are {$writes: [...]}) as [channel, value] pairs.
function writesOf(result) {
  const out = [];
  if (result === null || typeof result !== "object") return out;
  for (const [ch, v] of Object.entries(result)) {
    if (v !== null && typeof v === "object" && Array.isArray(v.$writes)) for (const w of v.$writes) out.push([ch, w]);
    else out.push([ch, v]);
  }
  return out;
}
