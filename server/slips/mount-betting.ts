import type { Hono } from 'hono';
import type { AppEnv } from '../hono-env.ts';
import { mountLicenceRoutes } from '../licence/licence-routes.ts';
import { mountLicenceModeratorRoutes } from '../licence/moderator-routes.ts';
import { mountPaymentRoutes } from '../payments/routes.ts';
import { mountSlipRoutes } from './slip-routes.ts';

/** The betting area's routes (docs/api/betting.md): slips, tips, comments, licence, payments and the EMIS page. */
export function mountBetting(app: Hono<AppEnv>): void {
  mountSlipRoutes(app);
  mountLicenceRoutes(app);
  mountLicenceModeratorRoutes(app);
  mountPaymentRoutes(app);
}
