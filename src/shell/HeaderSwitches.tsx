import { businessOutline, locationOutline, storefrontOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalApi } from '../api/context.ts';
import { useShell } from '../context/shell.ts';
import { choosePlatform, chooseSeller, chooseSite } from '../context/choices.ts';
import type { SwitchAbility } from '../navigation/route-options.ts';
import { Icon } from '../ui/Icon.tsx';
import { MenuButton } from '../ui/MenuButton.tsx';
import { deferred } from '../ui/deferred.tsx';
import { withDeferredTexts } from '../i18n/index.ts';

const PlatformChooser = deferred(() => withDeferredTexts(import('../context/PlatformChooser.tsx')).then((module) => module.default));
const SellerChooser = deferred(() => withDeferredTexts(import('../context/SellerChooser.tsx')).then((module) => module.default));

/** Platform, seller and site switches: each choice is stored and the page reloads (shell.md §4). */
export function HeaderSwitches({ show }: { show: SwitchAbility }) {
  const { t } = useTranslation();
  const shell = useShell();
  const api = usePortalApi();
  const [chooser, setChooser] = useState<'platform' | 'seller' | null>(null);
  const close = () => setChooser(null);
  const sellerName = shell.seller.displayName || shell.seller.name;
  const site = show.switchSite ? shell.site : null;
  return (
    <>
      {/* One group, so that on a phone it takes a row of its own where the names can be read. */}
      {(site || show.switchPlatform || show.switchSeller) && (
        <div className="header-switches">
          {site && (
            <MenuButton
              label={t('Chooser.Site', { name: site.name })}
              items={shell.sites.map((other) => ({
                key: String(other.id),
                label: other.name,
                checked: other.id === site.id,
                onSelect: () => other.id !== site.id && chooseSite(other.id),
              }))}
            >
              <Icon icon={locationOutline} />
              <span className="header-switch__name">{site.name}</span>
            </MenuButton>
          )}
          {show.switchPlatform && (
            <button type="button" className="button header-switch" aria-label={t('Chooser.Platform', { name: shell.platform?.name ?? '' })} onClick={() => setChooser('platform')}>
              <Icon icon={businessOutline} />
              <span>{shell.platform?.name}</span>
            </button>
          )}
          {show.switchSeller && (
            <button type="button" className="button header-switch" aria-label={t('Chooser.Seller', { name: sellerName })} onClick={() => setChooser('seller')}>
              <Icon icon={storefrontOutline} />
              <span>{sellerName}</span>
            </button>
          )}
        </div>
      )}
      {chooser === 'platform' && (
        <PlatformChooser
          api={api}
          currentId={shell.platform?.id ?? null}
          blocking={false}
          onClose={close}
          onChoose={(platform) => (platform.id === shell.platform?.id ? close() : choosePlatform(platform))}
        />
      )}
      {chooser === 'seller' && (
        <SellerChooser
          sellers={shell.sellers}
          currentId={shell.seller.id}
          blocking={false}
          onClose={close}
          onChoose={(seller) => (seller.id === shell.seller.id ? close() : chooseSeller(seller.id))}
        />
      )}
    </>
  );
}
