import { useMemo, useState } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import type { Seller } from '../api/portal-api.ts';
import { ChooserModal } from './ChooserModal.tsx';
import { filterSellers } from './seller-search.ts';

export const DEFAULT_SELLER_LOGO = '/icons/default-seller.svg';

interface Props {
  sellers: Seller[];
  currentId: number | null;
  blocking: boolean;
  onChoose(seller: Seller): void;
  onClose?: () => void;
  footer?: React.ReactNode;
}

/** The seller chooser: trimmed, accent-insensitive search by name or exact id; inactive sellers struck through. */
export default function SellerChooser({ sellers, currentId, blocking, onChoose, onClose, footer }: Props) {
  const { t } = useDeferredTranslation();
  const [query, setQuery] = useState('');
  const found = useMemo(() => filterSellers(sellers, query), [sellers, query]);
  return (
    <ChooserModal
      title={t('Chooser.ChooseSeller')}
      search={{ label: t('Chooser.SearchSeller'), value: query, onChange: setQuery }}
      blocking={blocking}
      onClose={onClose}
      footer={footer}
    >
      {(titleId) =>
        found.length === 0 ? (
          <p role="status">{t('NoResult')}</p>
        ) : (
          <ul className="chooser__list" aria-labelledby={titleId}>
            {found.map((seller) => (
              <li key={seller.id}>
                <button
                  type="button"
                  className={seller.isActive ? 'chooser__option' : 'chooser__option chooser__option--inactive'}
                  aria-current={seller.id === currentId}
                  onClick={() => onChoose(seller)}
                >
                  <img src={seller.logoUrl || DEFAULT_SELLER_LOGO} alt="" loading="lazy" />
                  <span>
                    <span className="chooser__name">{seller.displayName || seller.name}</span>
                    <span className="chooser__meta">
                      #{seller.id}
                      {seller.displayName && seller.displayName !== seller.name ? ` · ${seller.name}` : ''}
                      {!seller.isActive && ` · ${t('Chooser.Inactive')}`}
                    </span>
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
