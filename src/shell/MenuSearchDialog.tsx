import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClosedHit, createClosedSearch } from '../access/closed-search.ts';
import { useRequester } from '../access/requester.ts';
import { createMenuSearch } from '../gating/search.ts';
import { useNavigation } from '../navigation/navigation-context.ts';
import { deferred } from '../ui/deferred.tsx';
import { useDeferredTranslation, withDeferredTexts } from '../i18n/index.ts';
import { ACCESS_NAMESPACE } from '../i18n/languages.ts';
import './menu-search.css';

// Not from access/lazy.tsx: importing that module here puts it on the start path (+0.4 KB, one more file).
const ClosedResults = deferred(() => withDeferredTexts(import('../access/ClosedResults.tsx'), ACCESS_NAMESPACE).then((module) => module.default));

/**
 * Menu search (shell.md §2): width 500, list max height 300, case- and accent-insensitive.
 * Up/down move, Enter opens, Escape closes. A native modal dialog keeps focus inside. Below the
 * results, the matching pages the user cannot open, dimmed with their reason; Enter on
 * one starts an access request. That part loads with the dialog's first opening.
 */
export function MenuSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useDeferredTranslation();
  const { menu, open: openItem } = useNavigation();
  // Built at the dialog's first opening, not when its chunk loads behind the first screen: a start
  // that never searches never pays for folding every title (on a handheld, as long as a frame's task).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const search = useMemo(() => (opened ? createMenuSearch(menu, (key) => t(key, { ns: 'routes' })) : null), [opened, menu, t]);
  const requester = useRequester();
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const closedSearch = useClosedSearch(open);
  const hits = useMemo(() => (search && query.trim() ? search(query) : []), [search, query]);
  const closed = useMemo(() => (closedSearch ? closedSearch(query) : []), [closedSearch, query]);
  const total = hits.length + closed.length;
  const listId = useId();
  const closedListId = `${listId}-closed`;
  const optionId = (index: number) => `${listId}-${index}`;
  const closedOptionId = (index: number) => optionId(hits.length + index);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const choose = (index: number) => {
    const hit = hits[index];
    if (!hit) {
      // A closed page: its request-access link.
      document.getElementById(optionId(index))?.querySelector('a')?.click();
      return;
    }
    onClose();
    openItem(hit.item);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (total === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((index) => (index + step + total) % total);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(selected);
    } else if (event.key === 'Escape') {
      // A search input would spend the first Escape clearing itself: Escape always closes here.
      event.preventDefault();
      onClose();
    }
  };

  useEffect(() => {
    document.getElementById(optionId(selected))?.scrollIntoView({ block: 'nearest' });
  });

  return (
    <dialog
      ref={dialog}
      className="menu-search"
      aria-label={t('MenuSearch.Title')}
      onClose={() => {
        setQuery('');
        setSelected(0);
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose(); // a click on the backdrop
      }}
    >
      {open && (
        <>
          <input
            className="menu-search__input"
            type="search"
            role="combobox"
            aria-label={t('MenuSearch.Title')}
            aria-expanded={total > 0}
            aria-controls={closed.length > 0 ? `${listId} ${closedListId}` : listId}
            aria-autocomplete="list"
            aria-activedescendant={total > 0 ? optionId(selected) : undefined}
            placeholder={t('MenuSearch.Placeholder')}
            value={query}
            autoFocus
            onChange={(event) => {
              setQuery(event.target.value);
              setSelected(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul className="menu-search__list" id={listId} role="listbox" aria-label={t('MenuSearch.Results')}>
            {hits.map((hit, index) => (
              <li
                key={hit.item.path}
                id={optionId(index)}
                role="option"
                aria-selected={index === selected}
                className="menu-search__option"
                onMouseMove={() => setSelected(index)}
                onClick={() => choose(index)}
              >
                <span>{hit.title}</span>
                {hit.groupTitle && <span className="menu-search__group">{hit.groupTitle}</span>}
              </li>
            ))}
          </ul>
            <ClosedResults
              id={closedListId}
              hits={closed}
              selected={selected - hits.length}
              optionId={closedOptionId}
              onHover={(index) => setSelected(hits.length + index)}
              requester={requester}
            />
          {query.trim() && total === 0 && (
            <p className="menu-search__empty" role="status">
              {t('NoResult')}
            </p>
          )}
        </>
      )}
    </dialog>
  );
}

/** The closed-pages search, built on first opening from the same gate as the menu; null until loaded. */
function useClosedSearch(open: boolean): ((query: string) => ClosedHit[]) | null {
  const { t } = useTranslation();
  const { resolver } = useNavigation();
  const [loaded, setLoaded] = useState<{ createClosedSearch: typeof createClosedSearch } | null>(null);
  useEffect(() => {
    if (!open || loaded) return;
    let live = true;
    void import('../access/closed-search.ts').then((module) => live && setLoaded(module));
    return () => {
      live = false;
    };
  }, [open, loaded]);
  return useMemo(() => (loaded ? loaded.createClosedSearch(resolver.explain, (key) => t(key, { ns: 'routes' })) : null), [loaded, resolver, t]);
}
