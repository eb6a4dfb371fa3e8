import { config } from 'zod/v4/core';

// Imported first by the app and the service worker, before any schema is built: zod decides when a schema is made
// whether to compile a fast path with `new Function`, and its probe for that is a CSP violation under our policy
// (no 'unsafe-eval'), reported even though zod catches it. The server has no CSP and keeps the compiled path.
config({ jitless: true });
