// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ionicons from 'ionicons/icons';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../dev/testing/browser.ts';
import { darkShares } from '../../dev/testing/pixels.ts';
import { CATALOGUE } from '../catalogue/index.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { Icon } from '../ui/Icon.tsx';
import { FALLBACK_MENU_ICON, menuIcon } from './menu-icons.ts';

/**
 * Every icon the shell and the catalogue draw must paint pixels (the back button's arrow
 * painted nothing). Chromium draws each mask exactly as `.icon` uses it, and the painted share is
 * counted. The shell's icons are found in the source, so a new one is checked without listing it.
 */
const SRC = join(import.meta.dirname, '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
const shellIconNames = new Set(
  sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'ionicons\/icons'/g)].flatMap((match) =>
      match[1]!.split(',').map((name) => name.trim()).filter(Boolean),
    ),
  ),
);
const icons = ionicons as unknown as Record<string, string>;
const catalogueItems = CATALOGUE.flatMap((item) => [item, ...(item.children ?? [])]);
const catalogueIcons = new Set(catalogueItems.map((item) => menuIcon(item.icon)));
const drawn = new Map<string, string>([
  ...[...shellIconNames].map((name) => [name, icons[name]!] as const),
  ...[...catalogueIcons].map((icon) => [Object.keys(icons).find((name) => icons[name] === icon) ?? icon.slice(0, 60), icon] as const),
]);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const BOX = 48;
const COLUMNS = 10;

/** The share of each 48×48 box its icon paints, all drawn at once by Chromium as <Icon> draws them. */
async function paintedShares(icons: string[]): Promise<number[]> {
  const rows = Math.ceil(icons.length / COLUMNS);
  const page = await browser.newPage({ viewport: { width: BOX * COLUMNS, height: BOX * rows } });
  try {
    const boxes = icons.map((icon) => renderToStaticMarkup(<Icon icon={icon} size={BOX} />)).join('');
    await page.setContent(
      `<style>${readFileSync(join(SRC, 'theme/shell.css'), 'utf8')}</style><body style="margin:0;background:#fff;color:#000;display:grid;grid-template-columns:repeat(${COLUMNS},${BOX}px)">${boxes}</body>`,
    );
    const png = await page.screenshot();
    const cells = icons.map((_, index) => ({ x: (index % COLUMNS) * BOX, y: Math.floor(index / COLUMNS) * BOX, width: BOX, height: BOX }));
    return await darkShares(page, png, cells);
  } finally {
    await page.close();
  }
}

describe('icons as inline SVG', () => {
  it('finds the icons the shell and the catalogue draw', () => {
    expect(shellIconNames).toContain('arrowBackOutline');
    expect(shellIconNames).toContain('menuOutline');
    expect(catalogueIcons.size).toBeGreaterThan(10);
    // A name the menu does not know would silently draw the fallback circle.
    const unknown = catalogueItems.filter((item) => item.icon && menuIcon(item.icon) === FALLBACK_MENU_ICON).map((item) => `${item.path}: ${item.icon}`);
    expect(unknown).toEqual([]);
    for (const [name, icon] of drawn) expect(icon, name).toMatch(/^data:image\/svg\+xml/);
  });

  it('every one of them paints visible pixels', async () => {
    const entries = [...drawn];
    const shares = await paintedShares(entries.map(([, icon]) => icon));
    const blank = entries
      .map(([name], index) => ({ name, share: shares[index]! }))
      .filter(({ share }) => share < 0.03)
      .map(({ name, share }) => `${name} (${(share * 100).toFixed(1)} %)`);
    expect(blank).toEqual([]);
  });
});
