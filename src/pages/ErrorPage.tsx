import { Page } from '../ui/Page.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LogoutButton } from '../session/LogoutButton.tsx';

const PAGES = {
  403: { message: 'ErrorPage.Forbidden' },
  404: { message: 'ErrorPage.NotFound' },
  500: { message: 'ErrorPage.ServerError' },
} as const;

export type ErrorCode = keyof typeof PAGES;

/** /403, /404 and /500: the message, back-to-home and logout (shell.md §2); `children` explain why. */
export function ErrorPage({ code, message, children }: { code: ErrorCode; message?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page>
        <main className="error-page" aria-labelledby="error-page-title">
          <p className="error-page__code" aria-hidden="true">
            {code}
          </p>
          <h1 id="error-page-title">{message ?? t(PAGES[code].message)}</h1>
          {children}
          <div className="error-page__actions">
            <button type="button" className="button button--primary" onClick={() => navigate('/')}>
              {t('BackToHome')}
            </button>
            <LogoutButton />
          </div>
        </main>
      </Page>
  );
}
