// The scripted support agent in TypeScript (loaded through tsx): its model,
// in ./model.ts, keeps its replies at module level.
import { Annotation, StateGraph, START, END, messagesStateReducer } from "@langchain/langgraph";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { nextReply } from "./model";

const State = Annotation.Root({
  messages: Annotation<BaseMessage[]>({ reducer: messagesStateReducer, default: () => [] }),
});

export const graph = new StateGraph(State)
  .addNode("reply", () => ({ messages: [new AIMessage(nextReply())] }))
  .addEdge(START, "reply")
  .addEdge("reply", END)
  .compile();
