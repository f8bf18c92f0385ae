import { useId, useSyncExternalStore } from 'react';
import { useDeferredTranslation } from '../i18n/index.ts';
import { Spinner } from '../ui/Spinner.tsx';
import type { SharedDevice } from './device.ts';
import { IdleCountdown } from './IdleCountdown.tsx';
import { LockScreen, type WaitingCount } from './LockScreen.tsx';
import { PinSetup } from './PinSetup.tsx';
import { ShiftDialog } from './ShiftDialog.tsx';
import './shared-device.css';

/** What a shared device shows over the signed-in shell (loaded behind the first screen): the PIN offer, the countdown, the lock, the end. */
export function SharedDeviceLayer({ device, name, pinLength, waiting }: { device: SharedDevice; name: string; pinLength: number; waiting?: WaitingCount }) {
  const view = useSyncExternalStore(device.subscribe, device.getView);
  switch (view.kind) {
    case 'working':
      return view.offerPin ? <PinSetup length={pinLength} onSet={(pin) => device.setPin(pin)} onSkip={() => device.skipPin()} /> : null;
    case 'warning':
      return <IdleCountdown lockAt={view.lockAt} onStillHere={device.stillHere} />;
    case 'locked':
      return (
        <LockScreen
          view={view}
          name={name}
          pinLength={pinLength}
          waiting={waiting}
          onPin={(pin) => void device.enterPin(pin)}
          onSignIn={() => void device.signInAgain()}
          onNotMe={() => void device.endShift()}
        />
      );
    case 'ending':
      return <ShiftEnding />;
  }
}

function ShiftEnding() {
  const { t } = useDeferredTranslation();
  const title = useId();
  return (
    <ShiftDialog className="shift-lock" labelledBy={title}>
      <div role="status" className="shift-lock__ending">
        <Spinner />
        <h1 id={title} className="shift-lock__title">
          {t('SharedDevice.Ending')}
        </h1>
      </div>
    </ShiftDialog>
  );
}
