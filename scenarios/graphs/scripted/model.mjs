// The test doubles of a team's chat model, at module level as teams write
// them: the replies a scripted model gives, in order, one per call, and
// LangChain's own fake chat model, which moves to its next response on
// every call. Each scenario must start them afresh.
import { FakeListChatModel } from "@langchain/core/utils/testing";

const replies = ["Your refund is on its way.", "Is there anything else?"];

// nextReply takes the next scripted reply off the queue.
export function nextReply() {
  const reply = replies.shift();
  if (reply === undefined) throw new Error("the scripted model has no reply left");
  return reply;
}

export const model = new FakeListChatModel({ responses: ["Let me look up order A-17.", "Order A-17 shipped on Monday."] });
