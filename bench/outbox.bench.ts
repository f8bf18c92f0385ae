// @vitest-environment node
/**
 * The outbox under chaos, 1,000 writes (issue targets: lost 0, executed twice 0, sent under another
 * user 0; the 95th percentile of the delay from the connection's return to delivery ≤ 2 s). The real
 * queue (src/outbox/outbox.ts) over the real store (fake-indexeddb: one database, as the tabs of one
 * browser profile share it), real tries (api/write.ts) over HTTP to the local stack's real API, which
 * records each sale's user and seller and honours Idempotency-Key. Cheaper than the browser (the
 * end-to-end chaos test, tests/e2e/outbox-chaos.spec.ts): many writes per round, no page loads.
 * `npm run bench` prints the figures (OUTBOX_BENCH_SEED=<seed> plays a plan again) and fails when
 * a write is lost, executed twice or sent under another user.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { OUTBOX_LIMITS, type OutboxWrite } from '../packages/frame-client/outbox.ts';
import { attemptWrite } from '../src/api/write.ts';
import { Outbox } from '../src/outbox/outbox.ts';
import { OutboxStore } from '../src/outbox/store.ts';
import { FakeLocks } from '../src/outbox/test-support.ts';
import { startStack, type Stack } from '../dev/stack.ts';
import { faultsNotInjected, planFault } from '../dev/testing/faults.ts';
import { callApi, request } from '../dev/testing/http.ts';
import { seededRandom, seedFrom } from '../dev/testing/seeded.ts';
import { signIn } from '../dev/testing/sign-in.ts';

const WRITES = 1000;
const P95_TARGET_MS = 2000;
/** Share of tries whose answer is lost on the way back (the API has executed them). */
const LOST_ANSWERS = 0.1;
const SEED = seedFrom('OUTBOX_BENCH_SEED');
const USERS = { cashier: { sub: 'staff-0002', sellerId: 2 }, cashier2: { sub: 'staff-0012', sellerId: 1 } } as const;
type User = keyof typeof USERS;
const PORTAL_ORIGIN = 'http://portal.localhost:4999';
const DATABASE = `outbox-bench-${SEED}`;

let stack: Stack;
const tokens = new Map<string, string>();

beforeAll(async () => {
  stack = await startStack({ ports: { idp: 0, api: 0, apps: 0 }, portal: { mode: 'none' }, portalOriginPorts: [4999] });
  for (const [user, { sub }] of Object.entries(USERS)) tokens.set(sub, (await signIn(stack.issuer, user, `${user}123`, { origin: PORTAL_ORIGIN })).access_token);
}, 60_000);

afterAll(() => stack?.close());

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('1,000 writes through the outbox under chaos: none lost, none twice, none under another user', { timeout: 900_000 }, async () => {
  console.log(`[outbox bench] seed ${SEED} (OUTBOX_BENCH_SEED=${SEED} plays this plan again)`);
  const plan = seededRandom(SEED);
  const network = seededRandom(SEED ^ 0x5bd1e995);
  const locks = new FakeLocks();
  let online = true;
  let lastReturn = 0;
  const signedInAt = new Map<string, number>();
  const counts = { refusedFull: 0, tries: 0, droppedWithNetwork: 0, reloads: 0, drops: 0, switches: 0, secondTabs: 0 };
  /** The API's own lost answers, planned per try (dev/api/faults.ts): each must have been injected by the end. */
  const lostAnswers: string[] = [];

  /**
   * fetch over loopback (Node does not resolve *.localhost); offline fails before sending. A lost answer
   * is the API's: it executes the sale, then closes the connection. An answer on its way when the
   * network drops is lost too (the device's side).
   */
  const fetcher = (async (url: string | URL | Request, init?: RequestInit) => {
    if (!online) throw new TypeError('offline');
    counts.tries += 1;
    const headers = init?.headers as Record<string, string>;
    if (network() < LOST_ANSWERS) lostAnswers.push(await planFault(stack.api, { endpoint: 'posSale', fault: 'lose-answer', idempotencyKey: headers['idempotency-key'] }));
    const answer = await request(String(url), { method: init?.method ?? 'GET', headers, body: init?.body as string }).catch(() => null);
    if (!answer) throw new TypeError('the answer was lost');
    if (!online) {
      counts.droppedWithNetwork += 1;
      throw new TypeError('the answer was lost with the network');
    }
    return new Response(answer.text, { status: answer.status });
  }) as typeof fetch;

  const expected = new Map<string, User>();
  const noteOfEntry = new Map<string, string>();
  const madeOffline = new Set<string>();
  const deliveredAt = new Map<string, { at: number; since: number }>();

  /** A tab of `user`: its own connection to the shared database and its own queue, like a page's. */
  const openTab = (user: User) => {
    const { sub, sellerId } = USERS[user];
    const store = new OutboxStore({ name: DATABASE, onProblem: (problem) => console.warn('[outbox bench] store problem', problem) });
    const outbox = new Outbox({
      store,
      writer: () => ({ sub, sellerId }),
      apiBases: () => [stack.api],
      attempt: (write) => attemptWrite(write, fetcher),
      accessTokenFor: async (owner) => (owner === sub ? (tokens.get(owner) ?? null) : null),
      renewFor: async () => false,
      locks,
      online: () => online,
      random: network,
    });
    outbox.subscribe((change, local) => {
      if (!local || change.kind !== 'entry' || change.entry.state !== 'delivered' || deliveredAt.has(change.entry.id)) return;
      deliveredAt.set(change.entry.id, { at: performance.now(), since: Math.max(lastReturn, signedInAt.get(change.owner) ?? 0) });
    });
    void outbox.deliver('start');
    return { user, outbox, close: () => (outbox.stop(), store.close()) };
  };

  let user: User = 'cashier';
  signedInAt.set(USERS[user].sub, performance.now());
  let tabs = [openTab(user)];
  let made = 0;
  const sellOne = async () => {
    const tab = tabs[Math.floor(plan() * tabs.length)]!;
    const note = `bench-${SEED}-${++made}`;
    const write: OutboxWrite = {
      method: 'POST',
      url: `${stack.api}/api/v1/pos/sales`,
      body: JSON.stringify({ saleId: note, items: [{ sku: 'QD-SH-16', quantity: 1 }], total: 450000, note }),
      contentType: 'application/json',
    };
    let stored = await tab.outbox.enqueue('pos', note, write, { offline: !online });
    // Too many waiting: the till tells the cashier, who tries again a moment later.
    for (let tries = 0; !stored.ok && stored.reason === 'too-many-entries' && tries < 100; tries += 1) {
      counts.refusedFull += 1;
      await pause(500);
      stored = await tab.outbox.enqueue('pos', note, write, { offline: !online });
    }
    if (!stored.ok) throw new Error(`write ${note} refused: ${stored.reason}`);
    expected.set(note, tab.user);
    noteOfEntry.set(stored.entry.id, note);
    if (!online) madeOffline.add(stored.entry.id);
  };

  const started = performance.now();
  while (made < WRITES) {
    // Now and then the device changes hands: the other cashier's session starts (the first's tabs end mid-try).
    if (plan() < 0.08) {
      counts.switches += 1;
      tabs.forEach((tab) => tab.close());
      user = user === 'cashier' ? 'cashier2' : 'cashier';
      signedInAt.set(USERS[user].sub, performance.now());
      tabs = [openTab(user)];
    }
    if (tabs.length === 1 && plan() < 0.3) {
      counts.secondTabs += 1;
      tabs.push(openTab(user));
    } else if (tabs.length === 2 && plan() < 0.3) tabs.pop()!.close();

    // The network drops; the till goes on selling.
    online = false;
    counts.drops += 1;
    const offline = Math.min(WRITES - made, 1 + Math.floor(plan() * 12));
    for (let i = 0; i < offline; i += 1) await sellOne();
    // A page reloads (its try on the wire ends as it ends; the entry is tried again with its key).
    if (plan() < 0.3) {
      counts.reloads += 1;
      const index = Math.floor(plan() * tabs.length);
      tabs[index]!.close();
      tabs[index] = openTab(user);
    }
    // The connection returns: every open tab hears `online`.
    online = true;
    lastReturn = performance.now();
    tabs.forEach((tab) => void tab.outbox.deliver('online'));
    const more = Math.min(WRITES - made, Math.floor(plan() * 4));
    for (let i = 0; i < more; i += 1) await sellOne();
    // Online until what waits has gone; in 3 rounds of 10 the network drops again 0.5–3 s after its
    // return, whatever is still on its way (a till does not outsell its network for ever: without this
    // the backlog grows with every round and the delay measures the backlog, not the return).
    const until = performance.now() + (plan() < 0.3 ? 500 + plan() * 2500 : 60_000);
    while (performance.now() < until && (await tabs[0]!.outbox.count()).waiting > 0) await pause(50);
  }

  // The end: steady network, each cashier signs in once more until nothing of theirs waits.
  tabs.forEach((tab) => tab.close());
  const store = new OutboxStore({ name: DATABASE, onProblem: () => undefined });
  for (const last of ['cashier', 'cashier2'] as const) {
    signedInAt.set(USERS[last].sub, performance.now());
    const tab = openTab(last);
    const deadline = performance.now() + 120_000;
    while ((await store.waitingApps(USERS[last].sub)).length > 0 && performance.now() < deadline) await pause(200);
    tab.close();
  }
  store.close();
  const elapsed = performance.now() - started;

  // What the API holds, asked with each user's own token.
  const held = new Map<string, { sub: string; sellerId: number }[]>();
  for (const { sub } of Object.values(USERS)) {
    const answer = await callApi(`${stack.api}/api/v1/pos/sales`, tokens.get(sub)!);
    for (const sale of answer.json<{ data: { sales: { note?: string; sub: string; sellerId: number }[] } }>().data.sales) {
      if (sale.note?.startsWith(`bench-${SEED}-`)) held.set(sale.note, [...(held.get(sale.note) ?? []), sale]);
    }
  }
  const lost = [...expected.keys()].filter((note) => !held.has(note));
  const twice = [...held.values()].filter((sales) => sales.length > 1).length;
  const otherUser = [...held].filter(([note, sales]) => sales.some((sale) => sale.sub !== USERS[expected.get(note)!].sub || sale.sellerId !== USERS[expected.get(note)!].sellerId)).length;
  const notInjected = await faultsNotInjected(stack.api, lostAnswers);
  const delays = [...madeOffline].flatMap((id) => {
    const delivered = deliveredAt.get(id);
    return delivered ? [delivered.at - delivered.since] : [];
  });

  console.log(
    [
      `[outbox bench] ${expected.size} writes (${madeOffline.size} made offline) in ${(elapsed / 1000).toFixed(1)} s; ${counts.tries} tries, ${lostAnswers.length} answers lost at the API (${notInjected.length} of them not injected), ${counts.droppedWithNetwork} lost with the network, ${counts.drops} network drops, ${counts.reloads} page reloads, ${counts.secondTabs} second tabs, ${counts.switches} changes of user, ${counts.refusedFull} sends refused while ${OUTBOX_LIMITS.waitingPerApp} waited`,
      `lost: ${lost.length}`,
      `executed twice: ${twice}`,
      `sent under another user or seller: ${otherUser}`,
      `delay from the connection's return to delivery (writes made offline, ${delays.length}): p50 ${percentile(delays, 50).toFixed(0)} ms, p95 ${percentile(delays, 95).toFixed(0)} ms, max ${Math.max(...delays).toFixed(0)} ms (target p95 ≤ ${P95_TARGET_MS} ms: ${percentile(delays, 95) <= P95_TARGET_MS ? 'met' : 'MISSED'})`,
    ].join('\n'),
  );
  expect({ lost: lost.length, twice, otherUser }).toEqual({ lost: 0, twice: 0, otherUser: 0 });
  expect(notInjected, 'every planned lost answer was lost at the API').toEqual([]);
  expect(delays.length).toBe(madeOffline.size);
});
