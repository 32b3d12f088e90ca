import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseAst, type Plugin } from 'vite';

/** Packages whose index only re-exports one module per name, and where that index lives. */
const BARRELS: Record<string, string> = {
  antd: 'es/index.js',
  '@ant-design/icons': 'es/icons/index.js',
};
const RE_EXPORT = /^export \{ default as (\w+) \} from ["'](\.\/[\w-]+)["'];$/gm;

interface ImportNode {
  type: string;
  start: number;
  end: number;
  importKind?: string;
  source: { value: string };
  specifiers: { type: string; imported?: { name: string }; local: { name: string } }[];
}

/**
 * Rewrites `import { Button } from 'antd'` in our sources into an import of the component's own module.
 * The code bundled is the same (the index has no side effects and is tree-shaken away), but in the module
 * graph, which the chunk groups read (chunk-groups-plugin.ts), a page using one component no longer
 * reaches all of them through the index.
 */
export function deepImports(): Plugin {
  const require = createRequire(import.meta.url);
  const targets = new Map<string, Map<string, string>>();
  for (const [name, index] of Object.entries(BARRELS)) {
    const indexFile = path.join(path.dirname(require.resolve(`${name}/package.json`)), index);
    const names = new Map<string, string>();
    for (const [, exported, relative] of fs.readFileSync(indexFile, 'utf8').matchAll(RE_EXPORT)) {
      const target = path.resolve(path.dirname(indexFile), relative!);
      names.set(exported!, fs.existsSync(`${target}.js`) ? `${target}.js` : path.join(target, 'index.js'));
    }
    targets.set(name, names);
  }
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
          const target = specifier.type === 'ImportSpecifier' ? names.get(specifier.imported!.name) : undefined;
          if (target) direct.push(`import ${specifier.local.name} from ${JSON.stringify(target)};`);
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
