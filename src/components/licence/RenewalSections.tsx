import { Trans } from '@lingui/react/macro';
import type { Licenca, LicencePlan } from '../../../contract/schemas/licence.ts';
import { RenewalPlans } from './RenewalPlans.tsx';
import { PaymentProof } from './PaymentProof.tsx';
import { PromoCode } from './PromoCode.tsx';

/** The three ways to renew a subscription on its page (SPEC §4): a plan paid online, a proof of transfer, a code. */
export function RenewalSections({ licence, online, onChoose }: { licence: Licenca; online: boolean; onChoose: (plan: LicencePlan) => void }) {
  return (
    <>
      <section className="licence-section" aria-labelledby="licence-renew">
        <h2 className="section-title" id="licence-renew">
          <Trans>Renovar subscrição</Trans>
        </h2>
        <RenewalPlans online={online} onChoose={onChoose} />
      </section>
      <section className="licence-section" aria-labelledby="licence-proof">
        <h2 className="section-title" id="licence-proof">
          <Trans>Comprovativo de pagamento</Trans>
        </h2>
        <PaymentProof licence={licence} online={online} />
      </section>
      <section className="licence-section" aria-labelledby="licence-code">
        <h2 className="section-title" id="licence-code">
          <Trans>Código de subscrição</Trans>
        </h2>
        <PromoCode online={online} />
      </section>
    </>
  );
}
