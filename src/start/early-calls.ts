import { requestOf } from '../api/client.ts';
import { offerEarlyResponse, requestKey, sendEarly } from '../api/early-responses.ts';
import { startCalls, type CallRequest } from '../api/start-calls.ts';
import { CONFIG_PATH, CONFIG_TIMEOUT_MS, fetchRuntimeConfig } from '../config/load.ts';
import { serviceBases } from '../config/service-bases.ts';
import { storedChoices } from '../context/choices.ts';
import { startClaimsFrom } from '../context/user.ts';
import { firstFlagRequest } from '../flags/load.ts';
import { isBrowserOnline, shellMode, storedModeThrough } from '../offline/mode.ts';
import { RENEW_AHEAD_S } from '../session/sign-in-settings.ts';
import { storedUserName } from '../session/stored-entries.ts';
import { peekStored, storedText } from '../storage/local.ts';
import { isRecord, storedSignIn } from './frame-first/rules.ts';
import { expectedSellerOf, sendFirstCalls, type StartApi, type StartUser } from './startup.ts';

/**
 * The start's first calls, sent by the boot step (frame-first/boot-step.ts) on a start that runs
 * the start-up sequence before it draws: a first start, with no start frame planned. On a phone the
 * app's libraries take a second or more to arrive, and the sequence's calls went out only once they
 * had run; sent now, their answers are there when the app asks for the same requests
 * (api/early-responses.ts). The runtime config's request is handed over too (app/boot.tsx).
 *
 * What is sent is decided by the sequence itself: its first part (startup.ts `sendFirstCalls`) runs
 * here over an API that sends each call and answers none, so it sends exactly the calls a start sends
 * before any answer. Whatever is missing or invalid (no config, no signed-in user, a token the session
 * renews first, offline mode) sends nothing: the app's own reads decide and report.
 */

/** An early answer the app has not asked for by then is dropped: the default start-up deadline. */
export const EARLY_KEEP_MS = CONFIG_TIMEOUT_MS;

/** What the early calls need of the runtime config: read without its schema, which the app applies. */
export interface EarlyConfig {
  api: { base: string; flags: string };
  oidc: { authority: string; clientId: string };
}

const fields = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const httpAddress = (value: unknown): value is string => typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

export function earlyConfig(json: unknown): EarlyConfig | null {
  const { api, oidc } = fields(json);
  const { base, flags } = fields(api);
  const { authority, clientId } = fields(oidc);
  if (!httpAddress(base) || !(flags === undefined || httpAddress(flags)) || !httpAddress(authority)) return null;
  if (typeof clientId !== 'string' || clientId === '') return null;
  return { api: serviceBases({ base, flags }), oidc: { authority, clientId } };
}

/**
 * The signed-in user and their token, when the token is one the session uses as it is (not ending
 * within RENEW_AHEAD_S: the session renews such a token first, and the calls go with the new one).
 */
export function earlySignedIn(raw: string | null, nowMs: number): { user: StartUser; token: string } | null {
  const signIn = storedSignIn(raw);
  if (!signIn?.accessToken || signIn.expiresAt - nowMs / 1000 < RENEW_AHEAD_S) return null;
  return { user: startClaimsFrom(signIn.profile), token: signIn.accessToken };
}

/** The boot step's part: never rejects (a failure only means the app sends its calls itself). */
export async function sendStartCallsEarly(): Promise<void> {
  try {
    if (shellMode(storedModeThrough(peekStored), isBrowserOnline()) !== 'online') return;
    const configResponse = fetchRuntimeConfig();
    // Under the name the app's config load asks for (app/boot.tsx).
    offerEarlyResponse(requestKey('GET', CONFIG_PATH), configResponse, EARLY_KEEP_MS);
    const config = earlyConfig(await (await configResponse).clone().json());
    const signedIn = config && earlySignedIn(storedText(storedUserName(config.oidc.authority, config.oidc.clientId)), Date.now());
    if (!config || !signedIn) return;
    const { user, token } = signedIn;
    const stored = storedChoices(peekStored);
    const send = sender(token, expectedSellerOf(user, stored));
    sendFirstCalls(user, {
      api: sendingApi(send, config.api.base),
      loadFlags(context) {
        send('POST', config.api.flags, startCalls.flags(), firstFlagRequest(context));
        return Promise.resolve({});
      },
      stored,
      deadlineMs: EARLY_KEEP_MS,
    });
  } catch (error) {
    console.warn('[start] the start sends its calls itself', error);
  }
}

type Send = (method: 'GET' | 'POST', base: string, call: CallRequest, body?: unknown) => void;

/**
 * Sends a call of this user as the app's API client would, each in a task of its own: starting a
 * request costs the main thread a few ms on a phone, and eight at once were one task of 80 ms there.
 */
function sender(token: string, sellerId: number | null): Send {
  return (method, base, call, body) => {
    const request = requestOf(method, base, call.path, { query: call.query, body }, token, sellerId);
    setTimeout(() => sendEarly(request, EARLY_KEEP_MS));
  };
}

/** An API that sends each call and answers none here: the app takes the answers. */
function sendingApi(send: Send, base: string): StartApi {
  const sent = (call: CallRequest) => {
    send('GET', base, call);
    return new Promise<never>(() => undefined);
  };
  return {
    sellers: (platformId) => sent(startCalls.sellerPage(platformId, 1)),
    websites: (platformId) => sent(startCalls.websites(platformId)),
    userSites: () => sent(startCalls.userSites()),
    numberDisplayFormat: (by) => sent(startCalls.numberDisplayFormat(by)),
    upgradeWindows: () => sent(startCalls.upgradeWindows()),
  };
}
