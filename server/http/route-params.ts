import { z } from 'zod';

/** A call about one record: its id in the path. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'validation:invalidType')
    .transform(Number),
});
