import { useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { arrivalsAtom, arrivalTrackerFor, isShowing, type Arrival } from '../../state/attention.ts';
import { resetCounterAtom } from '../../state/community.ts';
import { showToastAtom } from '../../state/toasts.ts';
import { PENDING } from '../../state/live-atom.ts';
import { previewText } from './preview.ts';
import { notificationText } from '../notifications/notification-text.ts';

/**
 * Live attention (SPEC §4): while the app is open, a message from someone else or a notification shows a toast that
 * opens it and resets its unread counter at once; nothing when the user is already on that chat. Mounted once by
 * the shell for the signed-in user; it renders nothing itself.
 */
export function AttentionToasts({ userId }: { userId: string }) {
  const arrivals = useAtomValue(arrivalsAtom);
  const showToast = useSetAtom(showToastAtom);
  const reset = useSetAtom(resetCounterAtom);
  const [path] = useLocation();
  const { t, i18n } = useLingui();
  const where = useRef(path);
  where.current = path;

  useEffect(() => {
    if (arrivals === PENDING) return;
    function titleOf(arrival: Arrival): string {
      if (arrival.kind === 'notificacao') return t`Nova notificação`;
      const name = arrival.from ?? '';
      return t`Nova mensagem de ${name}`;
    }

    function detailOf(arrival: Arrival): string {
      if (arrival.notification) return notificationText(i18n, arrival.notification);
      if (arrival.text) return previewText(arrival.text, false);
      if (arrival.sharedSlip) return t`Partilhou uma ficha`;
      if (arrival.hasImage) return t`Imagem`;
      return '';
    }

    for (const arrival of arrivalTrackerFor(userId)(arrivals)) {
      if (isShowing(arrival, where.current)) continue;
      showToast({
        kind: 'info',
        text: titleOf(arrival),
        detail: detailOf(arrival),
        open: { href: arrival.href, onOpen: () => void reset(arrival.counter) },
      });
    }
    // The tracker keeps its own memory; only a new list of arrivals matters here.
  }, [arrivals, showToast, reset, t, i18n, userId]);

  return null;
}
