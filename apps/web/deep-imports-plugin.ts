import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseAst, type Plugin } from 'vite';

/** Where a name of a barrel's index comes from: the module that declares it, and its name there. */
interface Origin {
  file: string;
  imported: string;
}

/**
 * Packages whose index only re-exports other modules, and how to read it: antd's and the icons' name
 * one default export per line; our contract's `export * from` each module, whose own exports are read.
 */
const BARRELS: Record<string, () => Map<string, Origin>> = {
  antd: () => defaultReExports(packageFile('antd', 'es/index.js')),
  '@ant-design/icons': () => defaultReExports(packageFile('@ant-design/icons', 'es/icons/index.js')),
  '@linq/contract': () => starReExports(requireHere.resolve('@linq/contract')),
};
const DEFAULT_RE_EXPORT = /^export \{ default as (\w+) \} from ["'](\.\/[\w-]+)["'];$/gm;
const STAR_RE_EXPORT = /^export \* from ["'](\.\/[\w./-]+)["'];$/gm;

const requireHere = createRequire(import.meta.url);
const packageFile = (name: string, file: string) =>
  path.join(path.dirname(requireHere.resolve(`${name}/package.json`)), file);

function defaultReExports(indexFile: string): Map<string, Origin> {
  const names = new Map<string, Origin>();
  for (const [, exported, relative] of fs.readFileSync(indexFile, 'utf8').matchAll(DEFAULT_RE_EXPORT)) {
    const target = path.resolve(path.dirname(indexFile), relative!);
    const file = fs.existsSync(`${target}.js`) ? `${target}.js` : path.join(target, 'index.js');
    names.set(exported!, { file, imported: 'default' });
  }
  return names;
}

interface ExportNode {
  type: string;
  exportKind?: string;
  declaration?: { type: string; id?: { name: string }; declarations?: { id: { type: string; name?: string } }[] };
}

/** The values (not types) each module of an `export * from` index declares as exports. */
function starReExports(indexFile: string): Map<string, Origin> {
  const names = new Map<string, Origin>();
  for (const [, relative] of fs.readFileSync(indexFile, 'utf8').matchAll(STAR_RE_EXPORT)) {
    const file = path.resolve(path.dirname(indexFile), relative!);
    const program = parseAst(fs.readFileSync(file, 'utf8'), { lang: 'ts' }) as unknown as { body: ExportNode[] };
    for (const node of program.body) {
      if (node.type !== 'ExportNamedDeclaration' || node.exportKind === 'type' || !node.declaration) continue;
      const { declaration } = node;
      const declared = declaration.declarations
        ? declaration.declarations.map((d) => d.id.name)
        : [declaration.type.startsWith('TS') ? undefined : declaration.id?.name];
      for (const name of declared) if (name) names.set(name, { file, imported: name });
    }
  }
  return names;
}

interface ImportNode {
  type: string;
  start: number;
  end: number;
  importKind?: string;
  source: { value: string };
  specifiers: { type: string; imported?: { name: string }; local: { name: string } }[];
}

/**
 * Rewrites `import { Button } from 'antd'` in our sources into an import of the module that declares the
 * name. The code bundled is the same (the index has no side effects and is tree-shaken away), but in the
 * module graph, which the chunk groups read (chunk-groups-plugin.ts), a screen using one component or
 * one endpoint no longer reaches all of them through the index (the start-up set would otherwise hold
 * every endpoint's schemas).
 */
export function deepImports(): Plugin {
  const targets = new Map(Object.entries(BARRELS).map(([name, read]) => [name, read()]));
  return {
    name: 'linq:deep-imports',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[cm]?[jt]sx?$/.test(id.split('?')[0]!)) return null;
      if (![...targets.keys()].some((name) => code.includes(name))) return null;
      const program = parseAst(code) as unknown as { body: ImportNode[] };
      let out = code;
      const declarations = program.body.filter(
        (node) => node.type === 'ImportDeclaration' && node.importKind !== 'type' && targets.has(node.source.value),
      );
      // From the last to the first, so earlier offsets stay valid.
      for (const node of declarations.reverse()) {
        const names = targets.get(node.source.value)!;
        const direct: string[] = [];
        const rest: string[] = [];
        for (const specifier of node.specifiers) {
          const origin = specifier.type === 'ImportSpecifier' ? names.get(specifier.imported!.name) : undefined;
          if (origin) direct.push(importOf(origin, specifier.local.name));
          else
            rest.push(
              specifier.type === 'ImportSpecifier' ? `${specifier.imported!.name} as ${specifier.local.name}` : '',
            );
        }
        // A default or namespace import of the index keeps the whole declaration as it is.
        if (direct.length === 0 || rest.includes('')) continue;
        const kept =
          rest.length > 0 ? [`import { ${rest.join(', ')} } from ${JSON.stringify(node.source.value)};`] : [];
        out = `${out.slice(0, node.start)}${[...direct, ...kept].join(' ')}${out.slice(node.end)}`;
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}

const importOf = ({ file, imported }: Origin, local: string) =>
  imported === 'default'
    ? `import ${local} from ${JSON.stringify(file)};`
    : `import { ${imported} as ${local} } from ${JSON.stringify(file)};`;
