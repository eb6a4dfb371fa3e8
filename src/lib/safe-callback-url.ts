/** Keeps only same-origin relative paths, so a crafted link cannot send a user elsewhere after sign-in. */
export function safeCallbackUrl(value: string | null | undefined, fallback = '/explorar'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login') || value.startsWith('/api/')) return fallback;
  return value;
}
