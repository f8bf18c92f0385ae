/** HTML of the identity provider's own pages (login, logout), in Vietnamese and English. */

export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const TEXT = {
  vi: {
    title: 'Đăng nhập',
    heading: 'Đăng nhập Cổng nhân viên',
    intro: 'Dùng tài khoản nhân viên của bạn.',
    username: 'Tên đăng nhập',
    password: 'Mật khẩu',
    submit: 'Đăng nhập',
    cancel: 'Hủy',
    wrongPassword: 'Sai tên đăng nhập hoặc mật khẩu.',
    otherLanguage: 'English',
    signingOut: 'Đang đăng xuất…',
    signOut: 'Đăng xuất',
    signedOut: 'Bạn đã đăng xuất.',
  },
  en: {
    title: 'Sign in',
    heading: 'Sign in to Staff Portal',
    intro: 'Use your staff account.',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    cancel: 'Cancel',
    wrongPassword: 'Wrong username or password.',
    otherLanguage: 'Tiếng Việt',
    signingOut: 'Signing out…',
    signOut: 'Sign out',
    signedOut: 'You are signed out.',
  },
} satisfies Record<Language, Record<string, string>>;

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** An explicit choice (toggle link or form field) first, then the request's ui_locales, then Vietnamese. */
export function pickLanguage(explicit: unknown, uiLocales: unknown): Language {
  if (isLanguage(explicit)) return explicit;
  const requested = typeof uiLocales === 'string' ? uiLocales.split(' ').map((tag) => tag.slice(0, 2)) : [];
  return requested.find(isLanguage) ?? 'vi';
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
  *{box-sizing:border-box} body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef3fb;color:#1b2430}
  main{max-width:380px;margin:8vh auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002}
  h1{font-size:1.4rem;margin:0 0 8px} label{display:block;margin:16px 0 4px;font-weight:600}
  input{width:100%;padding:10px;font-size:1rem;border:1px solid #8a97a8;border-radius:6px}
  .actions{display:flex;gap:8px;margin-top:20px} button{flex:1;padding:10px;font-size:1rem;border-radius:6px;border:1px solid #1e6fd9;cursor:pointer}
  button[type=submit],button.primary{background:#1e6fd9;color:#fff} button.secondary{background:#fff;color:#1e6fd9}
  [role=alert]{margin-top:12px;padding:8px;border-radius:6px;background:#fdecec;color:#a11}
  nav{margin-top:16px;text-align:right}
`;

function page(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface LoginPageOptions {
  language: Language;
  /** Path of the interaction, e.g. /interaction/abc: the form posts under it (its cookies are scoped there). */
  action: string;
  username?: string;
  failed?: boolean;
}

export function loginPage({ language, action, username = '', failed = false }: LoginPageOptions): string {
  const t = TEXT[language];
  const other = language === 'vi' ? 'en' : 'vi';
  const invalid = failed ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  return page(
    language,
    t.title,
    `<h1>${t.heading}</h1><p>${t.intro}</p>
<form method="post" action="${action}/login" novalidate>
  <input type="hidden" name="lang" value="${language}">
  <label for="username">${t.username}</label>
  <input id="username" name="username" autocomplete="username" autocapitalize="none" required value="${escapeHtml(username)}"${invalid}${username ? '' : ' autofocus'}>
  <label for="password">${t.password}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${username ? ' autofocus' : ''}>
  ${failed ? `<p id="login-error" role="alert">${t.wrongPassword}</p>` : ''}
  <div class="actions">
    <button type="submit">${t.submit}</button>
    <button type="submit" class="secondary" formaction="${action}/abort">${t.cancel}</button>
  </div>
</form>
<nav><a href="${action}?lang=${other}" lang="${other}" hreflang="${other}">${t.otherLanguage}</a></nav>`,
  );
}

/**
 * End-session confirmation. The portal already asked the user, so the page confirms by itself;
 * the button stays for browsers without script.
 */
export function logoutPage(language: Language, form: string): string {
  const t = TEXT[language];
  return page(
    language,
    t.signOut,
    `<h1>${t.signingOut}</h1>${form}
<div class="actions"><button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes">${t.signOut}</button></div>
<script>document.querySelector('button[name=logout]').click()</script>`,
  );
}

/** After a logout that names no page to go back to (a shared device's, in a hidden frame): the provider's own, with nothing from other hosts. */
export function signedOutPage(language: Language): string {
  const t = TEXT[language];
  return page(language, t.signOut, `<h1>${t.signedOut}</h1>`);
}

/** An initials avatar, so fixture users have a real `picture` without any outside host. */
export function avatarSvg(name: string): string {
  const words = name.trim().split(/\s+/);
  const initials = words
    .slice(-2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  let hue = 0;
  for (const char of name) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${escapeHtml(name)}"><circle cx="32" cy="32" r="32" fill="hsl(${hue} 55% 45%)"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="600" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`;
}
