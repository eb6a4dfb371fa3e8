import type { Context, Hono } from 'hono';
import { LICENCE_PRICES, PAYMENT_PROOF_MAX, TRIAL_DAYS } from '../../contract/limits.ts';
import { MSG } from '../../contract/messages.ts';
import {
  ActivationRequestSchema,
  LicencaResponseSchema,
  LicenceCodeSchema,
  LicencePlanSchema,
  PaymentStartResponseSchema,
} from '../../contract/schemas/licence.ts';
import type { AppEnv } from '../hono-env.ts';
import { isAcceptableImage } from '../auth/image.ts';
import { requireSession } from '../auth/session.ts';
import { idempotent, ok, refuse } from '../idempotency/idempotent.ts';
import { answer } from '../lib/answer.ts';
import { addDays } from '../lib/time.ts';
import { createPayment, paymentStep } from '../payments/gateway.ts';
import { readJson } from '../social/shared/request.ts';
import { currentLicence, extendLicence, licenceForUpdate, placeholderLicence, subscriptionRefusal, toLicenca } from './licence-repo.ts';
import { LICENCE_PURPOSE } from './licence-purpose.ts';
import { licencePlanDescription } from '../payments/descriptions.ts';
import { requestHost } from '../lib/http.ts';
import { brandForHost } from '../../contract/brands.ts';

const BASE = '/api/client/common/licenca';

function owner(c: Context<AppEnv>) {
  const user = c.get('user');
  return { id: user.id, nomeUsuario: user.nomeUsuario };
}

/** renovarLicenca/{plan} and comprarLicenca/{id}: a payment for a plan, opened by the app in the EMIS frame. */
function startLicencePayment(c: Context<AppEnv>, planParam: string): Promise<Response> {
  const plan = LicencePlanSchema.safeParse(planParam);
  const amount = plan.success ? LICENCE_PRICES[plan.data] : null;
  const payment = paymentStep(c, MSG.renewalFailed);
  return idempotent(
    c,
    async (trx) => {
      if (!plan.success || amount === null) return refuse(400, MSG.renewalFailed);
      const userId = c.get('user').id;
      const licence = await currentLicence(trx, userId);
      if (licence?.estado === 'bloqueada') return subscriptionRefusal(licence);
      const begun = payment.begun(amount);
      if (!begun) return refuse(409, MSG.renewalFailed);
      const started = await createPayment(trx, begun, {
        userId,
        purpose: { kind: LICENCE_PURPOSE, description: licencePlanDescription(brandForHost(requestHost(c)).locale, plan.data), details: { plano: plan.data } },
        amount,
      });
      return ok(PaymentStartResponseSchema, { message: MSG.payToActivate, respostaEmis: started });
    },
    { prepare: payment.prepare(() => amount) },
  );
}

export function mountLicenceRoutes(app: Hono<AppEnv>): void {
  app.get(BASE, requireSession, async (c) => {
    const now = new Date();
    const row = (await currentLicence(c.get('db'), c.get('user').id)) ?? placeholderLicence(c.get('user').id, now);
    return answer(c, LicencaResponseSchema, { licenca: toLicenca(row, owner(c), now) });
  });

  /** Starts the trial of a licence that was never activated; any other licence is answered as it is. */
  app.get(`${BASE}/activarLicenca`, requireSession, (c) =>
    idempotent(c, async (trx) => {
      const now = new Date();
      const row = await licenceForUpdate(trx, c.get('user').id, now);
      if (row.estado !== 'pendente') return ok(LicencaResponseSchema, { licenca: toLicenca(row, owner(c), now) });
      const activated = { ...row, estado: 'habilitada' as const, tipo: 'experimental', expira_em: addDays(now, TRIAL_DAYS).toISOString() };
      await trx
        .updateTable('licencas')
        .set({ estado: activated.estado, tipo: activated.tipo, expira_em: activated.expira_em })
        .where('id', '=', row.id)
        .execute();
      return ok(LicencaResponseSchema, { licenca: toLicenca(activated, owner(c), now) });
    }),
  );

  app.get(`${BASE}/renovarLicenca/:plan`, requireSession, (c) => startLicencePayment(c, c.req.param('plan')));
  app.get(`${BASE}/comprarLicenca/:id`, requireSession, (c) => startLicencePayment(c, c.req.param('id')));

  app.patch(`${BASE}/solicitarActivacao`, requireSession, async (c) => {
    const body = await readJson(c, ActivationRequestSchema);
    if (!body.ok) return body.response;
    const images = body.data.comprovativo;
    return idempotent(c, async (trx) => {
      if (images.length < 1 || images.length > PAYMENT_PROOF_MAX) return refuse(400, MSG.proofCount);
      if (!images.every(isAcceptableImage)) return refuse(413, MSG.proofImage, { tipo: 'comprovativo' });
      const now = new Date();
      const row = await licenceForUpdate(trx, c.get('user').id, now);
      // Once sent the proof is read-only until a moderator decides (SPEC §4 payment-proof flow).
      if (row.solicitacao) return refuse(400, MSG.proofAlreadySent);
      const updated = { ...row, comprovativo: JSON.stringify(images), solicitacao: now.toISOString() };
      await trx
        .updateTable('licencas')
        .set({ comprovativo: updated.comprovativo, solicitacao: updated.solicitacao })
        .where('id', '=', row.id)
        .execute();
      return ok(LicencaResponseSchema, { message: MSG.activationRequested, licenca: toLicenca(updated, owner(c), now) });
    });
  });

  app.get(`${BASE}/usarCodigoLicenca/:code`, requireSession, (c) =>
    idempotent(c, async (trx) => {
      const code = LicenceCodeSchema.safeParse(c.req.param('code'));
      if (!code.success) return refuse(400, MSG.codeInvalid, { tipo: 'codigo' });
      const now = new Date();
      const userId = c.get('user').id;
      const found = await trx.selectFrom('codigos_licenca').selectAll().where('codigo', '=', code.data).executeTakeFirst();
      if (!found) return refuse(400, MSG.codeInvalid, { tipo: 'codigo' });
      const plan = LicencePlanSchema.safeParse(found.plano);
      if (!plan.success) return refuse(400, MSG.codeInvalid, { tipo: 'codigo' });
      const licence = await currentLicence(trx, userId);
      if (licence?.estado === 'bloqueada') return subscriptionRefusal(licence);
      // Used once: the conditional update decides between two users racing for the same code.
      const claimed = await trx
        .updateTable('codigos_licenca')
        .set({ usado_por: userId, usado_em: now.toISOString() })
        .where('codigo', '=', code.data)
        .where('usado_em', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return refuse(400, MSG.codeTaken, { tipo: 'codigo' });
      const updated = await extendLicence(trx, { userId, plan: plan.data, now });
      return ok(LicencaResponseSchema, { message: MSG.codeUsed, licenca: toLicenca(updated, owner(c), now) });
    }),
  );
}

