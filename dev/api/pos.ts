import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Fixtures, FixtureUser } from '../fixture-loader.ts';
import { ApiError, parse, Reply } from './errors.ts';
import { fingerprint, IDEMPOTENCY_KEY, IdempotencyKeys } from './idempotency.ts';

/**
 * The sample POS app's back end: recording a sale (a write the portal's outbox delivers) and listing
 * the caller's sales; and the per-user key the outbox seals a user's kept writes with.
 */

export interface Sale {
  id: number;
  /** The till's own id of the sale (the app makes it). */
  saleId: string;
  /** Who sold it: the token's user, and the seller of X-Seller-Id. */
  sub: string;
  sellerId: number;
  items: { sku: string; quantity: number; price: number }[];
  total: number;
  note?: string;
  idempotencyKey: string;
  recordedAt: string;
}

const saleBody = z.strictObject({
  saleId: z.string().min(1).max(100),
  items: z.array(z.strictObject({ sku: z.string().min(1), quantity: z.number().int().min(1).max(999) })).min(1).max(50),
  total: z.number().int().nonnegative(),
  note: z.string().max(200).optional(),
});
const idempotencyKeyHeader = z.string({ error: 'Idempotency-Key is required' }).regex(IDEMPOTENCY_KEY, 'Idempotency-Key must be a string of 1 to 255 characters');
const sellerIdHeader = z.string({ error: 'X-Seller-Id is required for a sale' }).regex(/^\d+$/).transform(Number);

/** What a POS call gets once the caller is authenticated and allowed. */
export interface PosCall {
  user: FixtureUser;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** Not a secret: the local stack's keys only need to be the same for a user across restarts. */
const LOCAL_KEY_SECRET = 'staff-portal local stack: outbox sealing keys';

/** A user's sealing key (32 bytes, base64url) and its id, the same on every call and every start of the stack. */
export function outboxKeyOf(sub: string): { keyId: string; key: string } {
  const derive = (purpose: string) => createHmac('sha256', LOCAL_KEY_SECRET).update(`${purpose}\n${sub}`).digest('base64url');
  return { keyId: derive('key-id').slice(0, 24), key: derive('key') };
}

export function createPos(fixtures: Fixtures, sellersOf: (user: FixtureUser) => { id: number }[]) {
  const products = new Map(fixtures.pos.products.map((product) => [product.sku, product]));
  const keys = new IdempotencyKeys();
  const sales: Sale[] = [];
  const header = (call: PosCall, name: string) => {
    const value = call.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };

  return {
    sales,

    /** POST /api/v1/pos/sales: one sale per Idempotency-Key, recorded under the token's user and X-Seller-Id. */
    async recordSale(call: PosCall): Promise<Reply> {
      const key = parse(idempotencyKeyHeader, header(call, 'idempotency-key'), 'Idempotency-Key').replace(/^"|"$/g, '');
      const sellerId = parse(sellerIdHeader, header(call, 'x-seller-id'), 'X-Seller-Id');
      const sale = parse(saleBody, call.body, 'body');
      if (!sellersOf(call.user).some((seller) => seller.id === sellerId)) throw new ApiError(403, 40304, `Seller ${sellerId} is not one of the caller's sellers`);
      const items = sale.items.map(({ sku, quantity }) => {
        const product = products.get(sku);
        if (!product) throw new ApiError(400, 40002, `items: unknown product ${sku}`);
        return { sku, quantity, price: product.price };
      });
      const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
      if (total !== sale.total) throw new ApiError(400, 40003, `total: ${sale.total} is not the items' ${total}`);

      const { sub } = call.user.claims;
      const admission = keys.admit(sub, key, fingerprint('POST', '/api/v1/pos/sales', call.body));
      if (admission.kind === 'replay') return new Reply(admission.answer.status, admission.answer.body, { 'idempotent-replayed': 'true' });
      if (admission.kind === 'in-progress') throw new ApiError(409, 40901, 'A request with this Idempotency-Key is still being processed');
      if (admission.kind === 'other-request') throw new ApiError(422, 42201, 'This Idempotency-Key was used with another request');
      try {
        await new Promise((resolve) => setTimeout(resolve, fixtures.pos.saleProcessingMs));
        const recorded: Sale = { id: sales.length + 1, saleId: sale.saleId, sub, sellerId, items, total, note: sale.note, idempotencyKey: key, recordedAt: new Date().toISOString() };
        sales.push(recorded);
        const answer = { status: 201, body: { data: { sale: recorded } } };
        keys.keep(sub, key, answer);
        return new Reply(answer.status, answer.body);
      } catch (error) {
        keys.release(sub, key);
        throw error;
      }
    },

    /** GET /api/v1/pos/sales: the caller's own sales, in the order they were recorded. */
    listSales: ({ user }: PosCall) => ({ data: { sales: sales.filter((sale) => sale.sub === user.claims.sub) } }),
  };
}
