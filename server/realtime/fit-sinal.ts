import type { Sinal } from '../../contract/schemas/signals.ts';

// Pusher refuses events over 10 KB and a web push carries about 4 KB, while a signal may hold inline images
// (data URLs of up to 1 MB). A signal is a hint to refresh, not the record: the app pulls the full message or
// notification, so the big parts are dropped and long text is cut until the signal fits.

const isInline = (url: string | null | undefined) => typeof url === 'string' && url.startsWith('data:');

function size(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** The signal, or a lighter copy of it, whose JSON (inside `wrap`) is at most `maxBytes`. */
export function fitSinal(sinal: Sinal, maxBytes: number, wrap: (sinal: Sinal) => unknown = (s) => ({ sinal: s })): Sinal {
  if (size(wrap(sinal)) <= maxBytes) return sinal;
  let light: Sinal;
  if ('mensagem' in sinal) {
    const m = sinal.mensagem;
    light = {
      mensagem: {
        ...m,
        sender: { ...m.sender, fotografia: isInline(m.sender.fotografia) ? null : m.sender.fotografia },
        imagens: m.imagens.filter((image) => !isInline(image.url)),
      },
    };
  } else {
    const n = sinal.notificacao;
    light = { notificacao: { ...n, sender: n.sender ? { ...n.sender, fotografia: isInline(n.sender.fotografia) ? null : n.sender.fotografia } : null } };
  }
  const text = 'mensagem' in light ? light.mensagem.mensagem : light.notificacao.mensagem;
  let keep = text.length;
  // Halve the text until it fits (a handful of steps even for long texts), marking the cut with an ellipsis.
  while (size(wrap(light)) > maxBytes && keep > 0) {
    keep = Math.floor(keep / 2);
    const cut = `${text.slice(0, keep)}…`;
    light = 'mensagem' in light ? { mensagem: { ...light.mensagem, mensagem: cut } } : { notificacao: { ...light.notificacao, mensagem: cut } };
  }
  if (size(wrap(light)) > maxBytes && 'mensagem' in light) light = { mensagem: { ...light.mensagem, imagens: [] } };
  return light;
}
