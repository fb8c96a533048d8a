import { z } from 'zod';

export const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });

/** Refusal that would leave the studio without a platform admin. */
export const LAST_PLATFORM_ADMIN_MESSAGE =
  'The studio needs at least one "Super Admin". Make someone else "Super Admin" first.';
