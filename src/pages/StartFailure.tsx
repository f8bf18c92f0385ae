import { restart } from '../effects/restart.ts';
/**
 * Shown when the app's own files (translations, the app chunk) cannot load. i18next may be the
 * thing that failed, so this one page carries its text in both languages directly.
 */
export function StartFailure() {
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
