import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import { useNow } from '../ui/useNow.ts';
import type { DeviceView } from './device.ts';
import { initialsOf } from './initials.ts';
import { PinField } from './PinField.tsx';
import { ShiftDialog } from './ShiftDialog.tsx';

/** A number the lock screen follows: the outbox's writes still waiting to be sent. */
export interface WaitingCount {
  get(): number;
  subscribe(listener: () => void): () => void;
}

const noWaiting: WaitingCount = { get: () => 0, subscribe: () => () => undefined };

/**
 * The locked device: nothing of the work, only whose shift it is (initials and name), the time and
 * the writes waiting; the PIN (when one was set), signing in again, and "Not you?".
 */
export function LockScreen({
  view,
  name,
  pinLength,
  waiting = noWaiting,
  onPin,
  onSignIn,
  onNotMe,
}: {
  view: Extract<DeviceView, { kind: 'locked' }>;
  name: string;
  pinLength: number;
  waiting?: WaitingCount;
  onPin: (pin: string) => void;
  onSignIn: () => void;
  onNotMe: () => void;
}) {
  const { t, i18n } = useDeferredTranslation();
  const title = useId();
  const detail = useId();
  const problemId = useId();
  const now = useNow(60_000);
  const writes = useSyncExternalStore(waiting.subscribe, waiting.get);
  const [pin, setPin] = useState('');
  // The field is disabled while a PIN is checked; after a wrong one it takes the next at once, and
  // after the person's own badge (without a PIN, the sign-in takes the focus).
  const field = useRef<HTMLInputElement>(null);
  const signIn = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!view.busy) (field.current ?? (view.pinFocus ? signIn.current : null))?.focus();
  }, [view.busy, view.pinFocus]);
  const unlock = (typed: string) => {
    setPin('');
    onPin(typed);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pin) unlock(pin);
  };
  const problem =
    view.problem === 'wrong-pin'
      ? t('SharedDevice.WrongPin', { count: view.triesLeft })
      : view.problem === 'sign-in-failed'
        ? t('SharedDevice.SignInFailed')
        : view.problem === 'not-a-badge'
          ? t('SharedDevice.NotABadge', { code: view.scanned })
          : null;
  return (
    <ShiftDialog className="shift-lock" labelledBy={title} describedBy={detail}>
      <h1 id={title} className="shift-lock__title">
        {t('SharedDevice.Locked')}
      </h1>
      <p id={detail}>{t('SharedDevice.LockedDetail')}</p>
      <div className="shift-lock__initials" aria-hidden="true">
        {initialsOf(name)}
      </div>
      <p className="shift-lock__name">{name}</p>
      <p className="shift-lock__time">
        <time dateTime={new Date(now).toISOString()}>{new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(now)}</time>
      </p>
      {writes > 0 && <p>{t('SharedDevice.WritesWaiting', { count: writes })}</p>}
      {view.hasPin && (
        <form className="shift-dialog__form" onSubmit={submit}>
          <label>
            {t('SharedDevice.Pin')}
            <PinField
              ref={field}
              length={pinLength}
              value={pin}
              disabled={view.busy}
              aria-invalid={problem !== null}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => {
                const typed = event.target.value;
                // The whole PIN typed: no need to look for the button on a handheld.
                if (typed.length === pinLength) unlock(typed);
                else setPin(typed);
              }}
            />
          </label>
          <button type="submit" className="button button--primary" disabled={view.busy}>
            {t('SharedDevice.Unlock')}
          </button>
        </form>
      )}
      {problem && (
        <p id={problemId} role="alert" className="shift-dialog__problem">
          {problem}
        </p>
      )}
      <div className="shift-dialog__actions shift-dialog__actions--stacked">
        <button ref={signIn} type="button" className="button" onClick={onSignIn} disabled={view.busy} autoFocus={!view.hasPin}>
          {t('SharedDevice.SignInAgain')}
        </button>
        <button type="button" className="button" onClick={onNotMe}>
          {t('SharedDevice.NotYou')}
        </button>
      </div>
    </ShiftDialog>
  );
}
