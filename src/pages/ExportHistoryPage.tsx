import { Page } from '../ui/Page.tsx';
import { useEffect, useId, useState } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import type { ExportJob } from '../api/portal-api.ts';
import { usePortalApi } from '../api/context.ts';
import './export-history.css';

/** Page size options and default of shell.md §9. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 10;

/** Export history of one export type (shell.md §2 shared screens): the user's export jobs, newest first. */
export function ExportHistoryPage({ exportType }: { exportType: string }) {
  const { t, i18n } = useDeferredTranslation();
  const api = usePortalApi();
  const sizeId = useId();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const key = `${exportType}:${paging.page}:${paging.pageSize}`;
  const [result, setResult] = useState<{ key: string; jobs: ExportJob[]; total: number; failed: boolean }>({ key: '', jobs: [], total: 0, failed: false });

  useEffect(() => {
    const controller = new AbortController();
    api.exportHistory({ exportType, ...paging }, controller.signal).then(
      (data) => setResult({ key: `${exportType}:${paging.page}:${paging.pageSize}`, ...data, failed: false }),
      () => !controller.signal.aborted && setResult({ key: `${exportType}:${paging.page}:${paging.pageSize}`, jobs: [], total: 0, failed: true }),
    );
    return () => controller.abort();
  }, [api, exportType, paging]);

  const loading = result.key !== key;
  const pages = Math.max(1, Math.ceil(result.total / paging.pageSize));
  const typeName = t(`ExportHistory.Types.${exportType}`, { defaultValue: exportType });
  const date = new Intl.DateTimeFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Page>
        <main className="export-history" aria-busy={loading}>
          <h1>{t('ExportHistory.Title', { type: typeName })}</h1>
          {result.jobs.length === 0 && !loading ? (
            <p role="status">{result.failed ? t('Messages.SystemError') : t('NoResult')}</p>
          ) : (
            <div className="export-history__table">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('ExportHistory.File')}</th>
                    <th scope="col">{t('ExportHistory.CreatedAt')}</th>
                    <th scope="col">{t('ExportHistory.Status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.jobs.map((job) => (
                    <tr key={job.id}>
                      <td>{job.fileName}</td>
                      <td>{date.format(new Date(job.createdAt))}</td>
                      <td>{t(`ExportHistory.StatusName.${job.status}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="export-history__pager">
            <label htmlFor={sizeId}>{t('ExportHistory.PageSize')}</label>
            <select id={sizeId} value={paging.pageSize} onChange={(event) => setPaging({ page: 1, pageSize: Number(event.target.value) })}>
              {PAGE_SIZE_OPTIONS.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
            <button type="button" className="button" disabled={paging.page <= 1} onClick={() => setPaging((p) => ({ ...p, page: p.page - 1 }))}>
              {t('ExportHistory.Previous')}
            </button>
            <span>{t('ExportHistory.PageOf', { page: paging.page, pages })}</span>
            <button type="button" className="button" disabled={paging.page >= pages} onClick={() => setPaging((p) => ({ ...p, page: p.page + 1 }))}>
              {t('ExportHistory.Next')}
            </button>
          </div>
        </main>
      </Page>
  );
}
