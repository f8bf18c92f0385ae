import { requestKey, takeEarlyResponse } from './early-responses.ts';
import { extractServerError, reactionTo, type ServerError } from './errors.ts';
import type { SellerHeader } from './seller-header.ts';
import { timeBucket } from './time-buckets.ts';
import { DEFAULT_TIMEOUT_MS } from './timeouts.ts';

/** The only place the portal calls its back-end APIs (shell.md §7, §8). */

export type ApiFailure = 'http' | 'timeout' | 'network';

export class ApiError extends Error {
  constructor(
    readonly failure: ApiFailure,
    readonly status: number | null,
    readonly server: ServerError,
    readonly url: string,
  ) {
    super(server.message ?? `${failure} error${status ? ` ${status}` : ''} calling ${url}`);
    this.name = 'ApiError';
  }
}

export interface ResponseTiming {
  method: string;
  path: string;
  status: number | null;
  ms: number;
  bucket: ReturnType<typeof timeBucket>;
}

export interface ApiClientHooks {
  /** May wait: a token renewal under way is awaited rather than a call sent without a token. */
  accessToken(): string | null | Promise<string | null>;
  /** Decides X-Seller-Id for every call. */
  seller: SellerHeader;
  /**
   * 401: the token may have ended early (clock drift, revoked access token). Renews it once; resolves
   * true when a new token came, and the call is sent once more with it.
   */
  renewAfterUnauthorized?(): Promise<boolean>;
  /** 401 (again, after a renewal): the session is gone. */
  onUnauthorized(): void;
  /** 403: go to /403. */
  onForbidden(): void;
  /** Anything else the user must hear of; `message` null means "use the generic text". */
  onError(error: { failure: ApiFailure; message: string | null }): void;
  /** Tracking of error codes/messages and of every response time. */
  onErrorTracked?(error: ServerError & { status: number | null; url: string }): void;
  onTiming?(timing: ResponseTiming): void;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Errors stay silent unless their code is a 404xx business code (shell.md §8). */
  bypassNormalErrors?: boolean;
  /** Background calls (tracking): no notification, no logout, no redirect. */
  quiet?: boolean;
  keepalive?: boolean;
}


export function buildUrl(base: string, path: string, query?: RequestOptions['query']): string {
  const url = new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.href;
}

/** A call as it goes out: its address, method, headers and body, and its name in the early hand-over. */
export function requestOf(method: string, base: string, path: string, options: Pick<RequestOptions, 'query' | 'body' | 'headers'>, token: string | null, sellerId: number | null) {
  const url = buildUrl(base, path, options.query);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (sellerId !== null) headers['x-seller-id'] = String(sellerId);
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return { url, init: { method, headers, body }, key: requestKey(method, url, headers, body) };
}

/** `promise`, or the signal's reason once it aborts first. */
function withinSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

export class ApiClient {
  constructor(private readonly hooks: ApiClientHooks) {}

  get<T>(base: string, path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('GET', base, path, options);
  }

  post<T>(base: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('POST', base, path, { ...options, body });
  }

  async request<T>(method: string, base: string, path: string, options: RequestOptions, renewed = false): Promise<T> {
    const request = requestOf(method, base, path, options, await this.hooks.accessToken(), this.hooks.seller.value());
    const { url } = request;
    const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const send = () => fetch(url, { ...request.init, signal, keepalive: options.keepalive, credentials: 'omit' });
    // Sent by the boot step before this code arrived (early-responses.ts), within this call's time;
    // if that failed while there is time left, sent now. Its time counts from its sending to its answer.
    const early = takeEarlyResponse(request.key);
    const started = early?.sentAt ?? performance.now();
    let response: Response;
    try {
      response = await (early ? withinSignal(early.response, signal).catch((error: unknown) => (signal.aborted ? Promise.reject(error) : send())) : send());
    } catch (error) {
      if (options.signal?.aborted) throw error; // the caller cancelled: not an error to report
      const failure: ApiFailure = timeout.aborted ? 'timeout' : 'network';
      this.time(method, url, null, started);
      throw this.fail(new ApiError(failure, null, { code: null, message: null }, url), options);
    }
    this.time(method, url, response.status, started, early?.answeredAt() ?? undefined);
    if (response.status === 401 && !renewed && !options.quiet && (await this.hooks.renewAfterUnauthorized?.())) {
      return this.request<T>(method, base, path, options, true);
    }
    const data: unknown = await response
      .clone()
      .json()
      .catch(() => response.text().catch(() => null));
    if (response.ok) return data as T;
    throw this.fail(new ApiError('http', response.status, extractServerError(data), url), options);
  }

  private time(method: string, url: string, status: number | null, started: number, ended = performance.now()): void {
    const ms = Math.round(ended - started);
    this.hooks.onTiming?.({ method, path: new URL(url).pathname, status, ms, bucket: timeBucket(ms) });
  }

  private fail(error: ApiError, options: RequestOptions): ApiError {
    if (options.quiet) return error;
    this.hooks.onErrorTracked?.({ ...error.server, status: error.status, url: error.url });
    if (error.failure !== 'http') {
      if (!options.bypassNormalErrors) this.hooks.onError({ failure: error.failure, message: null });
      return error;
    }
    const reaction = reactionTo(error.status ?? 0, error.server, options.bypassNormalErrors ?? false);
    if (reaction.kind === 'logout') this.hooks.onUnauthorized();
    else if (reaction.kind === 'forbidden') this.hooks.onForbidden();
    else if (reaction.kind === 'toast') this.hooks.onError({ failure: 'http', message: reaction.message });
    return error;
  }
}
