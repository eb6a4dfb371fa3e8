import type { Hono } from 'hono';
import type { AppEnv } from '../hono-env.ts';
import { emailAvailable, usernameAvailable } from './account-routes.ts';
import { AUTH_BASE_PATH, createAuthConfig } from './auth-config.ts';
import { createAuthHandler } from './auth-handler.ts';
import { VERIFY_EMAIL_PATH, verifyEmail } from './email-verification.ts';
import { forgotPassword, resetPassword } from './recovery-routes.ts';
import { signUp } from './signup-route.ts';

/** The app's own /api/auth routes first, then the Auth.js catch-all (protocols §4.1: core answers 400 to others). */
export function mountAuth(app: Hono<AppEnv>, deps: Parameters<typeof createAuthConfig>): void {
  const base = AUTH_BASE_PATH;
  app.post(`${base}/signup`, signUp);
  app.get(`${base}/isAvailable/nomeUsuario/:name?`, usernameAvailable);
  app.get(`${base}/isAvailable/email/:email?`, emailAvailable);
  app.get(`${base}/forgotPassword/:identifier?`, forgotPassword);
  app.get(`${base}/forgotPassword/`, forgotPassword);
  app.post(`${base}/redefinirPassword`, resetPassword);
  app.get(`${VERIFY_EMAIL_PATH}/:token?`, verifyEmail);

  const handler = createAuthHandler(createAuthConfig(...deps));
  app.on(['GET', 'POST'], `${base}/*`, handler);
}
