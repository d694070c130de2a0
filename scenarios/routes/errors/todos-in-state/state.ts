import { z } from "zod";

// todos is the planning capability's field, which plan.md turns on.
export default z.object({ todos: z.array(z.string()).default([]) });
