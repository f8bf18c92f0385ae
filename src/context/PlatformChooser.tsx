import { useEffect, useState } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import type { Platform, PortalApi } from '../api/portal-api.ts';
import { useDebouncedValue } from '../ui/useDebouncedValue.ts';
import { ChooserModal } from './ChooserModal.tsx';

/** Platforms per page of the chooser (shell.md §9: default page size 10). */
export const PLATFORM_PAGE_SIZE = 10;

interface Props {
  api: PortalApi;
  currentId: number | null;
  blocking: boolean;
  onChoose(platform: Platform): void;
  onClose?: () => void;
  footer?: React.ReactNode;
}

/**
 * The platform chooser: debounced (500 ms) search on the server, pages of 10 with a load-more button
 * that shows only while more platforms exist than are loaded. Load errors leave the list empty.
 */
export default function PlatformChooser({ api, currentId, blocking, onChoose, onClose, footer }: Props) {
  const { t } = useDeferredTranslation();
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim());
  // The page belongs to the query it was loaded for: a new query (an earlier one typed again, or the
  // search cleared, included) starts again at page 1.
  const [paging, setPaging] = useState({ query, page: 1 });
  if (paging.query !== query) setPaging({ query, page: 1 });
  const page = paging.query === query ? paging.page : 1;
  const key = `${page}:${query}`;
  const [result, setResult] = useState<{ key: string; query: string; platforms: Platform[]; total: number }>({
    key: '',
    query: '',
    platforms: [],
    total: 0,
  });
  const loading = result.key !== key;

  useEffect(() => {
    const controller = new AbortController();
    api.platforms({ page, pageSize: PLATFORM_PAGE_SIZE, query }, controller.signal).then(
      ({ platforms, total }) =>
        setResult((previous) => ({
          key: `${page}:${query}`,
          query,
          platforms: page > 1 && previous.query === query ? [...previous.platforms, ...platforms] : platforms,
          total,
        })),
      () => !controller.signal.aborted && setResult({ key: `${page}:${query}`, query, platforms: [], total: 0 }),
    );
    return () => controller.abort();
  }, [api, page, query]);

  const hasMore = result.total > result.platforms.length;
  return (
    <ChooserModal
      title={t('Chooser.ChoosePlatform')}
      search={{ label: t('Chooser.SearchPlatform'), value: input, onChange: setInput }}
      blocking={blocking}
      onClose={onClose}
      footer={
        <>
          {hasMore && (
            <button type="button" className="button chooser__more" disabled={loading} onClick={() => setPaging({ query, page: page + 1 })}>
              {t('Chooser.LoadMore')}
            </button>
          )}
          {footer}
        </>
      }
    >
      {(titleId) =>
        result.platforms.length === 0 && !loading ? (
          <p role="status">{t('NoResult')}</p>
        ) : (
          <ul className="chooser__list" aria-labelledby={titleId} aria-busy={loading}>
            {result.platforms.map((platform) => (
              <li key={platform.id}>
                <button type="button" className="chooser__option" aria-current={platform.id === currentId} onClick={() => onChoose(platform)}>
                  <span>
                    <span className="chooser__name">{platform.name}</span>
                    {platform.code && <span className="chooser__meta">{platform.code}</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      }
    </ChooserModal>
  );
}
