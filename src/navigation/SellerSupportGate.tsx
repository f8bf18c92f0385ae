import { useCallback, useEffect, useRef } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import type { Seller } from '../api/portal-api.ts';
import { chooseSeller } from '../context/choices.ts';
import { useRuntime } from '../context/runtime.ts';
import type { SellerSupportOutcome } from './seller-support.ts';
import { useOverlay, type OverlayPresenter } from '../ui/useOverlay.ts';
import { useNavigation } from './navigation-context.ts';
import '../context/chooser.css';
import './seller-support.css';

/**
 * The seller-support modals of routes.md §4/§8. Invoicing: a list of supported sellers to switch to
 * (cancel goes home) or, with none, a notice with Back. Group reports: a confirm to switch to the group
 * parent seller (No goes home) or, without it, the 'seller information is invalid' empty state.
 */
export function SellerSupportGate({ outcome }: { outcome: Exclude<SellerSupportOutcome<Seller>, { kind: 'supported' }> }) {
  const { t } = useDeferredTranslation();
  const runtime = useRuntime();
  const { go } = useNavigation();
  const dialog = useRef<HTMLDialogElement>(null);
  const kind = outcome.kind;
  useEffect(() => {
    if (kind === 'switchToSupported' || kind === 'noSupportedSeller') dialog.current?.showModal();
  }, [kind]);
  const parent = outcome.kind === 'switchToParent' ? outcome.parent : null;

  const presentOverlay = useCallback<OverlayPresenter>(
    ({ showAlert }) =>
      showAlert({
        header: t('SellerSupport.Title'),
        message: t('SellerSupport.SwitchToParent', { name: parent?.displayName || parent?.name }),
        buttons: [
          { text: t('No'), role: 'cancel', handler: () => go('/', { replace: true }) },
          { text: t('Yes'), role: 'confirm', handler: () => void (parent && chooseSeller(parent.id)) },
        ],
      }),
    [parent, t, go],
  );
  useOverlay(parent !== null, presentOverlay);

  if (outcome.kind === 'invalidSeller') {
    return (
      <main className="standalone-page" aria-labelledby="seller-invalid-title">
        <h1 id="seller-invalid-title">{t('Messages.SellerInfoInvalid')}</h1>
        <p>
          {t('Messages.ContactAdmin')} <a href={`mailto:${runtime.config.support.defaultEmail}`}>{runtime.config.support.defaultEmail}</a>
        </p>
      </main>
    );
  }
  if (outcome.kind === 'switchToParent') return null;
  return (
    <dialog
      ref={dialog}
      className="seller-support"
      aria-labelledby="seller-support-title"
      onCancel={(event) => {
        // Escape means cancel: back home, never a half-open page.
        event.preventDefault();
        go('/', { replace: true });
      }}
    >
      <h2 id="seller-support-title">{t('SellerSupport.Title')}</h2>
      <p>{t('Messages.SellerNotSupported')}</p>
      {outcome.kind === 'switchToSupported' ? (
        <>
          <ul className="chooser__list">
            {outcome.sellers.map((seller) => (
              <li key={seller.id}>
                <button type="button" className="chooser__option" onClick={() => chooseSeller(seller.id)}>
                  {seller.displayName || seller.name}
                </button>
              </li>
            ))}
          </ul>
          <div className="error-page__actions">
            <button type="button" className="button" onClick={() => go('/', { replace: true })}>
              {t('Cancel')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t('SellerSupport.NoSupportedSeller')}</p>
          <div className="error-page__actions">
            <button type="button" className="button button--primary" onClick={() => (history.length > 1 ? history.back() : go('/', { replace: true }))}>
              {t('Back')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
