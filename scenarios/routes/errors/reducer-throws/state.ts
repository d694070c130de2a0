import { z } from "zod";

export default z.object({ notes: z.array(z.string()).default([]) });
