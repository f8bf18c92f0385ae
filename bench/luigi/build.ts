/**
 * A SAP Luigi shell holding the portal's whole route catalogue, for the side-by-side benchmark
 * (issue 8). Navigation comes from `routes:json` (groups become collapsible categories, frame routes
 * point at the same sample apps as the portal: app base address + iFrameSrc.path), labels from the
 * English route titles. The output is a static folder: index.html, Luigi core's luigi.js, luigi.css
 * and fonts (baseTheme/), and luigi-config.js.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The fields of a `routes:json` entry this shell uses. */
export interface CatalogueRoute {
  path: string;
  title: string;
  iFrameSrc?: { app: string; path: string };
  redirectOutside?: { app: string; path: string };
  children?: string[];
  hideInMenu?: boolean;
  /** Full-screen handheld pages: the portal shows them without its menu. */
  isUseMobileView?: boolean;
}

export type Titles = Record<string, Record<string, string>>;

export interface LuigiNode {
  pathSegment: string;
  label: string;
  viewUrl?: string;
  viewGroup?: string;
  category?: { id: string; label: string; collapsible: true } | string;
  hideFromNav?: true;
  externalLink?: { url: string; sameWindow: false };
  loadingIndicator?: { enabled: false };
  children?: LuigiNode[];
}

export interface LuigiNavigation {
  /** The landing node: the portal's "/" (the ERP's to-do list), parent of every other route. */
  root: LuigiNode;
  viewGroupSettings: Record<string, { preloadUrl: string; noClientCheck: true }>;
  /** Luigi path of each catalogue path, for the benchmark's clicks. */
  paths: Record<string, string>;
}

export const LUIGI_ROOT_SEGMENT = 'home';

export function routeTitle(key: string, titles: Titles): string {
  const [module = '', name = ''] = key.split('.');
  return titles[module]?.[name] ?? key;
}

/** `/orders/seller` → `orders.seller`: Luigi's path segments hold no slash, and `~` would start node parameters. */
export const segmentOf = (path: string) => path.replace(/^\//, '').replaceAll('/', '.');

/**
 * Luigi navigation for the catalogue. Every frame route is a child of the landing node, in its group's
 * category, with its own view group so that Luigi keeps its iframe when the user moves on (Luigi's
 * keep-alive needs a preloadUrl per view group; the sample apps have no Luigi Client, hence
 * noClientCheck and no loading indicator). Routes with path parameters are left out: they are detail
 * pages the apps open themselves, never menu items.
 */
export function luigiNavigation(routes: CatalogueRoute[], titles: Titles, apps: Record<string, string>): LuigiNavigation {
  const groupOf = new Map<string, CatalogueRoute>();
  for (const group of routes.filter((route) => route.children && !route.iFrameSrc)) {
    for (const child of group.children ?? []) groupOf.set(child, group);
  }
  const appUrl = (target: { app: string; path: string }) => {
    const base = apps[target.app];
    if (!base) throw new Error(`no address for app ${target.app} in the stack config`);
    return new URL(target.path, base).href;
  };
  const viewGroupSettings: LuigiNavigation['viewGroupSettings'] = {};
  const paths: Record<string, string> = {};
  const children: LuigiNode[] = [];
  const declaredCategories = new Set<string>();
  const seen = new Set<string>();
  const home = routes.find((route) => route.path === '/');
  if (!home?.iFrameSrc) throw new Error('the catalogue has no frame route for "/"');

  for (const route of routes) {
    // A path listed twice is one page in two flag-gated variants; Luigi has no flags, so the first stays.
    if (route.path === '/' || route.path.includes(':') || seen.has(route.path)) continue;
    const target = route.iFrameSrc ?? route.redirectOutside;
    if (!target) continue;
    seen.add(route.path);
    const group = groupOf.get(route.path);
    const node: LuigiNode = { pathSegment: segmentOf(route.path), label: routeTitle(route.title, titles) };
    if (group) {
      // Luigi declares a category on its first node; the others name it by id.
      node.category = declaredCategories.has(group.path) ? group.path : { id: group.path, label: routeTitle(group.title, titles), collapsible: true };
      declaredCategories.add(group.path);
    }
    if (route.hideInMenu) node.hideFromNav = true;
    if (route.iFrameSrc) {
      node.viewUrl = appUrl(route.iFrameSrc);
      node.viewGroup = node.pathSegment;
      node.loadingIndicator = { enabled: false };
      viewGroupSettings[node.pathSegment] = { preloadUrl: node.viewUrl, noClientCheck: true };
      paths[route.path] = `/${LUIGI_ROOT_SEGMENT}/${node.pathSegment}`;
    } else {
      node.externalLink = { url: appUrl(target), sameWindow: false };
    }
    children.push(node);
  }
  const root: LuigiNode = {
    pathSegment: LUIGI_ROOT_SEGMENT,
    label: routeTitle(home.title, titles),
    viewUrl: appUrl(home.iFrameSrc),
    viewGroup: LUIGI_ROOT_SEGMENT,
    loadingIndicator: { enabled: false },
    children,
  };
  viewGroupSettings[LUIGI_ROOT_SEGMENT] = { preloadUrl: appUrl(home.iFrameSrc), noClientCheck: true };
  paths['/'] = `/${LUIGI_ROOT_SEGMENT}`;
  return { root, viewGroupSettings, paths };
}

/** One search result of Luigi's global search (its documented SearchResultItem shape). */
interface SearchResultItem {
  pathObject: { link: string };
  label: string;
  description: string;
}

interface LuigiGlobal {
  setConfig(config: unknown): void;
  globalSearch(): { getSearchString(): string; showSearchResult(items: SearchResultItem[]): void; closeSearchResult(): void };
  navigation(): { navigate(path: string): void };
}

/**
 * Runs in the browser: `luigi-config.js` is this function's source applied to the navigation data,
 * so it must stay self-contained. The search folds Vietnamese accents like the portal's menu search.
 */
function configureLuigi(navigation: LuigiNavigation, appName: string): void {
  const luigi = (window as unknown as { Luigi: LuigiGlobal }).Luigi;
  const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();
  const index = (navigation.root.children ?? [])
    .filter((node) => node.viewUrl && !node.hideFromNav)
    .map((node) => ({ folded: fold(node.label), item: { pathObject: { link: `/${navigation.root.pathSegment}/${node.pathSegment}` }, label: node.label, description: '' } }));
  luigi.setConfig({
    navigation: {
      nodes: [navigation.root],
      viewGroupSettings: navigation.viewGroupSettings,
      // Preloading every view group would load hundreds of apps in the background.
      preloadViewGroups: false,
      addNavHrefs: true,
    },
    routing: { useHashRouting: false },
    settings: {
      header: { title: appName },
      responsiveNavigation: 'semiCollapsible',
      expandCategoryByNavigation: true,
    },
    globalSearch: {
      searchProvider: {
        onInput: () => {
          const query = fold(luigi.globalSearch().getSearchString().trim());
          if (!query) return luigi.globalSearch().closeSearchResult();
          luigi.globalSearch().showSearchResult(index.filter((entry) => entry.folded.includes(query)).map((entry) => entry.item));
        },
        onSearchResultItemSelected: (item: SearchResultItem) => luigi.navigation().navigate(item.pathObject.link),
      },
    },
  });
}

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Staff Portal on SAP Luigi (benchmark)</title>
    <link rel="stylesheet" href="/luigi.css" />
  </head>
  <body>
    <script src="/luigi.js"></script>
    <script src="/luigi-config.js"></script>
  </body>
</html>
`;

/** The catalogue as `npm run routes:json` prints it. */
export function readCatalogue(): CatalogueRoute[] {
  return JSON.parse(execFileSync('npx', ['tsx', 'scripts/routes-json.ts'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as CatalogueRoute[];
}

/** Writes the Luigi shell into `outDir` (replaced) and returns its navigation. */
export function buildLuigiShell(outDir: string, apps: Record<string, string>): LuigiNavigation {
  const titles = JSON.parse(readFileSync('src/i18n/locales/en/routes.json', 'utf8')) as Titles;
  const navigation = luigiNavigation(readCatalogue(), titles, apps);
  const core = dirname(createRequire(import.meta.url).resolve('@luigi-project/core/package.json'));
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  copyFileSync(join(core, 'luigi.js'), join(outDir, 'luigi.js'));
  copyFileSync(join(core, 'luigi.css'), join(outDir, 'luigi.css'));
  // luigi.css loads its fonts (72 and SAP-icons) relative to itself.
  cpSync(join(core, 'baseTheme'), join(outDir, 'baseTheme'), { recursive: true });
  writeFileSync(join(outDir, 'index.html'), INDEX_HTML);
  // tsx keeps function names with a __name helper that the browser does not have.
  const script = `var __name = (f) => f;\n(${configureLuigi.toString()})(${JSON.stringify(navigation)}, "Staff Desktop");\n`;
  writeFileSync(join(outDir, 'luigi-config.js'), script);
  return navigation;
}
