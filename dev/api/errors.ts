import type { z } from 'zod';
import type { ErrorShape } from './endpoints.ts';

/** An answer other than success; the error handler renders it in the endpoint family's shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | string,
    message: string,
  ) {
    super(message);
  }
}

/** shell.md §8: the portal reads `data.code`/`data.message` or `data.error.code`/`data.error.message`. */
export function errorBody(shape: ErrorShape, code: number | string, message: string) {
  return shape === 'flat' ? { code, message } : { error: { code, message } };
}

/** Validates a request part; the first problem becomes a 400 naming the field. */
export function parse<T extends z.ZodType>(schema: T, value: unknown, part: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || part;
  throw new ApiError(400, 40001, `${field}: ${issue?.message ?? 'invalid'}`);
}

/** An answer other than a plain 200 (a created sale, a replayed one): its status, JSON body and headers. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
