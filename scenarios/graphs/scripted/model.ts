// A TypeScript team's scripted model, at module level: the replies come in
// order, one per call. Each scenario must start it afresh.
const replies: string[] = ["Your refund is on its way.", "Is there anything else?"];

export function nextReply(): string {
  const reply = replies.shift();
  if (reply === undefined) throw new Error("the scripted model has no reply left");
  return reply;
}
