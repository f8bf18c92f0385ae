import { useDeferredTranslation } from '../i18n/index.ts';
import { CONFIG_PATH } from '../config/load.ts';
import type { ConfigProblem } from '../config/parse.ts';
import { restart } from '../effects/restart.ts';

/** The 404 'WebsiteConfigNotFound' page of shell.md §4, naming what is wrong with the config. */
export function ConfigNotFoundPage({ problem }: { problem: ConfigProblem }) {
  const { t } = useDeferredTranslation();
  const file = CONFIG_PATH;
  return (
    <main className="standalone-page" aria-labelledby="config-not-found-title">
      <p className="standalone-page__code" aria-hidden="true">404</p>
      <h1 id="config-not-found-title">{t('WebsiteConfigNotFound')}</h1>
      {problem.kind === 'unreachable' &&
        (problem.status === null ? (
          <p>{t('ConfigProblem.UnreachableNoStatus', { file })}</p>
        ) : (
          <p>{t('ConfigProblem.Unreachable', { file, status: problem.status })}</p>
        ))}
      {problem.kind === 'notJson' && <p>{t('ConfigProblem.NotJson', { file })}</p>}
      {problem.kind === 'unknownHost' && <p>{t('ConfigProblem.UnknownHost', { host: problem.host })}</p>}
      {problem.kind === 'invalid' && (
        <>
          <p>{t('ConfigProblem.Invalid', { file })}</p>
          <ul className="standalone-page__issues">
            {problem.issues.map((issue) => (
              <li key={issue}>
                <code>{issue}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className="button button--primary" onClick={() => restart('retry')}>
        {t('Retry')}
      </button>
    </main>
  );
}
