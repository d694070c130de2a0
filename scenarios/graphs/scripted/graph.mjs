// A support agent whose model is scripted at module level (./model.mjs):
// features/own_graph_fresh.feature runs each scenario on a fresh graph.
// Other nodes change the process they run in (its directory, its
// environment) or read stdin, which must not reach the next scenario.
import { execFileSync } from "node:child_process";
import { readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Annotation, StateGraph, START, END, messagesStateReducer } from "@langchain/langgraph";
import { AIMessage } from "@langchain/core/messages";
import { model, nextReply } from "./model.mjs";

const suiteRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const State = Annotation.Root({
  messages: Annotation({ reducer: messagesStateReducer, default: () => [] }),
  calls: Annotation({ reducer: (a, b) => a + b, default: () => 0 }),
  seen: Annotation(),
});

export const graph = new StateGraph(State)
  // the scripted model answers
  .addNode("reply", () => ({ messages: [new AIMessage(nextReply())], calls: 1 }))
  // LangChain's fake chat model answers
  .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)], calls: 1 }))
  // a node that moves the process elsewhere and changes its environment
  .addNode("wander", () => {
    process.chdir(path.join(suiteRoot, "scenarios"));
    process.env.SUPPORT_REGION = "eu-west";
    return { seen: { cwd: path.relative(suiteRoot, process.cwd()), region: process.env.SUPPORT_REGION } };
  })
  // a node that reports where it runs and what its environment holds
  .addNode("look", () => ({
    seen: { cwd: path.relative(suiteRoot, process.cwd()), region: process.env.SUPPORT_REGION ?? null },
  }))
  // a node that reads stdin, as a CLI agent asking its user might
  .addNode("ask", () => ({ seen: { stdin: readFileSync(0, "utf8") } }))
  // a node that writes to the process's stdout past console.log, as a
  // child process it starts with inherited stdio does
  .addNode("shout", () => {
    writeSync(1, "written to descriptor 1\n");
    execFileSync(process.execPath, ["-e", "console.log('a child process says hello')"], { stdio: "inherit" });
    return { seen: { shouted: true } };
  })
  .addNode("listen", async () => {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    return { seen: { stdin: text } };
  })
  // the scenarios run one node at a time; a run starts with the model
  .addConditionalEdges(START, () => "reply", ["reply", "agent", "wander", "look", "ask", "listen", "shout"])
  .addEdge("reply", END)
  .compile();
