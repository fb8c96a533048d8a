import { z } from 'zod';

// The studio's Content-Security-Policy allows no eval. Zod compiles object parsers with
// `new Function` unless told not to, and merely probing for it is reported as a CSP violation, so
// it is switched off here, before any schema exists (main.tsx imports this module first).
z.config({ jitless: true });
