package langgraphjs_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stateharness/scenario/internal/toolchain"
)

// modelsGraph is a graph whose nodes call one chat model in each way a
// graph may: batch, withStructuredOutput, bound tools. MODEL is the
// model's construction.
const modelsGraph = `import { z } from "zod";
import { tool } from "@langchain/core/tools";
import { Annotation, MessagesAnnotation, StateGraph, START, END } from "@langchain/langgraph";
MODEL_IMPORT
const model = MODEL;
const lookup = tool(async () => { throw new Error("the real tool ran"); }, { name: "lookup_order", description: "Look an order up.", schema: z.object({ order: z.string() }) });
const State = Annotation.Root({ ...MessagesAnnotation.spec, answers: Annotation(), topic: Annotation() });
export const batch = new StateGraph(State)
  .addNode("drafts", async (s) => ({ answers: (await model.batch([s.messages, s.messages])).map((m) => m.content) }))
  .addEdge(START, "drafts").addEdge("drafts", END).compile();
export const structured = new StateGraph(State)
  .addNode("classify", async (s) => ({ topic: (await model.withStructuredOutput(z.object({ topic: z.string() }), { name: "topic" }).invoke(s.messages)).topic }))
  .addEdge(START, "classify").addEdge("classify", END).compile();
export const bound = new StateGraph(State)
  .addNode("agent", async (s) => ({ messages: [await model.bindTools([lookup]).invoke(s.messages)] }))
  .addEdge(START, "agent").addEdge("agent", END).compile();
export const streamed = new StateGraph(State)
  .addNode("talk", async (s) => { let text = ""; for await (const c of await model.stream(s.messages)) text += c.content; return { answers: [text] }; })
  .addEdge(START, "talk").addEdge("talk", END).compile();
`

const fakeModel = `import { BaseChatModel } from "@langchain/core/language_models/chat_models";
class Never extends BaseChatModel {
  _llmType() { return "never"; }
  bindTools(tools) { return this.withConfig({ tools }); }
  async _generate() { throw new Error("the real model was called"); }
}`

// modelsFeature runs each graph of modelsGraph; STRUCTURED is the reply
// the structured-output call gets, as the model would answer.
const modelsFeature = `Feature: model paths
  Scenario: batch
    Given the graph from "graphs/models.mjs:batch"
    And the model replies:
      """
      - first draft
      - second draft
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the model should have been called 2 times
    And field "answers" should equal ["first draft", "second draft"]

  Scenario: structured output
    Given the graph from "graphs/models.mjs:structured"
    And the model replies:
      """
      - STRUCTURED
      """
    When the graph runs with:
      """
      messages: [{type: human, content: "Where is my parcel?", id: m-1}]
      """
    Then field "topic" should equal "shipping"

  Scenario: a bound tool's call
    Given the graph from "graphs/models.mjs:bound"
    And the model replies:
      """
      - {content: "", tool_calls: [{name: lookup_order, args: {order: A-17}, id: call-1}]}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then field "messages[1].tool_calls[0].id" should equal "call-1"

  Scenario: a call of a tool the model is not bound to
    Given the graph from "graphs/models.mjs:bound"
    And the model replies:
      """
      - {content: "", tool_calls: [{name: cancel_order, args: {order: A-17}, id: call-1}]}
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then the step should fail with "MODEL_SCRIPT_INVALID" mentioning "superstep 1, node \"agent\", call 1: the reply calls the tool \"cancel_order\", which the model was not bound to (its tools: lookup_order)"

  Scenario: stream
    Given the graph from "graphs/models.mjs:streamed"
    And the model replies:
      """
      - streamed
      """
    When the graph runs with:
      """
      messages: [{type: human, content: hi, id: m-1}]
      """
    Then field "answers" should equal ["streamed"]
`

func modelsSuite(t *testing.T, imports, model, structured string) string {
	graph := strings.NewReplacer("MODEL_IMPORT", imports, "MODEL", model).Replace(modelsGraph)
	return writeSuite(t, map[string]string{
		"graphs/models.mjs":       graph,
		"features/models.feature": strings.ReplaceAll(modelsFeature, "STRUCTURED", structured),
	})
}

// TestWholeGraphModelCalls: a scripted model answers a graph's batch (one
// reply per prompt), stream, bound tools (a reply calling a tool the call
// is not bound to is MODEL_SCRIPT_INVALID, the bound tools as bindTools
// passes them: tool objects, or OpenAI's {type: function} form) and
// withStructuredOutput, whose reply is written as the model would answer:
// ChatOpenAI (from @langchain/openai, with a dummy key and no network)
// reads JSON content; BaseChatModel's own reads a tool call named after
// the schema, from an AIMessageChunk only, which the library's own run of
// a model that does not stream does not give: the scripted run fails as
// that run does.
func TestWholeGraphModelCalls(t *testing.T) {
	t.Run("BaseChatModel", func(t *testing.T) {
		dir := modelsSuite(t, fakeModel, "new Never({})", `{content: "", tool_calls: [{name: topic, args: {topic: shipping}, id: c-1}]}`)
		status, report := runSuite(t, dir)
		// the structured-output scenario fails as the library's own run
		// with the same model fails
		if status != 1 || !strings.Contains(report, "5 scenarios (4 passed, 1 failed)") || !strings.Contains(report, `node "classify" threw Error: Input is not an AIMessageChunk.`) {
			t.Fatalf("status %d; want 1, the structured-output scenario failing as the library does:\n%s", status, report)
		}
		env := toolchain.Node(t)
		direct := filepath.Join(dir, "direct.mjs")
		if err := os.WriteFile(direct, []byte(`import { z } from "zod";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";
class Fake extends BaseChatModel {
  _llmType() { return "fake"; }
  bindTools(tools) { return this.withConfig({ tools }); }
  async _generate() { const message = new AIMessage({ content: "", tool_calls: [{ name: "topic", args: { topic: "shipping" }, id: "c-1" }] }); return { generations: [{ text: "", message }] }; }
}
try { console.log(JSON.stringify(await new Fake({}).withStructuredOutput(z.object({ topic: z.string() }), { name: "topic" }).invoke("hi"))); } catch (e) { console.log(e.message); }
`), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(env.Node, direct).CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != "Input is not an AIMessageChunk." {
			t.Errorf("the library's own run of BaseChatModel.withStructuredOutput with a model that does not stream: %s %v; the scripted run failed with Input is not an AIMessageChunk.", out, err)
		}
	})
	t.Run("ChatOpenAI", func(t *testing.T) {
		env := toolchain.Node(t)
		if _, err := os.Stat(filepath.Join(env.NodePath(), "@langchain", "openai", "package.json")); err != nil {
			t.Skip("@langchain/openai is not installed")
		}
		// the base URL goes nowhere: a call that reached the network would fail
		model := `new ChatOpenAI({ apiKey: "sk-dummy", model: "gpt-4o-mini", configuration: { baseURL: "http://127.0.0.1:9/v1" }, maxRetries: 0 })`
		dir := modelsSuite(t, `import { ChatOpenAI } from "@langchain/openai";`, model, `'{"topic": "shipping"}'`)
		status, report := runSuite(t, dir)
		if status != 0 || !strings.Contains(report, "5 scenarios (5 passed)") {
			t.Fatalf("status %d; want 0, every scenario passed:\n%s", status, report)
		}
	})
}
