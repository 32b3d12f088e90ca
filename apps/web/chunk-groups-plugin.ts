import path from 'node:path';
import type { Plugin } from 'vite';

const nodeModules = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
const FRAMEWORK = nodeModules('react|react-dom|scheduler|react-router|cookie|set-cookie-parser');
/** antd with the packages its components are made of. */
const UI = nodeModules(
  'antd|@rc-component|rc-[a-z-]+|@ant-design|@babel|stylis|@emotion|[a-z-]*scroll-into-view[a-z-]*|throttle-debounce|json2mq|copy-to-clipboard|toggle-selection|react-is|dayjs|clsx|classnames',
);
/** Our shared code and the libraries it is built on. */
const APP =
  /(apps[\\/]web[\\/]src[\\/](app|components)|packages[\\/]contract|node_modules[\\/](zod|i18next|react-i18next|@tanstack|zustand))[\\/]/;
/** What every screen runs before its first paint: the entry and the root layout. */
const SHELL_SOURCES = ['src/main.tsx', 'src/app/layout/RootLayout.tsx'];
/**
 * Screens opened directly far more often than they are reached from another one: the sign-in screens
 * (login, logged-out, password), the first of most visits; the public pages (forms, inflow landing pages,
 * rich menu and link pages) that friends open on their phones from LINE.
 */
const AUTH_SOURCES = ['src/app/layout/AuthLayout.tsx', 'src/components/auth/'];
const PUBLIC_SOURCES = ['src/app/layout/PublicLayout.tsx', 'src/areas/public/'];
/** The signed-in areas' layout (menu, header, channel picker): every console page needs all of it. */
const AREA_SOURCES = ['src/app/layout/AreaLayout.tsx'];
/** A module that this many lazily loaded chunks (pages, layouts) use goes into the common chunks. */
const COMMON_SHARE_COUNT = 10;

/**
 * Groups modules into few chunks, so that a console address opened directly needs about ten script
 * requests instead of a hundred (on a phone's connection each wave of six costs a round trip):
 * - framework: React and the router;
 * - shell-ui, shell: what the entry and the root layout import statically (the start-up set);
 * - charts, flow: echarts and the flow editor, each apart, loaded only by the pages that draw them;
 * - auth-ui: the antd parts and our shared code the sign-in screens use (a form, inputs, buttons);
 * - public-common: of those many pages share (the common chunks below), the ones the public pages use;
 *   so that a login or public page opened directly does not wait for the console's tables and menus;
 * - area: what the signed-in areas' layout needs besides those (its menu's icons, the header's parts):
 *   one request instead of a dozen small ones on every console page's first load;
 * - ui-common, app-common: the other antd parts and our shared code used by many pages.
 * Everything else (a page, what only a few pages share) stays in Rolldown's own chunks, one per page.
 * A module that is itself loaded lazily keeps its own chunk, so each route still loads its page alone.
 */
export function chunkGroups(): Plugin {
  let root = '';
  const lazyModules = new Set<string>();
  const shellModules = new Set<string>();
  const authModules = new Set<string>();
  const publicModules = new Set<string>();
  const areaModules = new Set<string>();
  const inShell = (id: string) => shellModules.has(id) && !lazyModules.has(id) && !FRAMEWORK.test(id);
  const common = (pattern: RegExp) => (id: string) => pattern.test(id) && !lazyModules.has(id) && !shellModules.has(id);
  /** Our shared code or antd's, neither the shell's nor lazily loaded. */
  const shared = (id: string) => common(UI)(id) || common(APP)(id);
  return {
    name: 'linq:chunk-groups',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 50 },
                { name: 'shell-ui', test: (id: string) => inShell(id) && UI.test(id), priority: 41 },
                { name: 'shell', test: inShell, priority: 40 },
                { name: 'auth-ui', test: (id: string) => authModules.has(id) && shared(id), priority: 32 },
                {
                  name: 'public-common',
                  test: (id: string) => publicModules.has(id) && shared(id),
                  priority: 30,
                  minShareCount: COMMON_SHARE_COUNT,
                },
                {
                  name: 'area',
                  test: (id: string) => areaModules.has(id) && !publicModules.has(id) && shared(id),
                  priority: 25,
                },
                { name: 'charts', test: nodeModules('echarts|zrender|tslib'), priority: 20 },
                { name: 'flow', test: nodeModules('@xyflow|d3-[a-z]+|classcat'), priority: 20 },
                { name: 'ui-common', test: common(UI), priority: 10, minShareCount: COMMON_SHARE_COUNT },
                { name: 'app-common', test: common(APP), priority: 5, minShareCount: COMMON_SHARE_COUNT },
              ],
            },
          },
        },
      },
    }),
    // The groups' tests run at chunking, after the module graph is complete.
    buildEnd() {
      lazyModules.clear();
      shellModules.clear();
      for (const modules of [authModules, publicModules, areaModules]) modules.clear();
      const ids = [...this.getModuleIds()];
      for (const id of ids) {
        if ((this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) lazyModules.add(id);
      }
      /** Adds to `into` what the modules whose path starts with one of `sources` import statically, transitively. */
      const reach = (into: Set<string>, sources: string[]) => {
        const visit = (id: string) => {
          if (into.has(id)) return;
          into.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        const prefixes = sources.map((source) => path.join(root, source));
        for (const id of ids) if (prefixes.some((prefix) => id.startsWith(prefix))) visit(id);
      };
      reach(shellModules, SHELL_SOURCES);
      reach(authModules, AUTH_SOURCES);
      reach(publicModules, PUBLIC_SOURCES);
      reach(areaModules, AREA_SOURCES);
      // The entry module itself stays the entry chunk.
      shellModules.delete(path.join(root, 'src/main.tsx'));
    },
  };
}
