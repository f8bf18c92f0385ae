/** Each service may live elsewhere; by default they all sit behind the API base address. */
export function serviceBases(api: { base: string; sellers?: string; flags?: string; tracking?: string; notification?: string }) {
  return {
    base: api.base,
    sellers: api.sellers ?? api.base,
    flags: api.flags ?? api.base,
    tracking: api.tracking ?? api.base,
    notification: api.notification ?? api.base,
  };
}
