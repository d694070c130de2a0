// reducer.mjs: the LangGraph JS side of the messages benchmark.
//
//   node bench/messages/reducer.mjs current.json incoming.json [out.json]
//
// Reads both files ({"messages": [...]}), runs LangGraph's
// messagesStateReducer once, and writes {"messages": [...]} with the result
// as plain JSON messages (docs/reference.md, Reducers: type, content, id and the optional fields
// that are set), indented by two spaces, to out.json or stdout: the same
// work as the Go side's decode, merge and serialise. @langchain/langgraph is
// loaded with require, so NODE_PATH may point at the node_modules holding it.
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { plainMessage } from "../../runtimes/langgraphjs/message.mjs";

const require = createRequire(import.meta.url);
const { messagesStateReducer } = require("@langchain/langgraph");

const [currentPath, incomingPath, outPath] = process.argv.slice(2);
if (!currentPath || !incomingPath) {
  console.error("usage: node reducer.mjs current.json incoming.json [out.json]");
  process.exit(2);
}

const current = JSON.parse(readFileSync(currentPath, "utf8")).messages;
const incoming = JSON.parse(readFileSync(incomingPath, "utf8")).messages;
const merged = messagesStateReducer(current, incoming);
const text = JSON.stringify({ messages: merged.map((m) => plainMessage(m)) }, null, 2) + "\n";
if (outPath) writeFileSync(outPath, text);
else process.stdout.write(text);
