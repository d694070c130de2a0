import { z } from "zod";

// topic has no default: validate({}) refuses it.
export default z.object({ topic: z.string(), notes: z.array(z.string()).default([]) });
