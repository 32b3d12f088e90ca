import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importBoundaries } from './eslint-rules/import-boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/drizzle/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  /*
   * Tenant scope by construction: SQL lives in repositories, which take the scope of their data
   * first. So the Drizzle schema and drizzle-orm may be imported only by repository files
   * (repository.ts, *-repository.ts, repository/*.ts), by the schema files themselves (a module's
   * schema.ts, the platform's *-schema.ts) and by the database plumbing (platform/db*.ts, platform/sql.ts).
   */
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'SQL belongs in a repository (repository.ts, *-repository.ts): it takes its scope first.',
            },
            {
              group: ['**/schema.ts', './schema.ts'],
              message: 'The schema is for repositories (repository.ts, *-repository.ts): they take their scope first.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/api/src/**/repository.ts',
      'apps/api/src/**/*-repository.ts',
      'apps/api/src/**/repository/*.ts',
      'apps/api/src/**/schema.ts',
      'apps/api/src/platform/*-schema.ts',
      'apps/api/src/platform/db*.ts',
      'apps/api/src/platform/sql.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The demo seed writes fixed demo rows into every module's tables in one transaction; it is
    // data, not a feature, and runs only on an empty database.
    files: [
      'apps/api/src/seed/demo.ts',
      'apps/api/src/seed/demo-plans.ts',
      'apps/api/src/seed/demo-plan-history.ts',
      'apps/api/src/seed/demo-inflows.ts',
      'apps/api/src/seed/demo-dashboard.ts',
      'apps/api/src/seed/demo-conversions.ts',
      'apps/api/src/seed/demo-forms.ts',
      'apps/api/src/seed/demo-oem-pages.ts',
      'apps/api/src/seed/demo-tenants.ts',
      'apps/api/src/seed/demo-billing.ts',
      'apps/api/src/seed/demo-agency.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests go through the API where they can. Some must read or arrange rows the API does not
    // show or cannot make (delivery states, another tenant's rows, timestamps): they may use the schema.
    files: [
      'apps/api/src/**/*.test.ts',
      'apps/api/src/test/**/*.ts',
      'apps/api/src/**/test-support.ts',
      'apps/api/src/**/*.suite.ts',
      'apps/api/src/**/isolation.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { linq: { rules: { 'import-boundaries': importBoundaries } } },
    rules: { 'linq/import-boundaries': 'error' },
  },
  {
    // The channel belongs to the tab: links and navigations keep its laid (app/navigation.tsx).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/app/navigation.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink', 'Navigate', 'useNavigate'],
              message: "Import it from app/navigation.tsx, which keeps the tab's channel (laid) in service addresses.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
