import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from '../navigation/navigation-context.ts';

/**
 * Menu search (shell.md §2): width 500, list max height 300, case- and accent-insensitive.
 * Up/down move, Enter opens, Escape closes. A native modal dialog keeps focus inside.
 */
export function MenuSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { search, open: openItem } = useNavigation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const hits = useMemo(() => (query.trim() ? search(query) : []), [search, query]);
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const choose = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    onClose();
    openItem(hit.item);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((index) => (index + step + hits.length) % hits.length);
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
            aria-expanded={hits.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={hits.length > 0 ? optionId(selected) : undefined}
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
          {query.trim() && hits.length === 0 && (
            <p className="menu-search__empty" role="status">
              {t('NoResult')}
            </p>
          )}
        </>
      )}
    </dialog>
  );
}
