import type { AppKey } from '../config/app-keys.ts';
import type { AppTarget, PermissionRequirement, RouteItem, RouteOptions } from './types.ts';

/**
 * Small builders that keep the module files to one line per route: a route's frame defaults to
 * the same path in its module's app, because embedded apps report their own paths and the shell
 * maps them back (shell.md §2 "Message-based route sync").
 */

/** `app:resource:action`; the action keeps any further colons (`read:po`). */
export function perm(spec: `${string}:${string}:${string}`): PermissionRequirement {
  const [app = '', resource = '', ...action] = spec.split(':');
  return { app, resource, action: action.join(':') };
}

/** A requirement matched by prefix (groups, `usePermissionPrefix` items): `app` or `app:resource`. */
export function prefix(spec: string): PermissionRequirement {
  const [app = '', resource] = spec.split(':');
  return resource === undefined ? { app } : { app, resource };
}

/** Options of a framed or external page; `app` and `src` override the module's app and the path. */
export type PageOptions = Omit<RouteOptions, 'iFrameSrc' | 'redirectOutside'> & {
  readonly app?: AppKey;
  readonly src?: AppTarget['path'];
  readonly dashboardParams?: true;
};

export interface ModuleSpec {
  /** The group's path; children paths are relative to it unless they start with '/'. */
  readonly path: string;
  readonly title: string;
  readonly icon: string;
  /** The app whose pages the module's routes frame unless a route names another. */
  readonly app: AppKey;
  /** Group requirement, matched by prefix (shell.md §6). */
  readonly permissions?: readonly PermissionRequirement[];
  /** Options every route of the module carries (admin-only, hidden switches...). */
  readonly defaults?: RouteOptions;
}

export interface ModuleKit {
  /** A menu page framed from an app. */
  page(rel: string, title: string, options?: PageOptions): RouteItem;
  /** A framed page reachable by address only (details, create forms, histories). */
  hidden(rel: string, title: string, options?: PageOptions): RouteItem;
  /** A menu entry that leaves the shell for an app's page. */
  external(rel: string, title: string, options?: PageOptions): RouteItem;
  /** A page the shell renders itself. */
  shell(rel: string, title: string, options: RouteOptions & { shellPage: NonNullable<RouteOptions['shellPage']> }): RouteItem;
  /** The module's menu group holding `children` in menu order. */
  group(children: readonly (RouteItem | readonly RouteItem[])[]): RouteItem;
}

function target(path: string, app: AppKey, options: PageOptions): AppTarget {
  return {
    app: options.app ?? app,
    path: options.src ?? path,
    ...(options.dashboardParams ? { dashboardParams: true } : {}),
  };
}

function routeOptions(options: PageOptions): RouteOptions {
  const { app: _app, src: _src, dashboardParams: _dashboardParams, ...rest } = options;
  return rest;
}

export function moduleKit(spec: ModuleSpec): ModuleKit {
  // An absolute `rel` is for modules whose pages sit outside the group's path (tickets and CRM).
  const full = (rel: string) => (rel === '' ? spec.path : rel.startsWith('/') ? rel : `${spec.path}/${rel}`);
  const framed = (rel: string, title: string, options: PageOptions): RouteItem => {
    const path = full(rel);
    return { path, title, ...spec.defaults, ...routeOptions(options), iFrameSrc: target(path, spec.app, options) };
  };
  return {
    page: (rel, title, options = {}) => framed(rel, title, options),
    hidden: (rel, title, options = {}) => framed(rel, title, { ...options, hideInMenu: true }),
    external: (rel, title, options = {}) => {
      const path = full(rel);
      return { path, title, ...spec.defaults, ...routeOptions(options), redirectOutside: target(path, spec.app, options) };
    },
    shell: (rel, title, options) => ({ path: full(rel), title, ...spec.defaults, ...options }),
    group: (children) => ({
      path: spec.path,
      title: spec.title,
      icon: spec.icon,
      ...(spec.permissions ? { permissions: spec.permissions } : {}),
      // An admin-only module is dropped whole, group included (routes.md §2.1).
      ...(spec.defaults?.adminOnly ? { adminOnly: true } : {}),
      children: children.flat(),
    }),
  };
}

/** Hidden pages that hang off a list page, with the title suffix and action each one needs. */
const SUB_PAGES = {
  create: { suffix: 'Create', action: 'create' },
  ':id': { suffix: 'Detail', action: 'read' },
  'upload-history': { suffix: 'UploadHistory', action: 'read' },
  'import-history': { suffix: 'ImportHistory', action: 'read' },
} as const;

export type SubPage = keyof typeof SUB_PAGES;

/**
 * A menu list page and its hidden sub-pages (`create`, `:id`, histories), all checked against one
 * `app:resource`: the list and details need `read`, the create form `create`.
 */
export function listPages(
  kit: ModuleKit,
  rel: string,
  title: string,
  resource: `${string}:${string}`,
  subs: readonly SubPage[],
  options: PageOptions = {},
): RouteItem[] {
  const withAction = (action: string): PageOptions => ({ ...options, permissions: [perm(`${resource}:${action}`)] });
  return [
    kit.page(rel, title, withAction('read')),
    ...subs.map((sub) => kit.hidden(`${rel}/${sub}`, `${title}${SUB_PAGES[sub].suffix}`, withAction(SUB_PAGES[sub].action))),
  ];
}

/** A top-level menu page outside any group. */
export function topPage(path: string, title: string, icon: string, app: AppKey, options: PageOptions = {}): RouteItem {
  return moduleKit({ path, title, icon, app }).page('', title, { icon, ...options });
}
