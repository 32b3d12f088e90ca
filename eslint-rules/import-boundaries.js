/**
 * Import boundaries between the repository's parts, checked on the resolved path of every
 * relative import (and on workspace package names):
 * - `apps/*` never import each other, and `packages/*` never import `apps/*`;
 * - a web area (`apps/web/src/areas/<area>`) does not import another area's files, and the
 *   shell (`app/`) and shared `components/` import no area: shared pieces live in those two;
 * - the API's `platform/` imports no feature module (`modules/`): modules plug into the platform
 *   through their manifests and its registries, never the other way round.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const APP_PACKAGES = { '@linq/api': 'api', '@linq/web': 'web' };

/** Where a repository file sits: its app or package, and for the web its area or shell part. */
function placeOf(file) {
  const parts = path.relative(ROOT, file).split(path.sep);
  const place = { kind: parts[0], name: parts[1] };
  if (parts[0] === 'apps' && parts[1] === 'web' && parts[2] === 'src') {
    if (parts[3] === 'areas' && parts.length > 5) place.area = parts[4];
    else if (parts[3] === 'app' || parts[3] === 'components') place.shared = parts[3];
  }
  if (parts[0] === 'apps' && parts[1] === 'api' && parts[2] === 'src') {
    if (parts[3] === 'platform') place.apiPart = 'platform';
    else if (parts[3] === 'modules') place.apiPart = 'modules';
  }
  return place;
}

function crossing(from, to) {
  if (from.kind === 'apps' && to.kind === 'apps' && from.name !== to.name) {
    return `apps/${from.name} must not import apps/${to.name}: share code through packages/`;
  }
  if (from.kind === 'packages' && to.kind === 'apps') {
    return `packages/${from.name} must not import apps/${to.name}`;
  }
  if (from.area && to.area && from.area !== to.area) {
    return `the web area "${from.area}" must not import the area "${to.area}": move the shared piece to components/ or app/`;
  }
  if (from.apiPart === 'platform' && to.apiPart === 'modules') {
    return 'platform/ must not import a feature module: the module plugs in through its manifest and the registries';
  }
  if (from.shared && to.area) {
    return `${from.shared}/ is shared by every area and must not import the area "${to.area}"`;
  }
  return null;
}

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps apps, packages and web areas from importing across their boundaries.' },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename);
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      let target = null;
      if (source.startsWith('.')) target = placeOf(path.resolve(path.dirname(context.filename), source));
      else {
        const app = Object.entries(APP_PACKAGES).find(([name]) => source === name || source.startsWith(`${name}/`));
        if (app) target = { kind: 'apps', name: app[1] };
      }
      const problem = target && crossing(from, target);
      if (problem) context.report({ node: node.source, message: problem });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
