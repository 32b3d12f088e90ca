import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ja } from './ja.ts';

/*
 * Strings load with the module that shows them (issue 23 §3): a screen may be the first page opened,
 * so a file that words a text of a part's namespace imports that part itself, whoever imports the
 * file. Types cannot see this (every part's keys are typed everywhere), so this reads the sources.
 */

const SOURCE_ROOT = join(import.meta.dirname, '..', '..');
const PARTS_DIR = join(import.meta.dirname, 'parts');
/** The shell's namespaces, loaded before any screen (a part may add to one, such as each screen's tutorial). */
const SHELL_NAMESPACES = new Set(Object.keys(ja));

/** The top-level namespaces a part's Japanese texts declare (`const ja = { ns: … }`). */
function namespacesOf(source: string): string[] {
  const body = /^const ja = \{\n([\s\S]*?)^\};/m.exec(source)?.[1] ?? '';
  return Array.from(body.matchAll(/^ {2}([A-Za-z]+): /gm), (match) => match[1]!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(SOURCE_ROOT, 'app', 'i18n') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Comments name keys in prose; only code counts. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** The parts a file imports, by file name (`friends.ts`). */
function importedParts(source: string): Set<string> {
  return new Set(Array.from(source.matchAll(/['"][./]*(?:app\/i18n\/)?parts\/([\w-]+\.ts)['"]/g), (m) => m[1]!));
}

/**
 * The texts a file words: each string or template literal that starts like a key (`friends.name`,
 * `templates.types.${type}`), up to where its fixed part ends. Literals that only look like keys
 * (`friends.csv`) are told apart later by the texts themselves.
 */
function keysUsedIn(source: string): string[] {
  const code = withoutComments(source);
  return Array.from(code.matchAll(/['"`]([A-Za-z]+(?:\.[A-Za-z0-9_]+)+)(?=['"`]|\.\$\{)/g), (m) => m[1]!);
}

const partFiles = readdirSync(PARTS_DIR).filter((name) => name.endsWith('.ts'));
/** Which part declares each namespace outside the shell's. */
const partOf = new Map<string, string>();
for (const file of partFiles) {
  for (const namespace of namespacesOf(readFileSync(join(PARTS_DIR, file), 'utf8'))) {
    if (!SHELL_NAMESPACES.has(namespace)) partOf.set(namespace, file);
  }
}

beforeAll(async () => {
  for (const file of partFiles) await import(`./parts/${file}`);
});

describe('i18n parts', () => {
  it('reads the parts and a file’s keys', () => {
    expect(partOf.get('templates')).toBe('templates.ts');
    expect(partOf.get('friendPlans')).toBe('friend-plans.ts');
    expect(keysUsedIn("t(`templates.types.${type}`); t('friends.name'); // t('plans.x')")).toEqual([
      'templates.types',
      'friends.name',
    ]);
  });

  it('every file that words a part’s text imports that part', () => {
    const missing: string[] = [];
    for (const path of sourceFiles(SOURCE_ROOT)) {
      const source = readFileSync(path, 'utf8');
      const imported = importedParts(source);
      for (const key of keysUsedIn(source)) {
        const part = partOf.get(key.split('.')[0]!);
        // Not a part's key, or a literal that only looks like one (a file name).
        if (!part || !i18n.exists(key, { lng: 'ja' })) continue;
        if (!imported.has(part)) missing.push(`${relative(SOURCE_ROOT, path)}: ${key} needs parts/${part}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
