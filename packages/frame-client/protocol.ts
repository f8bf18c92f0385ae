/** What every message of the frame protocol shares (dependency-free, also read by the portal's service worker). */
export const PROTOCOL = 'staff-portal/1';

const MAX_REQUEST_ID_LENGTH = 100;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isRequestId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_REQUEST_ID_LENGTH;

export const newRequestId = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;
