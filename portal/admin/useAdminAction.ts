/**
 * An admin screen's buttons that change something (retry, pause, ping…): one at a time, each told in
 * a banner, the screen's data read again after it. `busy` names the action under way.
 */
import { useState } from 'react';
import { useNotify } from '../../widgets/runtime/useBanners.js';

export function useAdminAction(reload: () => Promise<unknown>) {
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (key: string, work: () => Promise<unknown>, done: string, message = '') => {
    setBusy(key);
    try {
      await work();
      notify({ intent: 'success', title: done, message });
      await reload();
    } catch (failure) {
      notify({ intent: 'danger', title: 'Not done', message: (failure as Error).message });
    } finally {
      setBusy(null);
    }
  };
  return { busy, act };
}
