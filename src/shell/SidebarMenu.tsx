import { chevronDownOutline, chevronForwardOutline } from 'ionicons/icons';
import { memo, startTransition, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteItem } from '../catalogue/types.ts';
import type { MenuEntry } from '../gating/visibility.ts';
import { useNavigation } from '../navigation/navigation-context.ts';
import { Icon } from '../ui/Icon.tsx';

/** A menu icon by its catalogue name, or null while the icons load. */
type IconOf = (name: string | undefined) => string | null;
const noIcons: IconOf = () => null;

/** The menu's icons load after the shell has drawn: they are not worth a wait before the first frame. */
export function useMenuIcons(): IconOf {
  const [iconOf, setIconOf] = useState<IconOf>(() => noIcons);
  useEffect(() => {
    let live = true;
    // The icons' arrival redraws every group: in a transition, which gives the main thread back between
    // groups (at once it was one task of 50-60 ms on the handheld profile, traced, behind the first screen).
    void import('./menu-icons.ts').then(({ menuIcon }) => live && startTransition(() => setIconOf(() => menuIcon)));
    return () => {
      live = false;
    };
  }, []);
  return iconOf;
}

/**
 * The sidebar menu, two levels, in plain DOM: a collapsed group renders no children, so hundreds of
 * routes never cost hundreds of elements. The group of the current route starts open.
 */
export function SidebarMenu({ activePath, onSearch }: { activePath: string | null; onSearch: () => void }) {
  const { t } = useTranslation();
  const { menu } = useNavigation();
  const activeGroup = menu.find((entry) => entry.children.some((child) => child.path === activePath))?.item.path ?? null;
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(activeGroup ? [activeGroup] : []));
  const iconOf = useMenuIcons();
  // Stable, so the memoised groups re-render only when their own props change.
  const toggle = useCallback(
    (path: string) =>
      setOpened((current) => {
        const next = new Set(current);
        if (next.has(path)) next.delete(path);
        else next.add(path);
        return next;
      }),
    [],
  );
  return (
    <>
      <button type="button" className="sidebar__search" onClick={onSearch} aria-keyshortcuts="Control+K Meta+K">
        <Icon icon={iconOf('search-outline')} size={20} />
        <span>{t('MenuSearch.Open')}</span>
        <kbd aria-hidden="true">Ctrl K</kbd>
      </button>
      <ul className="menu">
        {menu.map((entry) => (
          <MenuGroup
            key={entry.item.path}
            entry={entry}
            open={opened.has(entry.item.path) || entry.item.path === activeGroup}
            onToggle={toggle}
            iconOf={iconOf}
            activePath={entry.children.length === 0 || entry.item.path === activeGroup ? activePath : null}
          />
        ))}
      </ul>
    </>
  );
}

const MenuGroup = memo(function MenuGroup({
  entry,
  open,
  onToggle,
  iconOf,
  activePath,
}: {
  entry: MenuEntry;
  open: boolean;
  onToggle: (path: string) => void;
  iconOf: IconOf;
  activePath: string | null;
}) {
  const { titleOf } = useNavigation();
  if (entry.children.length === 0) {
    return (
      <li>
        <MenuLink item={entry.item} active={entry.item.path === activePath} iconOf={iconOf} icon={iconOf(entry.item.icon)} />
      </li>
    );
  }
  const listId = `menu-${entry.item.path.replace(/\W+/g, '-')}`;
  return (
    <li>
      <button type="button" className="menu__group" aria-expanded={open} aria-controls={open ? listId : undefined} onClick={() => onToggle(entry.item.path)}>
        <Icon icon={iconOf(entry.item.icon)} size={20} />
        <span className="menu__label">{titleOf(entry.item)}</span>
        <Icon icon={open ? chevronDownOutline : chevronForwardOutline} size={16} />
      </button>
      {open && (
        <ul className="menu__children" id={listId}>
          {entry.children.map((child) => (
            <li key={child.path}>
              <MenuLink item={child} active={child.path === activePath} iconOf={iconOf} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
});

/** `icon`: a top-level item's icon (null while loading); children have none. `iconOf` draws the new-tab mark. */
function MenuLink({ item, active, iconOf, icon }: { item: RouteItem; active: boolean; iconOf: IconOf; icon?: string | null }) {
  const { t } = useTranslation();
  const { open, titleOf } = useNavigation();
  const title = titleOf(item);
  const external = Boolean(item.redirectOutside);
  return (
    <a
      className={active ? 'menu__link menu__link--active' : 'menu__link'}
      href={external ? undefined : item.path}
      role={external || item.isModalItem ? 'button' : undefined}
      tabIndex={0}
      aria-current={active ? 'page' : undefined}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || (event.button ?? 0) !== 0) {
          if (!external && !item.isModalItem) return; // let the browser open a portal route in a new tab
        }
        event.preventDefault();
        open(item);
      }}
      onKeyDown={(event) => {
        if ((external || item.isModalItem) && (event.key === 'Enter' || event.key === ' ')) {
          event.preventDefault();
          open(item);
        }
      }}
    >
      {icon !== undefined && <Icon icon={icon} size={20} />}
      <span className="menu__label">{title}</span>
      {external && (
        <>
          <Icon icon={iconOf('open-outline')} size={14} />
          <span className="visually-hidden">{t('Navigation.OpensInNewTab')}</span>
        </>
      )}
    </a>
  );
}
