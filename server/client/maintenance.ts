import type { MiddlewareHandler } from 'hono';
import { MSG } from '../../contract/messages.ts';
import type { AppEnv } from '../app-env.ts';

export const ESTADO_PATH = '/api/client/public/estado';

/** MAINTENANCE=on: every /api/client call but the status probe answers 503, so the app shows 'Em manutenção'. */
export const maintenanceGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('config').maintenance && c.req.path !== ESTADO_PATH) {
    c.header('Retry-After', '300');
    return c.json({ status: 'error', message: MSG.maintenance }, 503);
  }
  return next();
};
