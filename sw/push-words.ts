// A push in the language of the host this worker runs on: the server sends `notification` in Portuguese and, in
// `data.en`, the same in English (server/push/payload.ts). A push subscription belongs to the worker's origin, so the
// device's language is the host it registered on (docs/decisions.md); an older server without `data.en` is shown as
// it came. Checked by hand: the worker does not bundle the page's validation (sw/signal-shape.ts).
import type { Locale } from '../contract/brands.ts';
import { isRecord } from '../src/lib/is-record.ts';

interface Shown {
  notification?: Record<string, unknown>;
  data?: Record<string, unknown>;
}

export function inHostLanguage<T extends Shown>(payload: T, locale: Locale): T {
  if (locale !== 'en' || !payload.notification) return payload;
  const en = payload.data?.en;
  if (!isRecord(en) || typeof en.title !== 'string' || typeof en.body !== 'string') return payload;
  const icon = typeof en.icon === 'string' ? { icon: en.icon } : {};
  return { ...payload, notification: { ...payload.notification, title: en.title, body: en.body, ...icon } };
}
