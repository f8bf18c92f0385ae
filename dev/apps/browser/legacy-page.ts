/**
 * A sample app built with the last release before the handshake (@staff-portal/frame-client 1.0.0,
 * tests/fixtures/frame-client-1.0.0): any app's page with `?frame-client=1.0.0`. An old app on the
 * current shell: route sync, editing, logout, the user-data request, the outbox (`client.outbox`, as
 * 1.0.0 had it) and session end, with nothing of version 2.
 */
import { createFrameClient, OutboxError } from '../../../tests/fixtures/frame-client-1.0.0/frame-client.js';
import { byId, send, wireControls } from './controls.ts';

const client = createFrameClient(parent);
byId('embedding').textContent = client.settings ? `Embedded by ${client.settings.parentOrigin}, frame client 1.0.0` : 'Not embedded by the Staff Portal shell';
client.keepHistoryWithShell();
wireControls((kind) => {
  if (kind === 'all') throw new Error('not offered here');
  return send(client, kind, (user) => (byId('signed-in-user').textContent = `Signed-in user: ${user.name}`));
});

const DRAFT_KEY = 'sample-app:draft';
const draft = byId<HTMLTextAreaElement>('draft');
draft.value = localStorage.getItem(DRAFT_KEY) ?? '';
draft.addEventListener('input', () => localStorage.setItem(DRAFT_KEY, draft.value));
client.onSessionEnd(() => {
  draft.value = '';
  localStorage.clear();
});

// The POS's till: a sale through 1.0.0's `client.outbox`.
const { posApi } = document.body.dataset;
const saleForm = document.getElementById('sale-form');
if (posApi && saleForm) {
  saleForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const note = byId<HTMLInputElement>('sale-note').value.trim() || 'sale';
    const product = byId<HTMLSelectElement>('sale-product');
    const sale = { saleId: crypto.randomUUID(), items: [{ sku: product.value, quantity: 1 }], total: Number(product.selectedOptions[0]?.dataset.price ?? 0), note };
    client.outbox.send({ method: 'POST', url: `${posApi}/api/v1/pos/sales`, body: sale, contentType: undefined }).then(
      () => (byId('sale-status').textContent = `Sale ${note} stored on this device`),
      (error: unknown) => (byId('sale-status').textContent = `Sale ${note} not stored: ${error instanceof OutboxError ? error.reason : (error as Error).message}`),
    );
  });
}
client.ready();
