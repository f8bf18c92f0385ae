import { useEffect } from 'react';
import { restart } from '../effects/restart.ts';
import { subscribeConnectivity } from '../offline/mode.ts';
import { START_FAILURE } from '../ui/start-failure.ts';
/**
 * Shown when the app's own files (translations, the app chunk) cannot load, or drawing failed.
 * i18next may be the thing that failed, so this one page carries its text in both languages
 * directly. It starts again by itself when the connection returns.
 */
export function StartFailure() {
  useEffect(() => subscribeConnectivity((online) => online && restart('connection')), []);
  return (
    <main className="standalone-page">
      <h1>{START_FAILURE.title}</h1>
      <p lang="vi">{START_FAILURE.vi}</p>
      <p lang="en">{START_FAILURE.en}</p>
      <button type="button" className="button button--primary" onClick={() => restart('retry')}>
        {START_FAILURE.retry}
      </button>
    </main>
  );
}
