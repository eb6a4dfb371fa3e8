import { MSG } from '../../contract/messages.ts';
import { LicencePlanSchema } from '../../contract/schemas/licence.ts';
import { notify } from '../notify/notify.ts';
import { registerPaymentPurpose } from '../payments/purposes.ts';
import { extendLicence } from './licence-repo.ts';

export const LICENCE_PURPOSE = 'licenca';

/** A paid licence renewal: the plan's period is added and the user told (newLicenceNotification). */
registerPaymentPurpose(LICENCE_PURPOSE, {
  async onPaid({ trx, payment, details, now, signals, after }) {
    const plan = LicencePlanSchema.parse(details.plano);
    await extendLicence(trx, { userId: payment.usuario_id, plan, now });
    await notify(
      trx,
      {
        userId: payment.usuario_id,
        tipo: 'licenca',
        mensagem: MSG.licenceRenewed,
        counter: 'newLicenceNotification',
        pagamentoId: payment.id,
        dados: { licenca: 'renovada' },
      },
      { signals, after },
    );
  },
});

