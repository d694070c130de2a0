// The team's own fake chat model, which the graphs of whole-graph runs
// beside it share (router.mjs, fanout.mjs, approval.mjs, nested.mjs,
// handoff.mjs, shop.mjs): a BaseChatModel at module level that answers
// from replies, first first. The test that runs these graphs with the
// library's own invoke (runtimes/langgraphjs/wholegraph_shapes_test.go)
// fills replies; a whole-graph run scripts the model instead and never
// reaches _generate.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";

// replies are the answers, each an AIMessage's fields or its content.
export const replies = [];

export class FakeChatModel extends BaseChatModel {
  _llmType() {
    return "fake";
  }

  // bindTools passes the tools as a call option, as a provider's does
  bindTools(tools) {
    return this.withConfig({ tools });
  }

  async _generate() {
    if (!replies.length) throw new Error("the fake model has no reply left");
    const r = replies.shift();
    const message = new AIMessage(typeof r === "string" ? r : { content: "", ...r });
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }
}
