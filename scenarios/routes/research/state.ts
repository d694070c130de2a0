// The state of a Dawn research route: each field's default is what Dawn
// reads from validate({}); sources has a reducer of its own in reducers/.
import { z } from "zod";

const source = z.object({ id: z.string(), title: z.string() });

export default z.object({
  topic: z.string().default(""),
  sources: z.array(source).default([]),
  notes: z.array(z.string()).default([]),
});
