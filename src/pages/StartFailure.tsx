import { useEffect } from 'react';
import { restart } from '../effects/restart.ts';
import { subscribeConnectivity } from '../offline/mode.ts';
/**
 * Shown when the app's own files (translations, the app chunk) cannot load, or drawing failed.
 * i18next may be the thing that failed, so this one page carries its text in both languages
 * directly. It starts again by itself when the connection returns.
 */
export function StartFailure() {
  useEffect(() => subscribeConnectivity((online) => online && restart('connection')), []);
  return (
    <main className="standalone-page">
      <h1>Không thể khởi động / Could not start</h1>
      <p lang="vi">Không tải được ứng dụng. Vui lòng kiểm tra kết nối và thử lại.</p>
      <p lang="en">The portal could not load. Check your connection and try again.</p>
      <button type="button" className="button button--primary" onClick={() => restart('retry')}>
        Thử lại / Retry
      </button>
    </main>
  );
}
