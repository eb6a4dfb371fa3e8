import { BRANDS } from '../../contract/brands.ts';
import { notificationLink } from '../../contract/schemas/notification-data.ts';
import type { PushPayload, WebPublish } from '../../contract/schemas/push.ts';
import type { Sinal } from '../../contract/schemas/signals.ts';
import { englishNotificationText } from '../notify/words-en.ts';
import { fitSinal } from '../realtime/fit-sinal.ts';

// The Beams web payload of a signal (protocols §3.1, §3.2), the same whether hosted Beams or the embedded
// web-push service delivers it. `notification` is in pt (the server's language); `data.en` is the same in English,
// which the service worker of an English host shows instead (sw/push-words.ts): a device's language is its
// subscription's host, the one its service worker runs on (docs/decisions.md).
// A chat message's push shows its sender and its kind ('Nova mensagem', 'Enviou uma imagem') and carries nothing of
// its text or images, in the notification or in `data` (docs/decisions.md, "Ended sessions and live channels"): a
// push can wait at the push service for a day and reach a phone whose session has ended since, it shows on a
// locked screen, and hosted Beams reads it. The app reads the message from the server when it opens.

/** Web push payloads must stay under about 4 KB once encrypted; the rest is room for the envelope. */
const MAX_PAYLOAD_BYTES = 3_000;
const MAX_BODY_CHARS = 180;
/** A chat signal is old news after a day; Beams' default would keep it for four weeks. */
export const PUSH_TTL_S = 24 * 3600;
const ICON = `/icons/${BRANDS.fichas.icon}-192.png`;
const EN_ICON = `/icons/${BRANDS.slipmates.icon}-192.png`;

function clip(text: string): string {
  return text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS - 1)}…` : text;
}

type Words = Pick<WebPublish['notification'], 'title' | 'body'>;

/** What a signal's push says, in pt (`notification`) and in English (`data.en`). */
function wordsOf(sinal: Sinal): { pt: Words; en: Words } {
  if ('mensagem' in sinal) {
    const m = sinal.mensagem;
    const image = !m.mensagem.trim() && m.imagens.length > 0;
    return {
      pt: { title: m.sender.nome, body: image ? 'Enviou uma imagem' : 'Nova mensagem' },
      en: { title: m.sender.nome, body: image ? 'Sent an image' : 'New message' },
    };
  }
  const n = sinal.notificacao;
  return {
    pt: { title: n.sender?.nome ?? BRANDS.fichas.name, body: clip(n.mensagem) },
    en: { title: n.sender?.nome ?? BRANDS.slipmates.name, body: clip(englishNotificationText(n)) },
  };
}

function deepLinkOf(sinal: Sinal): string {
  if ('mensagem' in sinal) {
    const m = sinal.mensagem;
    return m.chatType === 'conversa'
      ? `/dashboard/comunidade/conversas/${encodeURIComponent(m.sender.nomeUsuario)}`
      : m.chatType === 'grupo'
        ? `/dashboard/comunidade/grupos/${encodeURIComponent(m.chatId)}`
        : `/dashboard/comunidade/salas/${encodeURIComponent(m.chatId)}`;
  }
  // The screen it concerns (its slip, group, profile…), else the notifications page; the service worker works the
  // same link out from `data.sinal` (sw/push-click.ts).
  return notificationLink(sinal.notificacao) ?? '/dashboard/notifications';
}

/** `web` of a Beams publish for this signal. */
export function webPublishOf(sinal: Sinal): WebPublish {
  const words = wordsOf(sinal);
  // Hidden while the app has focus: realtime has already shown it there.
  const notification = { ...words.pt, icon: ICON, deep_link: deepLinkOf(sinal), hide_notification_if_site_has_focus: true };
  const en = { ...words.en, icon: EN_ICON };
  if ('mensagem' in sinal) return { time_to_live: PUSH_TTL_S, notification, data: { en } };
  const fitted = fitSinal(sinal, MAX_PAYLOAD_BYTES, (s) => ({ notification, data: { sinal: s, en } }));
  return { time_to_live: PUSH_TTL_S, notification, data: { sinal: fitted, en } };
}

/** What the embedded service encrypts for each device: the publish plus the `data.pusher` block Beams adds. */
export function pushPayloadOf(publish: WebPublish, meta: { instanceId: string; publishId: string }): PushPayload {
  return {
    notification: publish.notification,
    data: { ...publish.data, pusher: { ...meta, hasDisplayableContent: true, hasData: publish.data.sinal !== undefined } },
  };
}
