import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importBoundaries } from './import-boundaries.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { linq: { rules: { 'import-boundaries': importBoundaries } } },
    rules: { 'linq/import-boundaries': 'error' },
  },
];

/** The boundary messages for one import written in a file at `file` (relative to the repository). */
function problems(file, source) {
  return linter
    .verify(`import { x } from '${source}';\nexport { x };\n`, config, { filename: path.join(ROOT, file) })
    .map((message) => message.message);
}

describe('import boundaries', () => {
  it('keeps web areas apart and the shell free of areas', () => {
    expect(problems('apps/web/src/areas/admin/teppan/Page.tsx', '../../service/templates/List.tsx')).toEqual([
      'the web area "admin" must not import the area "service": move the shared piece to components/ or app/',
    ]);
    expect(
      problems('apps/web/src/app/layout/AreaLayout.tsx', '../../areas/service/phone-panel/Tools.tsx'),
    ).toHaveLength(1);
    expect(problems('apps/web/src/components/templates/List.tsx', '../../areas/service/labels/Modal.tsx')).toHaveLength(
      1,
    );
  });

  it('allows an area its own files and the shared parts', () => {
    expect(problems('apps/web/src/areas/service/talks/Composer.tsx', '../templates/Page.tsx')).toEqual([]);
    expect(problems('apps/web/src/areas/admin/teppan/Page.tsx', '../../../components/templates/List.tsx')).toEqual([]);
    expect(problems('apps/web/src/routes.tsx', './areas/service/talks/TalksPage.tsx')).toEqual([]);
  });

  it('keeps apps from importing each other and packages from importing apps', () => {
    expect(problems('apps/web/src/app/x.ts', '../../../api/src/config.ts')).toHaveLength(1);
    expect(problems('apps/web/src/app/x.ts', '@linq/api')).toHaveLength(1);
    expect(problems('packages/contract/src/x.ts', '../../../apps/api/src/config.ts')).toHaveLength(1);
    expect(problems('apps/api/src/x.ts', '@linq/contract')).toEqual([]);
  });

  it('keeps the API platform free of feature modules', () => {
    expect(problems('apps/api/src/platform/http.ts', '../modules/sessions/authenticate.ts')).toEqual([
      'platform/ must not import a feature module: the module plugs in through its manifest and the registries',
    ]);
    expect(problems('apps/api/src/platform/queue.test.ts', '../modules/mail/schema.ts')).toHaveLength(1);
    expect(problems('apps/api/src/modules/mail/service.ts', '../../platform/context.ts')).toEqual([]);
    expect(problems('apps/api/src/runtime.ts', './modules/index.ts')).toEqual([]);
  });
});
