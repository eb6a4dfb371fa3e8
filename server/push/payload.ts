import { notificationLink } from '../../contract/schemas/notification-data.ts';
import type { PushPayload, WebPublish } from '../../contract/schemas/push.ts';
import type { Sinal } from '../../contract/schemas/signals.ts';
import { fitSinal } from '../realtime/fit-sinal.ts';

// The Beams web payload of a signal (protocols §3.1, §3.2), the same whether hosted Beams or the embedded
// web-push service delivers it. Texts are in pt (the default brand): the service worker, which knows its host's
// brand and locale, may present `data.sinal` itself through PusherPushNotifications.onNotificationReceived.

/** Web push payloads must stay under about 4 KB once encrypted; the rest is room for the envelope. */
const MAX_PAYLOAD_BYTES = 3_000;
const MAX_BODY_CHARS = 180;
/** A chat signal is old news after a day; Beams' default would keep it for four weeks. */
export const PUSH_TTL_S = 24 * 3600;
const ICON = '/icons/fichas-192.png';
const APP_NAME = 'Fichas';

function clip(text: string): string {
  return text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS - 1)}…` : text;
}

function notificationOf(sinal: Sinal): WebPublish['notification'] {
  if ('mensagem' in sinal) {
    const m = sinal.mensagem;
    const body = m.mensagem.trim() ? clip(m.mensagem) : m.imagens.length > 0 ? 'Enviou uma imagem' : 'Nova mensagem';
    const deepLink =
      m.chatType === 'conversa'
        ? `/dashboard/comunidade/conversas/${encodeURIComponent(m.sender.nomeUsuario)}`
        : m.chatType === 'grupo'
          ? `/dashboard/comunidade/grupos/${encodeURIComponent(m.chatId)}`
          : `/dashboard/comunidade/salas/${encodeURIComponent(m.chatId)}`;
    // Hidden while the app has focus: realtime has already shown it there.
    return { title: m.sender.nome, body, icon: ICON, deep_link: deepLink, hide_notification_if_site_has_focus: true };
  }
  const n = sinal.notificacao;
  return {
    title: n.sender?.nome ?? APP_NAME,
    body: clip(n.mensagem),
    icon: ICON,
    // The screen it concerns (its slip, group, profile…), else the notifications page; the service worker works the
    // same link out from `data.sinal` (sw/push-notification.ts).
    deep_link: notificationLink(n) ?? '/dashboard/notifications',
    hide_notification_if_site_has_focus: true,
  };
}

/** `web` of a Beams publish for this signal. */
export function webPublishOf(sinal: Sinal): WebPublish {
  const notification = notificationOf(sinal);
  const fitted = fitSinal(sinal, MAX_PAYLOAD_BYTES, (s) => ({ notification, data: { sinal: s } }));
  return { time_to_live: PUSH_TTL_S, notification, data: { sinal: fitted } };
}

/** What the embedded service encrypts for each device: the publish plus the `data.pusher` block Beams adds. */
export function pushPayloadOf(publish: WebPublish, meta: { instanceId: string; publishId: string }): PushPayload {
  return {
    notification: publish.notification,
    data: { ...publish.data, pusher: { ...meta, hasDisplayableContent: true, hasData: true } },
  };
}
