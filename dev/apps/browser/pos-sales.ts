import type { FrameClient } from '../../../packages/frame-client/index.ts';
import { createOutbox, OutboxError, type OutboxEntry } from '../../../packages/frame-client/outbox-client.ts';
import { byId } from './controls.ts';

/**
 * The POS's till: each sale is handed to the portal's outbox (`createOutbox(client).send`), which stores it
 * on the device at once and delivers it to `POST /api/v1/pos/sales` exactly once, under the signed-in
 * user and seller, whenever the connection allows. The list shows every sale of this app as it moves.
 */

interface SaleBody {
  saleId: string;
  note?: string;
}

function saleOf(entry: OutboxEntry): SaleBody | null {
  try {
    const body: unknown = JSON.parse(entry.body ?? 'null');
    return typeof body === 'object' && body !== null && typeof (body as SaleBody).saleId === 'string' ? (body as SaleBody) : null;
  } catch {
    return null;
  }
}

/** "Sale <note>: waiting (network)", "…: delivered (201)", "…: failed (refused 422)". */
function describeSale(entry: OutboxEntry): string {
  const sale = saleOf(entry);
  const name = sale?.note || sale?.saleId || entry.id;
  const problem = entry.problem ? ` (${entry.problem.reason}${entry.problem.status ? ` ${entry.problem.status}` : ''})` : '';
  switch (entry.state) {
    case 'queued':
      return `Sale ${name}: waiting${problem}`;
    case 'sending':
      return `Sale ${name}: sending`;
    case 'delivered':
      return `Sale ${name}: delivered (${entry.answer?.status ?? '?'})`;
    case 'failed':
      return `Sale ${name}: failed${problem}`;
  }
}

export function wireSales(client: FrameClient, api: string): void {
  const list = byId<HTMLUListElement>('sales');
  const status = byId('sale-status');
  const rows = new Map<string, HTMLLIElement>();
  const outbox = createOutbox(client);

  const show = (entry: OutboxEntry) => {
    let row = rows.get(entry.id);
    if (!row) {
      row = document.createElement('li');
      rows.set(entry.id, row);
      list.append(row);
    }
    const text = document.createElement('span');
    text.textContent = describeSale(entry);
    row.replaceChildren(text);
    row.dataset.state = entry.state;
    if (entry.state === 'failed') {
      const discard = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Discard' });
      discard.setAttribute('aria-label', `Discard ${describeSale(entry)}`);
      discard.addEventListener('click', () =>
        outbox.discard(entry.id).then(
          () => {
            row.remove();
            rows.delete(entry.id);
          },
          (error: unknown) => (status.textContent = `Not discarded: ${(error as Error).message}`),
        ),
      );
      row.append(' ', discard);
    }
  };

  outbox.watch(show);
  void outbox.list().then(
    (entries) => entries.forEach(show),
    (error: unknown) => (status.textContent = `The outbox did not answer: ${(error as Error).message}`),
  );

  const product = byId<HTMLSelectElement>('sale-product');
  const quantity = byId<HTMLInputElement>('sale-quantity');
  const note = byId<HTMLInputElement>('sale-note');
  byId('sale-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const count = Math.max(1, Math.round(Number(quantity.value) || 1));
    const price = Number(product.selectedOptions[0]?.dataset.price ?? 0);
    const sale = {
      saleId: crypto.randomUUID(),
      items: [{ sku: product.value, quantity: count }],
      total: price * count,
      ...(note.value.trim() ? { note: note.value.trim() } : {}),
    };
    const name = sale.note ?? sale.saleId;
    status.textContent = `Storing sale ${name}…`;
    outbox.send({ method: 'POST', url: `${api}/api/v1/pos/sales`, body: sale }).then(
      (entry) => {
        show(entry);
        status.textContent = `Sale ${name} stored on this device`;
        note.value = '';
      },
      (error: unknown) => (status.textContent = `Sale ${name} not stored: ${error instanceof OutboxError ? error.reason : (error as Error).message}`),
    );
  });
}
