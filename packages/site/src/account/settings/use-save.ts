import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { showToast } from '../../ui/toasts';

/** One request at a time per form: `busy` disables its button, failures show the server's message. */
export function useSave() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<unknown>, done?: string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      await action();
      if (done) showToast(done);
      return true;
    } catch (e) {
      setError(errorMessage(e));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}
