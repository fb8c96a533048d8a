import { z } from 'zod';

export const teamMemberParams = z.object({ id: z.uuid(), userId: z.uuid() });
