/** `npm run lighthouse`'s report: the portal's and Luigi's Lighthouse results side by side. */
import { chunkNames } from './long-tasks.ts';

/** The parts of a Lighthouse result (LHR) the report reads. */
export interface LighthouseResult {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  categories: Record<string, { title: string; score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { title: string; score: number | null; displayValue?: string; numericValue?: number; details?: unknown } | undefined>;
}

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'interactive', 'total-blocking-time', 'cumulative-layout-shift'];

const score = (result: LighthouseResult, id: string) => {
  const value = result.categories[id]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
};

const ratio = (portal: number | null | undefined, luigi: number | null | undefined) =>
  portal === null || portal === undefined || luigi === null || luigi === undefined || luigi === 0 ? '–' : `${(portal / luigi).toFixed(2)}×`;

interface TaskItem {
  url: string;
  duration: number;
  startTime: number;
}

/** Lighthouse's long tasks (simulated: observed × its CPU slowdown), each named by its script. */
function longTasks(result: LighthouseResult): string[] {
  const items = (result.audits['long-tasks']?.details as { items?: TaskItem[] } | undefined)?.items ?? [];
  const name = chunkNames(new URL(result.finalDisplayedUrl).origin);
  return items.map((task) => `    - ${task.duration.toFixed(0).padStart(4)} ms at ${task.startTime.toFixed(0).padStart(5)} ms: ${/^https?:/.test(task.url) ? name(task.url) : task.url}`);
}

/** What keeps each score below 100. */
function findings(result: LighthouseResult): string[] {
  const lines: string[] = [];
  for (const [id, category] of Object.entries(result.categories)) {
    const failing = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (result.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `    - ${result.audits[ref.id]?.title ?? ref.id}${result.audits[ref.id]?.displayValue ? ` (${result.audits[ref.id]?.displayValue})` : ''}`);
    if (failing.length > 0) lines.push(`  ${category?.title ?? id}:`, ...failing);
  }
  // DevTools issues name the page that caused them: the shell or an embedded app.
  const issues = (result.audits['inspector-issues']?.details as { items?: { issueType: string; subItems?: { items: { url: string }[] } }[] } | undefined)?.items ?? [];
  for (const issue of issues) {
    const origins = [...new Set(issue.subItems?.items.map((item) => new URL(item.url).origin) ?? [])];
    lines.push(`    - ${issue.issueType} issue from ${origins.join(', ')}`);
  }
  return lines;
}

/** A shell's runs: every one, and the one Lighthouse reports of them (its median run, lighthouse.ts). */
export interface ShellRuns {
  all: readonly LighthouseResult[];
  median: LighthouseResult;
}

/**
 * The table (Markdown) of the median runs' scores and metrics, portal ÷ Luigi, with the performance
 * score and Total Blocking Time of every run below them (one run moves by hundreds of milliseconds
 * here); then each shell's long tasks and findings in its median run.
 */
export function formatLighthouse(results: { portal: ShellRuns; luigi: ShellRuns }, what: string): string {
  const { median: portal } = results.portal;
  const { median: luigi } = results.luigi;
  const rows: string[] = [];
  for (const id of Object.keys(portal.categories)) {
    rows.push(`| ${portal.categories[id]?.title ?? id} | ${score(portal, id) ?? 'n/a'} | ${score(luigi, id) ?? 'n/a'} | |`);
  }
  const everyRun = (runs: ShellRuns, value: (run: LighthouseResult) => number | null | undefined) => runs.all.map((run) => value(run)?.toFixed(0) ?? 'n/a').join(', ');
  rows.push(`| Performance, every run | ${everyRun(results.portal, (run) => score(run, 'performance'))} | ${everyRun(results.luigi, (run) => score(run, 'performance'))} | |`);
  rows.push(
    `| Total Blocking Time (ms), every run | ${everyRun(results.portal, (run) => run.audits['total-blocking-time']?.numericValue)} | ${everyRun(results.luigi, (run) => run.audits['total-blocking-time']?.numericValue)} | |`,
  );
  for (const id of METRICS) {
    const [a, b] = [portal.audits[id], luigi.audits[id]];
    rows.push(`| ${a?.title ?? id} | ${a?.displayValue ?? 'n/a'} | ${b?.displayValue ?? 'n/a'} | ${ratio(a?.numericValue, b?.numericValue)} |`);
  }
  // The layout shift of embedded pages counts too; the shell's own share tells them apart.
  const shellShift = (result: LighthouseResult) =>
    (result.audits['cumulative-layout-shift']?.details as { items?: { cumulativeLayoutShiftMainFrame?: number }[] } | undefined)?.items?.[0]?.cumulativeLayoutShiftMainFrame?.toFixed(3) ?? 'n/a';
  rows.push(`| of which the shell's own layout shift | ${shellShift(portal)} | ${shellShift(luigi)} | |`);
  const section = (name: string, result: LighthouseResult) => {
    const tasks = longTasks(result);
    const found = findings(result);
    return [`\n${name} (${result.finalDisplayedUrl}): ${tasks.length} long tasks (simulated)`, ...tasks, ...(found.length > 0 ? ['  What keeps the scores below 100:', ...found] : [])];
  };
  return [
    `Lighthouse ${portal.lighthouseVersion}, mobile emulation with simulated throttling, ${results.portal.all.length} runs of the portal and ${results.luigi.all.length} of Luigi in turn, each shell's median run (Lighthouse's: closest to the median First Contentful Paint and Time to Interactive): ${what}.`,
    '',
    '| Figure | Staff Portal | SAP Luigi 2.31 | Portal ÷ Luigi |',
    '|---|---:|---:|---:|',
    ...rows,
    ...section('Staff Portal, median run', portal),
    ...section('SAP Luigi, median run', luigi),
  ].join('\n');
}
