import { describe, expect, it } from 'vitest';
import { isModuleScriptRequest, moduleScriptsWithoutCodeCache } from './module-scripts.ts';

// Node's Request cannot be given a destination: the worker's requests are faked as what the browser sends.
const request = (destination: string, mode: string) => ({ destination, mode, url: 'https://portal.test/assets/x.js' }) as unknown as Request;
const fetchEvent = (destination: string, mode: string) => ({ request: request(destination, mode) }) as unknown as ExtendableEvent;

async function served(event: ExtendableEvent, cachedResponse: Response | undefined) {
  const plugin = moduleScriptsWithoutCodeCache.cachedResponseWillBeUsed!;
  return plugin({ cacheName: 'precache', request: request('', 'same-origin'), cachedResponse, event });
}

describe('isModuleScriptRequest', () => {
  it.each([
    ['script', 'cors', true], // <script type="module">, modulepreload, import()
    ['script', 'no-cors', false], // a classic <script src>: the boot step
    ['document', 'navigate', false],
    ['style', 'no-cors', false],
    ['', 'cors', false], // fetch()
  ])('%s in %s mode: %s', (destination, mode, expected) => {
    expect(isModuleScriptRequest(request(destination, mode))).toBe(expected);
  });
});

describe('moduleScriptsWithoutCodeCache', () => {
  const cached = () => new Response('export const a = 1;', { status: 200, statusText: 'OK', headers: { 'content-type': 'text/javascript', etag: '"1"' } });

  it('serves a module script as a new response with the cached body, status and headers', async () => {
    const original = cached();
    const response = (await served(fetchEvent('script', 'cors'), original)) as Response;
    expect(response).not.toBe(original);
    expect(response.status).toBe(200);
    expect(response.statusText).toBe('OK');
    expect(response.headers.get('content-type')).toBe('text/javascript');
    expect(response.headers.get('etag')).toBe('"1"');
    expect(await response.text()).toBe('export const a = 1;');
  });

  it('serves a classic script, a page and a style sheet as the cached response itself', async () => {
    for (const event of [fetchEvent('script', 'no-cors'), fetchEvent('document', 'navigate'), fetchEvent('style', 'no-cors')]) {
      const original = cached();
      expect(await served(event, original)).toBe(original);
    }
  });

  it('leaves a miss a miss, and a match outside a fetch event as it is', async () => {
    expect(await served(fetchEvent('script', 'cors'), undefined)).toBeUndefined();
    const original = cached();
    expect(await served({} as ExtendableEvent, original)).toBe(original);
  });
});
