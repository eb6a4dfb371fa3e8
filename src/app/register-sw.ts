/** Registers the service worker after the first paint so it never competes with the app's own start. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a service worker the app still works online; nothing to tell the user.
    });
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
