// Imported first by the service worker, before any schema is built (the app does the same in an inline script of
// index.html, allowed by its CSP hash: a module of the entry chunk would run after the chunks the entry imports, zod
// among them). zod decides when a schema is made
// whether to compile a fast path with `new Function`, and its probe for that is a CSP violation under our policy
// (no 'unsafe-eval'), reported even though zod catches it. zod reads its settings from
// `globalThis.__zod_globalConfig` when it loads (shared by every copy of zod on the page), so setting `jitless` there
// needs no import of zod: the entry chunk stays free of it. The server has no CSP and keeps the compiled path. The
// e2e spec "runs under its Content-Security-Policy without a single violation" fails if this stops working.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
