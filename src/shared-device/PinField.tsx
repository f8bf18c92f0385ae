import type { ComponentProps } from 'react';

/** A PIN field: digits on a handheld's number pad, hidden as typed, never remembered by the browser. */
export function PinField({ length, ...props }: { length: number } & Omit<ComponentProps<'input'>, 'type'>) {
  return <input {...props} className="shift-dialog__pin" type="password" inputMode="numeric" pattern="[0-9]*" autoComplete="off" maxLength={length} />;
}
