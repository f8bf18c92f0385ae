import { useLayoutEffect, useState } from 'react';
import { useNavigate, type NavigateFunction, type NavigateOptions, type To } from 'react-router';

/**
 * The router's navigate as one function for the page's life. React Router (outside a data router)
 * gives a new navigate on every navigation; callbacks built once — the API's 403 handler, the menu's
 * items, the frames' events — call the latest one through this.
 */
export function useStableNavigate(): NavigateFunction {
  const navigate = useNavigate();
  const [stable] = useState(() => {
    let latest = navigate;
    const go: NavigateFunction = (to: To | number, options?: NavigateOptions) => (typeof to === 'number' ? latest(to) : latest(to, options));
    return { go, follow: (next: NavigateFunction) => void (latest = next) };
  });
  useLayoutEffect(() => stable.follow(navigate), [stable, navigate]);
  return stable.go;
}
