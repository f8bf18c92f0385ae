import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ENDPOINT_IDS, type EndpointId } from './endpoints.ts';

/**
 * Faults the local API injects when a test plans them, so that a test knows each fault it planned
 * reached the API (a fault injected on the client's side may never happen, and a test would pass
 * without it). A plan names the endpoint, the fault and optionally the one request it is for (its
 * Idempotency-Key, or its bearer token); it applies to the next `times` matching requests and counts
 * each one. Local stack only: nothing of it is part of the real services.
 * - `lose-answer`: the request is executed as usual, then the connection is closed instead of the
 *   answer being sent (the client sees a network error; the server has done the work).
 * - `unavailable`: 503, with `Retry-After` when the plan gives one, before anything is executed.
 * - `unauthorized`: 401, as for a token the API no longer accepts, before anything is executed.
 */
export const FAULT_KINDS = ['lose-answer', 'unavailable', 'unauthorized'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const faultPlanSchema = z.strictObject({
  endpoint: z.enum(ENDPOINT_IDS),
  fault: z.enum(FAULT_KINDS),
  /** Only the request with this Idempotency-Key (retries of one write share it). */
  idempotencyKey: z.string().min(1).optional(),
  /** Only requests with this access token. */
  bearer: z.string().min(1).optional(),
  times: z.number().int().min(1).max(1000).default(1),
  retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
});
export type FaultPlanInput = z.input<typeof faultPlanSchema>;
export type FaultPlan = z.output<typeof faultPlanSchema> & { id: string; injected: number };

/** The headers a plan is matched on. */
export interface FaultTarget {
  idempotencyKey: string | undefined;
  bearer: string | undefined;
}

export class Faults {
  private readonly plans: FaultPlan[] = [];

  plan(input: z.output<typeof faultPlanSchema>): FaultPlan {
    const plan = { ...input, id: randomUUID(), injected: 0 };
    this.plans.push(plan);
    return plan;
  }

  /** The first plan for this request that has injections left, counted as injected now; null when none applies. */
  take(endpoint: EndpointId, target: FaultTarget): FaultPlan | null {
    const plan = this.plans.find(
      (candidate) =>
        candidate.endpoint === endpoint &&
        candidate.injected < candidate.times &&
        (candidate.idempotencyKey === undefined || candidate.idempotencyKey === target.idempotencyKey) &&
        (candidate.bearer === undefined || candidate.bearer === target.bearer),
    );
    if (plan) plan.injected += 1;
    return plan ?? null;
  }

  /** Every plan with how often it was injected (tokens left out). */
  report(): Omit<FaultPlan, 'bearer'>[] {
    return this.plans.map(({ bearer: _bearer, ...plan }) => plan);
  }

  clear(): void {
    this.plans.length = 0;
  }
}

/** The header values a plan is matched on (the key as sent: an sf-string or a bare token). */
export function faultTarget(headers: Record<string, string | string[] | undefined>): FaultTarget {
  const first = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    idempotencyKey: first('idempotency-key')?.replace(/^"|"$/g, ''),
    bearer: /^Bearer (.+)$/i.exec(first('authorization') ?? '')?.[1],
  };
}
