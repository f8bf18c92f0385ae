import { Icon } from './Icon.tsx';
import { personCircleOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useSession, useSessionState } from '../session/context.ts';
import { MenuButton } from './MenuButton.tsx';

/** The signed-in user's name and picture, with Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const state = useSessionState();
  const profile = state.status === 'signedIn' || state.status === 'expired' ? state.user.profile : null;
  const name = profile?.name ?? profile?.preferred_username ?? '';
  return (
    <MenuButton
      label={`${t('Shell.UserMenu')}: ${name}`}
      items={[{ key: 'logout', label: t('Logout'), onSelect: () => void session.logout() }]}
    >
      {profile?.picture ? (
        <img className="user-menu__picture" src={profile.picture} alt="" width={32} height={32} />
      ) : (
        <Icon icon={personCircleOutline} />
      )}
      <span className="user-menu__name">{name}</span>
    </MenuButton>
  );
}
