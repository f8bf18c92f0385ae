import { missingPermissions } from '../gating/explain.ts';
import { useAccessText } from './access-text.ts';
import type { Requester } from './AccessExplanation.tsx';
import type { ClosedHit } from './closed-search.ts';
import { requestAccessHref, shortReason } from './describe.ts';
import './access.css';

/**
 * Menu search's closed pages: dimmed options (`aria-disabled`) whose description is the reason,
 * each with a request-access link. Selection and keys stay with the search dialog.
 */
export default function ClosedResults({
  id,
  hits,
  selected,
  optionId,
  onHover,
  requester,
}: {
  id: string;
  hits: readonly ClosedHit[];
  /** Index into `hits` of the selected option, or -1. */
  selected: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  requester: Requester;
}) {
  const t = useAccessText();
  if (hits.length === 0) return null;
  return (
    <>
      <p className="menu-search__closed-heading" id={`${id}-heading`}>
        {t('ClosedPages')}
      </p>
      <ul className="menu-search__list" id={id} role="listbox" aria-labelledby={`${id}-heading`}>
        {hits.map((hit, index) => {
          const reason = hit.reasons.map((r) => shortReason(r, t)).filter((text, i, all) => all.indexOf(text) === i).join(' · ');
          return (
            <li
              key={hit.item.path}
              id={optionId(index)}
              role="option"
              aria-disabled="true"
              aria-selected={index === selected}
              aria-describedby={`${optionId(index)}-reason`}
              className="menu-search__option menu-search__option--closed"
              onMouseMove={() => onHover(index)}
            >
              <span>{hit.title}</span>
              {hit.groupTitle && <span className="menu-search__group">{hit.groupTitle}</span>}
              <span className="menu-search__reason" id={`${optionId(index)}-reason`}>
                {reason}
              </span>
              <a
                className="menu-search__request"
                tabIndex={-1}
                aria-label={t('RequestAccessTo', { title: hit.title })}
                href={requestAccessHref(
                  { ...requester, path: hit.item.path, title: hit.title, missing: missingPermissions({ allowed: false, reasons: hit.reasons }), reasons: hit.reasons },
                  t,
                )}
              >
                {t('RequestAccess')}
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}
