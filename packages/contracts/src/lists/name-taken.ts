import { z } from 'zod';

/**
 * Query of `GET /v1/conversa/{type}/nameTaken` (spec §7). `organizationIds` are namespace ids,
 * comma-separated; without them the name is checked across every namespace the caller can see.
 * `excludeId` leaves out the item being renamed.
 */
export const nameTakenQuerySchema = z.object({
  name: z.string().trim().min(1, 'Enter a name to check.').max(500),
  organizationIds: z
    .string()
    .optional()
    .transform((text, context): string[] | undefined => {
      const ids = (text ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (ids.length === 0) {
        return undefined;
      }
      const invalid = ids.find((id) => !z.uuid().safeParse(id).success);
      if (invalid !== undefined) {
        context.addIssue({
          code: 'custom',
          message: `"${invalid}" is not an organization id.`,
        });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
  excludeId: z.uuid().optional(),
});
export type NameTakenQuery = z.infer<typeof nameTakenQuerySchema>;

/** Answer of a nameTaken check (spec §7 "unique (boolean)"): true when the name is free. */
export const nameTakenResponseSchema = z.object({ unique: z.boolean() });
export type NameTakenResponse = z.infer<typeof nameTakenResponseSchema>;
