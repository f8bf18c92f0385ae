import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessPreset } from '../api/portal-api.ts';
import { usePortalApi } from '../api/context.ts';
import { useRuntime } from '../context/runtime.ts';
import { useShell } from '../context/shell.ts';
import { CATALOGUE } from '../catalogue/index.ts';
import { FLAG_KEYS } from '../catalogue/flags.ts';
import { ENVIRONMENTS, type Environment } from '../config/schema.ts';
import { createGatingContext } from '../gating/context.ts';
import { missingPermissions, type Reason } from '../gating/explain.ts';
import { Page } from '../ui/Page.tsx';
import { useAccessText } from './access-text.ts';
import { longReason, shortReason, type Translate } from './describe.ts';
import { exploreAccess, filterRows, parseList, reasonCounts, type ReasonFilter } from './explorer-model.ts';
import './access.css';

/** The short label of a reason kind, for filters. */
function reasonLabel(reason: ReasonFilter, t: Translate): string {
  if (reason === 'allowed') return t('Explorer.Allowed');
  const sample: Record<Exclude<ReasonFilter, 'allowed'>, Reason> = {
    permission: { kind: 'permission', anyOf: [], rule: 'exact' },
    flagOff: { kind: 'flagOff', flagKey: '' },
    flagOn: { kind: 'flagOn', flagKey: '' },
    adminDomain: { kind: 'adminDomain' },
    environment: { kind: 'environment', environments: [] },
    offline: { kind: 'offline' },
    site: { kind: 'site' },
    seller: { kind: 'seller', rule: 'comboPromotion' },
    websiteNotConfigured: { kind: 'websiteNotConfigured', website: 'web' },
    websiteEditor: { kind: 'websiteEditor' },
  };
  return reason === 'seller' ? t('Explorer.SellerRules') : shortReason(sample[reason], t);
}

/**
 * /internal/access-explorer: support pastes a user's permissions, picks flags, host,
 * environment and offline mode, and sees that user's menu and why every other route is closed —
 * computed by the same `explain` as the portal itself. In the local stack, demo users are presets.
 */
export default function AccessExplorerPage() {
  const t = useAccessText();
  const { t: tr } = useTranslation('routes');
  const runtime = useRuntime();
  const shell = useShell();
  const id = useId();
  const presets = usePresets();
  const [preset, setPreset] = useState('');
  const [permissionsText, setPermissionsText] = useState('');
  const [rolesText, setRolesText] = useState('');
  const [flags, setFlags] = useState<ReadonlySet<string>>(new Set());
  const [adminHost, setAdminHost] = useState(false);
  const [environment, setEnvironment] = useState<Environment>(runtime.config.environment);
  const [offline, setOffline] = useState(false);
  const [hasSite, setHasSite] = useState(true);
  const [sellerId, setSellerId] = useState(String(shell.seller.id));
  const [module, setModule] = useState<string | null>(null);
  const [reason, setReason] = useState<ReasonFilter | null>(null);

  const permissions = useMemo(() => parseList(permissionsText), [permissionsText]);
  const roles = useMemo(() => parseList(rolesText), [rolesText]);
  const result = useMemo(() => {
    const seller = /^\d+$/.test(sellerId.trim()) ? Number(sellerId) : null;
    const context = createGatingContext({
      permissions: permissions.ok ? permissions.values : [],
      roles: roles.ok ? roles.values : [],
      flags: Object.fromEntries([...flags].map((key) => [key, true])),
      isOfflineMode: offline,
      isAdminDomain: adminHost,
      environment,
      sellerId: seller,
      comboPromotionSellerIds: runtime.config.comboPromotionSellerIds,
      websiteIds: shell.websiteIds,
      hasSite,
      sellerSupport: runtime.config.sellerSupport ?? null,
    });
    return exploreAccess(context);
  }, [permissions, roles, flags, offline, adminHost, environment, sellerId, hasSite, runtime.config, shell.websiteIds]);
  const counts = reasonCounts(result.rows);
  const shown = filterRows(result.rows, { module, reason });
  const menuPages = result.menu.reduce((sum, entry) => sum + Math.max(entry.children.length, 1), 0);

  const choosePreset = (username: string) => {
    setPreset(username);
    const user = Array.isArray(presets) ? presets.find((candidate) => candidate.username === username) : undefined;
    if (!user) return;
    setPermissionsText(user.permissions.join('\n'));
    setRolesText(user.roles.join('\n'));
    setFlags(new Set(user.flags));
    setHasSite(user.hasSite);
    setSellerId(user.sellerId === null ? '' : String(user.sellerId));
  };

  return (
    <Page>
      <main className="access-explorer" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('Explorer.Title')}</h1>
        <p>{t('Explorer.Intro')}</p>
        <div className="access-explorer__form">
          <div>
            {runtime.config.accessPresets && (
              <>
                <label htmlFor={`${id}-preset`}>{t('Explorer.Preset')}</label>
                <select id={`${id}-preset`} value={preset} onChange={(event) => choosePreset(event.target.value)} disabled={!Array.isArray(presets)}>
                  <option value="">{t('Explorer.PresetNone')}</option>
                  {Array.isArray(presets) &&
                    presets.map((user) => (
                      <option key={user.username} value={user.username}>
                        {`${user.username} — ${user.name}`}
                      </option>
                    ))}
                </select>
                {presets === 'unavailable' && <p className="access-explorer__error" role="alert">{t('Explorer.PresetsUnavailable')}</p>}
              </>
            )}
            <label htmlFor={`${id}-permissions`}>{t('Explorer.Permissions')}</label>
            <textarea id={`${id}-permissions`} value={permissionsText} spellCheck={false} onChange={(event) => setPermissionsText(event.target.value)} />
            {!permissions.ok && <p className="access-explorer__error" role="alert">{t('Explorer.InvalidList', { problem: permissions.problem })}</p>}
            <label htmlFor={`${id}-roles`}>{t('Explorer.Roles')}</label>
            <textarea id={`${id}-roles`} value={rolesText} spellCheck={false} onChange={(event) => setRolesText(event.target.value)} />
            {!roles.ok && <p className="access-explorer__error" role="alert">{t('Explorer.InvalidList', { problem: roles.problem })}</p>}
          </div>
          <div>
            <label className="access-explorer__check">
              <input type="checkbox" checked={adminHost} onChange={(event) => setAdminHost(event.target.checked)} />
              {t('Explorer.AdminHost')}
            </label>
            <label className="access-explorer__check">
              <input type="checkbox" checked={offline} onChange={(event) => setOffline(event.target.checked)} />
              {t('Explorer.Offline')}
            </label>
            <label className="access-explorer__check">
              <input type="checkbox" checked={hasSite} onChange={(event) => setHasSite(event.target.checked)} />
              {t('Explorer.HasSite')}
            </label>
            <label htmlFor={`${id}-environment`}>{t('Explorer.Environment')}</label>
            <select id={`${id}-environment`} value={environment} onChange={(event) => setEnvironment(event.target.value as Environment)}>
              {ENVIRONMENTS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-seller`}>{t('Explorer.SellerId')}</label>
            <input id={`${id}-seller`} type="number" min={0} value={sellerId} onChange={(event) => setSellerId(event.target.value)} />
          </div>
          <fieldset>
            <legend>{t('Explorer.Flags')}</legend>
            <div className="access-explorer__flags">
              {FLAG_KEYS.map((key) => (
                <label key={key} className="access-explorer__check">
                  <input
                    type="checkbox"
                    checked={flags.has(key)}
                    onChange={(event) =>
                      setFlags((current) => {
                        const next = new Set(current);
                        if (event.target.checked) next.add(key);
                        else next.delete(key);
                        return next;
                      })
                    }
                  />
                  <code>{key}</code>
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        <div className="access-explorer__results">
          <nav aria-labelledby={`${id}-menu`}>
            <h2 id={`${id}-menu`}>{t('Explorer.Menu', { count: String(menuPages) })}</h2>
            <ul className="access-explorer__menu">
              {result.menu.map((entry) => (
                <li key={entry.item.path}>
                  {tr(entry.item.title)}
                  {entry.children.length > 0 && (
                    <ul>
                      {entry.children.map((child) => (
                        <li key={child.path}>{tr(child.title)}</li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby={`${id}-routes`}>
            <h2 id={`${id}-routes`}>{t('Explorer.Routes')}</h2>
            <div className="access-explorer__filters">
              <div>
                <label htmlFor={`${id}-module`}>{t('Explorer.Module')}</label>
                <select id={`${id}-module`} value={module ?? ''} onChange={(event) => setModule(event.target.value || null)}>
                  <option value="">{t('Explorer.AllModules')}</option>
                  {CATALOGUE.map((item) => (
                    <option key={item.path} value={item.path}>
                      {tr(item.title)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-reason`}>{t('Explorer.Reason')}</label>
                <select id={`${id}-reason`} value={reason ?? ''} onChange={(event) => setReason((event.target.value || null) as ReasonFilter | null)}>
                  <option value="">{t('Explorer.AllRoutes', { count: String(result.rows.length) })}</option>
                  {counts.map(({ reason: kind, count }) => (
                    <option key={kind} value={kind}>
                      {t('Explorer.ReasonCount', { reason: reasonLabel(kind, t), count: String(count) })}
                    </option>
                  ))}
                </select>
              </div>
              <p role="status">{t('Explorer.Shown', { shown: String(shown.length), total: String(result.rows.length) })}</p>
            </div>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('Explorer.Page')}</th>
                  <th scope="col">{t('Explorer.Path')}</th>
                  <th scope="col">{t('Explorer.Result')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map(({ route, explanation }) => (
                  <tr key={`${route.path} ${route.flagKey ?? ''} ${route.hideWhenEnabledFlagKey ?? ''} ${route.environments?.join() ?? ''}`}>
                    <td>{tr(route.title)}</td>
                    <td>
                      <code>{route.path}</code>
                    </td>
                    <td>
                      {explanation.allowed ? (
                        t('Explorer.Allowed')
                      ) : (
                        <>
                          <ul>
                            {explanation.reasons.map((r, index) => (
                              <li key={index}>{longReason(r, t)}</li>
                            ))}
                          </ul>
                          {missingPermissions(explanation).map((key) => (
                            <code key={key}>{key} </code>
                          ))}
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      </main>
    </Page>
  );
}

/** The local stack's demo users (config `accessPresets`): null while loading, 'unavailable' on failure. */
function usePresets(): AccessPreset[] | 'unavailable' | null {
  const runtime = useRuntime();
  const api = usePortalApi();
  const address = runtime.config.accessPresets;
  const [presets, setPresets] = useState<AccessPreset[] | 'unavailable' | null>(null);
  useEffect(() => {
    if (!address) return;
    const controller = new AbortController();
    api.accessPresets(address, controller.signal).then(setPresets, () => !controller.signal.aborted && setPresets('unavailable'));
    return () => controller.abort();
  }, [address, api]);
  return presets;
}
