// Screens' chunks being loaded now (app/AppRoutes.tsx). A screen's loader handles its own failure (it tries once more,
// then shows the "needs a connection" notice or moves to a new version), so the app-wide handler of a chunk that
// failed (app/register-sw.ts) leaves those alone.

let inFlight = 0;

/** Runs `load` counted as a screen's chunk load. */
export async function asScreenLoad<T>(load: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await load();
  } finally {
    inFlight -= 1;
  }
}

export function screenLoadInFlight(): boolean {
  return inFlight > 0;
}

/** A screen's chunk that could not be loaded (the phone is offline and has not kept it, or the server lacks it). */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super('screen chunk not loaded', { cause });
    this.name = 'ScreenLoadError';
  }
}

let tries = 0;

/** Which try at the screens this is: a new one each time the screen boundary clears a failure (app/ScreenBoundary.tsx). */
export function screenTry(): number {
  return tries;
}

/** A failed screen may be tried again: its next mount gets a new lazy component. */
export function nextScreenTry(): void {
  tries += 1;
}
