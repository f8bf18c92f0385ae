/** No time-out is given by the spec; 20 s covers slow handheld networks without hanging forever. */
export const DEFAULT_TIMEOUT_MS = 20_000;
