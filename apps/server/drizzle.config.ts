import { defineConfig } from 'drizzle-kit';

// Every table lives in the tables file of the module that owns it (ARCHITECTURE.md, "Tables").
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/*.tables.ts', './src/modules/*/*.tables.ts'],
  out: './drizzle',
});
