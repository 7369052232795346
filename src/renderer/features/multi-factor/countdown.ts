import { useCallback, useEffect, useState } from 'react';

/** Spec section 9: the resend countdown of the multi-factor sign-in. */
export const MFA_RESEND_SECONDS = 30;

/** The resend button's label: the wait while it runs. */
export function resendLabel(secondsLeft: number): string {
  return secondsLeft > 0 ? `Resend OTP in ${secondsLeft}s` : 'Resend OTP';
}

/** Seconds left of a countdown that `restart` starts again; 0 when done. */
export function useCountdown(seconds: number): [number, () => void] {
  const [endsAt, setEndsAt] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (now >= endsAt) return;
    const timer = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(timer);
  }, [now, endsAt]);
  const restart = useCallback(() => {
    setEndsAt(Date.now() + seconds * 1000);
    setNow(Date.now());
  }, [seconds]);
  return [Math.max(0, Math.ceil((endsAt - now) / 1000)), restart];
}
