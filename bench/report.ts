import { kb } from '../scripts/bundle-size.ts';

/** Medians of one shell's runs; null where the shell cannot do it. */
export interface Figures {
  cold: number | null;
  warm: number | null;
  offline: number | null;
  /**
   * A later online repeat start (the shell's fourth start, its third from cache): the first start
   * from a cache also makes V8's code cache of the scripts (Chromium does it on a script's first run
   * from a service worker's cache, on its second from the HTTP cache), later ones use it.
   */
  again: number | null;
  search: number | null;
  navigate: number | null;
  /** Click → the new frame's request: the shell's own part of `navigate`, the rest is the embedded page loading. */
  navigateRequest: number | null;
  back: number | null;
  /** Over all runs: how many times going back reloaded the frame (the sum, not a median). */
  backReloads: number | null;
  heap: number | null;
  frames: number | null;
  /** Navigation start to the request of the first frame (issue 12). */
  coldFrameRequest: number | null;
  warmFrameRequest: number | null;
  /** Navigation start to the start frame's first contentful paint (issue 19). */
  coldFramePaint: number | null;
  warmFramePaint: number | null;
  /** JS and CSS from the shell's origin requested before the first frame on a cold start, as sent. */
  criticalPathBytes: number | null;
  /** Requests a cold start made before its shell was interactive: the document, scripts, data, the frame (issue 19). */
  coldRequests: number | null;
  /** Requests to the identity provider's token endpoint in one repeat (warm) start, until it settles (issue 18). */
  warmTokenRequests: number | null;
}

export interface Sizes {
  js: number;
  css: number;
  precache: number | null;
  /** The critical path as `npm run budget` computes it from the build manifest (gzip -9). */
  criticalPath: number | null;
}

export interface Report {
  portal: Figures;
  luigi: Figures;
  sizes: { portal: Sizes; luigi: Sizes };
  runs: number;
  routes: number;
  /** Where it ran (cores, load): timings on a shared machine are only comparable within one report. */
  machine: string;
  /** The emulated device (profiles.ts). */
  device: string;
}

export type HandheldReport = Omit<Report, 'sizes'>;

interface Row {
  label: string;
  portal: number | null;
  luigi: number | null;
  format: (value: number) => string;
  /** Issue 8's timing targets (for the portal; Luigi is held to the same for comparison). */
  target?: { limit: number; text: string; extra?: (figures: 'portal' | 'luigi') => boolean };
  missing?: string;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`;

const onlineOverOffline = (figures: Figures) => (figures.warm === null || figures.offline === null || figures.offline === 0 ? null : figures.warm / figures.offline);

/** A later repeat start, the code cache made by the first one (both tables). */
const againRow = (portal: Figures, luigi: Figures): Row => ({
  label: 'Warm start again, online (code cache made by the first warm start)',
  portal: portal.again,
  luigi: luigi.again,
  format: ms,
});

/** Rows both tables share (issue 18): the repeat start online against offline, and what it asks of the provider. */
const repeatStartRows = (portal: Figures, luigi: Figures): Row[] => [
  {
    label: 'Repeat start online ÷ the same shell’s offline repeat start',
    portal: onlineOverOffline(portal),
    luigi: onlineOverOffline(luigi),
    format: (value) => `${value.toFixed(2)}×`,
    target: { limit: 1.1, text: '≤ 1.1×' },
    missing: 'n/a (no offline start)',
  },
  {
    label: 'Token requests per repeat start (valid access token)',
    portal: portal.warmTokenRequests,
    luigi: luigi.warmTokenRequests,
    format: (value) => value.toFixed(1),
    target: { limit: 0, text: '0' },
  },
];

/** Both tables: the shell's own part of a navigation, beside the whole of it. */
const navigateRequestRow = (portal: Figures, luigi: Figures): Row => ({
  label: '… of which click to the new frame’s request (the shell’s own part; the rest is the embedded page loading)',
  portal: portal.navigateRequest,
  luigi: luigi.navigateRequest,
  format: ms,
});

/** Rows both tables share: when the first frame was requested and painted, and what was downloaded before it. */
const startFrameRows = (portal: Figures, luigi: Figures): Row[] => [
  { label: 'Start frame requested, cold start', portal: portal.coldFrameRequest, luigi: luigi.coldFrameRequest, format: ms },
  { label: 'Start frame requested, warm start', portal: portal.warmFrameRequest, luigi: luigi.warmFrameRequest, format: ms },
  { label: 'Start frame’s first paint, cold start', portal: portal.coldFramePaint, luigi: luigi.coldFramePaint, format: ms },
  { label: 'Start frame’s first paint, warm start', portal: portal.warmFramePaint, luigi: luigi.warmFramePaint, format: ms },
  {
    label: 'JS + CSS requested before the start frame (browser, cold start, as sent)',
    portal: portal.criticalPathBytes,
    luigi: luigi.criticalPathBytes,
    format: kb,
    target: { limit: 160 * 1024, text: '≤ 160 KB' },
  },
  {
    label: 'Requests before the interactive shell, cold start',
    portal: portal.coldRequests,
    luigi: luigi.coldRequests,
    format: String,
    target: { limit: 15, text: '≤ 15' },
  },
];

/** The side-by-side table (Markdown), with the ratio portal ÷ Luigi (below 1: the portal is smaller or faster). */
export function formatTable(report: Report): string {
  const { portal, luigi, sizes } = report;
  const rows: Row[] = [
    { label: 'Cold start to interactive shell', portal: portal.cold, luigi: luigi.cold, format: ms, target: { limit: 1000, text: '≤ 1 s' } },
    { label: 'Warm start (portal: service worker, Luigi: HTTP cache)', portal: portal.warm, luigi: luigi.warm, format: ms },
    { label: 'Warm start offline', portal: portal.offline, luigi: luigi.offline, format: ms, target: { limit: 400, text: '≤ 400 ms' }, missing: 'n/a (no service worker)' },
    againRow(portal, luigi),
    ...repeatStartRows(portal, luigi),
    { label: `Menu search keystroke to paint`, portal: portal.search, luigi: luigi.search, format: ms, target: { limit: 50, text: '≤ 50 ms' } },
    { label: 'Navigation to a new frame route (click to frame load)', portal: portal.navigate, luigi: luigi.navigate, format: ms },
    navigateRequestRow(portal, luigi),
    {
      label: 'Back to a kept-alive frame',
      portal: portal.back,
      luigi: luigi.back,
      format: ms,
      target: { limit: 50, text: '≤ 50 ms, no reload', extra: (shell) => report[shell].backReloads === 0 },
    },
    { label: `Reloads when going back (all runs)`, portal: portal.backReloads, luigi: luigi.backReloads, format: String },
    { label: `JS heap of the shell's process (shell + kept frames) after ${report.routes} frame routes`, portal: portal.heap, luigi: luigi.heap, format: mb },
    { label: `Frames alive after ${report.routes} frame routes`, portal: portal.frames, luigi: luigi.frames, format: String },
    ...startFrameRows(portal, luigi),
    {
      label: 'Critical path JS + CSS (npm run budget: build manifest, gzip)',
      portal: sizes.portal.criticalPath,
      luigi: sizes.luigi.criticalPath,
      format: kb,
      target: { limit: 160 * 1024, text: '≤ 160 KB' },
      missing: 'n/a',
    },
    { label: 'Initial JS (gzip)', portal: sizes.portal.js, luigi: sizes.luigi.js, format: kb },
    { label: 'Initial CSS (gzip)', portal: sizes.portal.css, luigi: sizes.luigi.css, format: kb },
    { label: 'Precache', portal: sizes.portal.precache, luigi: sizes.luigi.precache, format: (v) => `${(v / 1_000_000).toFixed(2)} MB`, missing: 'n/a (no service worker)' },
  ];
  return table(`Desktop: medians of ${report.runs} runs (${report.device}; ${report.machine}).`, rows);
}

/** The handheld table (issue 12): starts and a new frame route on the throttled phone, side by side. */
export function formatHandheldTable(report: HandheldReport): string {
  const { portal, luigi } = report;
  const rows: Row[] = [
    { label: 'Cold start to interactive shell', portal: portal.cold, luigi: luigi.cold, format: ms },
    { label: 'Warm start to interactive shell (portal: service worker, Luigi: HTTP cache)', portal: portal.warm, luigi: luigi.warm, format: ms, target: { limit: 1000, text: '≤ 1.0 s' } },
    { label: 'Warm start offline', portal: portal.offline, luigi: luigi.offline, format: ms, missing: 'n/a (no service worker)' },
    againRow(portal, luigi),
    { label: `Navigation to a new frame route (click to frame load, ${report.routes} routes)`, portal: portal.navigate, luigi: luigi.navigate, format: ms },
    navigateRequestRow(portal, luigi),
    ...repeatStartRows(portal, luigi),
    ...startFrameRows(portal, luigi),
  ];
  return table(`Handheld: medians of ${report.runs} runs (${report.device}; ${report.machine}).`, rows);
}

function table(caption: string, rows: Row[]): string {
  const verdict = (row: Row, shell: 'portal' | 'luigi') => {
    const value = row[shell];
    if (!row.target) return '';
    if (value === null) return 'fail';
    return value <= row.target.limit && (row.target.extra?.(shell) ?? true) ? 'pass' : 'fail';
  };
  const cell = (row: Row, value: number | null) => (value === null ? (row.missing ?? 'n/a') : row.format(value));
  const ratio = (row: Row) => (row.portal === null || row.luigi === null || row.luigi === 0 ? '–' : `${(row.portal / row.luigi).toFixed(2)}×`);
  const lines = [
    caption,
    '',
    '| Figure | Staff Portal | SAP Luigi 2.31 | Portal ÷ Luigi | Target | Portal | Luigi |',
    '|---|---:|---:|---:|---|---|---|',
    ...rows.map(
      (row) => `| ${row.label} | ${cell(row, row.portal)} | ${cell(row, row.luigi)} | ${ratio(row)} | ${row.target?.text ?? ''} | ${verdict(row, 'portal')} | ${verdict(row, 'luigi')} |`,
    ),
  ];
  return lines.join('\n');
}
