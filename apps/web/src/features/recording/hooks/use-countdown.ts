import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export const COUNTDOWN_SECONDS = 3;
const TICK_MS = 1000;

/**
 * A 3-2-1 countdown: `remaining` is the number to show (null when none runs); `onDone` fires
 * once, one second after 1 shows. Cancelling never fires it.
 */
export function useCountdown({
  seconds = COUNTDOWN_SECONDS,
  onDone,
}: {
  seconds?: number;
  onDone: () => void;
}) {
  const [remaining, setRemaining] = useState<number | null>(null);
  const fireDone = useEffectEvent(onDone);

  useEffect(() => {
    if (remaining === null) {
      return;
    }
    const timer = setTimeout(() => {
      if (remaining > 1) {
        setRemaining(remaining - 1);
      } else {
        setRemaining(null);
        fireDone();
      }
    }, TICK_MS);
    return () => clearTimeout(timer);
  }, [remaining]);

  const start = useCallback(() => setRemaining(seconds), [seconds]);
  const cancel = useCallback(() => setRemaining(null), []);
  return { remaining, isRunning: remaining !== null, start, cancel };
}
