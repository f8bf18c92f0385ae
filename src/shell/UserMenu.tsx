import { personCircleOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useShell } from '../context/shell.ts';
import { useSession } from '../session/context.ts';
import { useShiftControls } from '../shared-device/index.tsx';
import { Icon } from '../ui/Icon.tsx';
import { MenuButton } from '../ui/MenuButton.tsx';

/** The signed-in user's name and picture, with Logout — on a shared device, End shift in its place. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const shift = useShiftControls();
  const { user } = useShell();
  const leave = shift
    ? { key: 'end-shift', label: t('Shell.EndShift'), onSelect: () => shift.endShift() }
    : { key: 'logout', label: t('Logout'), onSelect: () => void session.logout() };
  return (
    <MenuButton label={`${t('Shell.UserMenu')}: ${user.name}`} items={[leave]}>
      {user.picture ? <img className="user-menu__picture" src={user.picture} alt="" width={32} height={32} /> : <Icon icon={personCircleOutline} />}
      <span className="user-menu__name">{user.name}</span>
    </MenuButton>
  );
}
