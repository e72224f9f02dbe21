import { useCallback, useState } from 'react';

/**
 * An action that shows it is running (a button's spinner) and answers whether it succeeded. Its failure was already
 * told to the user by the HTTP client's notification, so it is not thrown again: the dialog simply stays open.
 */
export function useBusy(): [boolean, (work: () => Promise<unknown>) => Promise<boolean>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
