import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module owns its tables; platform/schema.ts lists the same files for the typed instance.
  schema: './src/modules/*/schema.ts',
  out: './drizzle',
});
