import { useId, useState, type FormEvent } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import { PinField } from './PinField.tsx';
import { ShiftDialog } from './ShiftDialog.tsx';

/** Right after sign-in on a shared device: a PIN for this shift (typed twice), or none. */
export function PinSetup({ length, onSet, onSkip }: { length: number; onSet: (pin: string) => Promise<boolean>; onSkip: () => void }) {
  const { t } = useDeferredTranslation();
  const title = useId();
  const detail = useId();
  const problemId = useId();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pin !== again) return setProblem(t('SharedDevice.PinMismatch'));
    if (!(await onSet(pin))) setProblem(t('SharedDevice.PinLength', { length }));
  };
  const invalid = problem !== null;
  return (
    <ShiftDialog labelledBy={title} describedBy={detail} onCancel={onSkip}>
      <h2 id={title}>{t('SharedDevice.SetPinTitle')}</h2>
      <p id={detail}>{t('SharedDevice.SetPinDetail', { length })}</p>
      <form className="shift-dialog__form" onSubmit={(event) => void submit(event)} noValidate>
        <label>
          {t('SharedDevice.Pin')}
          <PinField length={length} value={pin} onChange={(event) => setPin(event.target.value)} aria-invalid={invalid} aria-describedby={invalid ? problemId : undefined} autoFocus />
        </label>
        <label>
          {t('SharedDevice.PinAgain')}
          <PinField length={length} value={again} onChange={(event) => setAgain(event.target.value)} aria-invalid={invalid} aria-describedby={invalid ? problemId : undefined} />
        </label>
        {problem && (
          <p id={problemId} role="alert" className="shift-dialog__problem">
            {problem}
          </p>
        )}
        <div className="shift-dialog__actions">
          <button type="button" className="button" onClick={onSkip}>
            {t('SharedDevice.Skip')}
          </button>
          <button type="submit" className="button button--primary">
            {t('SharedDevice.SetPin')}
          </button>
        </div>
      </form>
    </ShiftDialog>
  );
}
