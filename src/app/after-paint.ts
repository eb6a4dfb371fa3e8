/** Runs `work` once the current frame is on screen and the main thread is idle (start-up work that must not delay it). */
export function afterPaint(work: () => void): void {
  requestAnimationFrame(() => {
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => work(), { timeout: 2000 });
      else work();
    }, 0);
  });
}
