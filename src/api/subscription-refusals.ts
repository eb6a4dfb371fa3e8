// SPEC §3 "Subscription error payload", §8: anywhere in the app, an answer carrying `tipo` and `message` opens the
// subscription notice. Every refusal passes through here, so no screen can forget it; the state layer listens.

interface SubscriptionRefusal {
  tipo: string;
  message: string;
}

/** The proof form answers a bad image itself ('Verifique a imagem que enviou', SPEC §8): no notice for that one. */
const HANDLED_BY_THEIR_FORM = new Set(['comprovativo']);

const listeners = new Set<(refusal: SubscriptionRefusal) => void>();

export function onSubscriptionRefusal(listener: (refusal: SubscriptionRefusal) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The `tipo` and `message` of a refusal's body, when it carries both. */
function subscriptionRefusalOf(body: unknown): SubscriptionRefusal | null {
  if (!body || typeof body !== 'object') return null;
  const { tipo, message } = body as Record<string, unknown>;
  if (typeof tipo !== 'string' || typeof message !== 'string' || !tipo || HANDLED_BY_THEIR_FORM.has(tipo)) return null;
  return { tipo, message };
}

export function reportRefusal(body: unknown): void {
  const refusal = subscriptionRefusalOf(body);
  if (refusal) listeners.forEach((listener) => listener(refusal));
}
