import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module owns its tables; the platform's own (the outbox) are in its *-schema.ts files.
  schema: ['./src/modules/*/schema.ts', './src/platform/*-schema.ts'],
  out: './drizzle',
});
