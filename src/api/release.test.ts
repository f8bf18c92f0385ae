import { describe, expect, it, vi } from 'vitest';
import { entryScriptOf, runningEntryScript, servedEntryScript } from './release.ts';

describe('entryScriptOf', () => {
  it.each([
    ['<script type="module" crossorigin src="/assets/index-abc.js"></script>', '/assets/index-abc.js'],
    ["<head><link rel=modulepreload href=/x.js><script src='/assets/index-def.js' type='module'></script>", '/assets/index-def.js'],
    ['<script src="/assets/frame-first-1.js" data-entry="/assets/index-ghi.js" data-preload="/assets/framework-1.js"></script>', '/assets/index-ghi.js'],
    ['<script src="/classic.js"></script>', null],
    ['<script type="module">inline()</script>', null],
    ['not html', null],
  ])('%s → %s', (html, entry) => expect(entryScriptOf(html)).toBe(entry));
});

describe('runningEntryScript', () => {
  it('reads the boot step’s entry, or the page’s module script', () => {
    const page = document.implementation.createHTMLDocument();
    expect(runningEntryScript(page)).toBeNull();
    page.body.innerHTML = '<script type="module" src="/assets/index-old.js"></script>';
    expect(runningEntryScript(page)).toBe('/assets/index-old.js');
    page.body.innerHTML = '<script src="/assets/frame-first-1.js" data-entry="/assets/index-new.js"></script><script type="module" src="/assets/index-new.js"></script>';
    expect(runningEntryScript(page)).toBe('/assets/index-new.js');
  });
});

describe('servedEntryScript', () => {
  it('reads a fresh index.html past the precache', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<script type="module" src="/assets/index-new.js"></script>'));
    expect(await servedEntryScript()).toBe('/assets/index-new.js');
    expect(String(fetch.mock.calls[0]![0])).toMatch(/^\/index\.html\?release-check=\d+$/);
  });

  it.each([
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server fails', () => Promise.resolve(new Response('', { status: 503 }))],
  ])('answers null when %s', async (_name, answer) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(answer);
    expect(await servedEntryScript()).toBeNull();
  });
});
