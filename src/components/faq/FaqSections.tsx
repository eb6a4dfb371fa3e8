import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import {
  LICENCE_CODE_LENGTH,
  LICENCE_PRICES,
  PAYMENT_PROOF_MAX,
  SLIP_MAX_SELECTIONS,
  SLIP_MIN_STAKE,
  TRIAL_DAYS,
} from '../../../contract/limits.ts';
import { GROUP_MAX_USERS, GROUP_PLAN_MAX, GROUP_PLAN_MIN } from '../../../contract/schemas/groups.ts';
import { formatKz } from '../../lib/format.ts';

/** One question: the summary is the question itself, so a screen reader hears it as the button's name. */
function Question({ question, children }: { question: ReactNode; children: ReactNode }) {
  return (
    <details className="faq-item">
      <summary className="faq-question">{question}</summary>
      <div className="faq-answer">{children}</div>
    </details>
  );
}

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="faq-section" aria-labelledby={id}>
      <h2 className="faq-section-title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The FAQ: only what the product does (docs/product.md), with its numbers read from contract/limits.ts so the
 * answers cannot drift from the rules the app and the server apply.
 */
export function FaqSections() {
  const trialDays = TRIAL_DAYS;
  const maxSelections = SLIP_MAX_SELECTIONS;
  const minStake = formatKz(SLIP_MIN_STAKE);
  const mensal = formatKz(LICENCE_PRICES.mensal);
  const trimestral = formatKz(LICENCE_PRICES.trimestral);
  const anual = formatKz(LICENCE_PRICES.anual);
  const maxProofs = PAYMENT_PROOF_MAX;
  const codeLength = LICENCE_CODE_LENGTH;
  const maxMembers = GROUP_MAX_USERS;
  const minPlan = formatKz(GROUP_PLAN_MIN);
  const maxPlan = formatKz(GROUP_PLAN_MAX);
  return (
    <>
      <Section id="faq-fichas" title={<Trans>Fichas</Trans>}>
        <Question question={<Trans>O que é uma ficha?</Trans>}>
          <p>
            <Trans>
              Uma ficha é um boletim de apostas que montas com os jogos do dia: escolhes uma selecção por jogo, indicas o
              valor e a aplicação calcula o multiplicador (o produto das odds) e o retorno (valor × multiplicador).
            </Trans>
          </p>
          <p>
            <Trans>
              Ao carregares em «Bater Ficha», a ficha fica na tua conta. Tem de ter entre 1 e {maxSelections} selecções,
              um valor de pelo menos {minStake} e só jogos que ainda não começaram. Se as odds mudaram entretanto, a
              ficha é recusada com as odds novas, a não ser que tenhas aceitado mudanças de odds.
            </Trans>
          </p>
          <p>
            <Trans>
              Podes publicar ou esconder as tuas fichas e partilhá-las; os outros podem guardá-las ou copiá-las. Quando
              os jogos terminam, cada selecção e a ficha mostram se foram ganhas, perdidas ou anuladas.
            </Trans>
          </p>
        </Question>
      </Section>

      <Section id="faq-subscricao" title={<Trans>Subscrição</Trans>}>
        <Question question={<Trans>Como funciona o período experimental?</Trans>}>
          <p>
            <Trans>
              Ao criares conta recebes {trialDays} dias de experiência. Na página Subscrição vês até quando a tua licença é
              válida; nos últimos 3 dias ela aparece como a expirar.
            </Trans>
          </p>
          <p>
            <Trans>
              Com a licença expirada ou bloqueada não podes bater fichas nem pedir palpites: a aplicação mostra o aviso
              «Verifique a sua subscrição», com um atalho para a página Subscrição.
            </Trans>
          </p>
        </Question>
        <Question question={<Trans>Quanto custa a subscrição?</Trans>}>
          <ul>
            <li>
              <Trans>Mensal: {mensal}</Trans>
            </li>
            <li>
              <Trans>Trimestral: {trimestral}</Trans>
            </li>
            <li>
              <Trans>Anual: {anual}</Trans>
            </li>
          </ul>
        </Question>
        <Question question={<Trans>Como pago com a EMIS?</Trans>}>
          <p>
            <Trans>
              Na página Subscrição escolhe um plano: abre-se na aplicação a página de pagamento da EMIS com a referência
              do teu pagamento. Quando confirmas o pagamento nessa página, a tua licença é actualizada sem teres de
              recarregar. Pagar precisa de ligação à internet.
            </Trans>
          </p>
        </Question>
        <Question question={<Trans>Paguei por transferência. Como envio o comprovativo?</Trans>}>
          <p>
            <Trans>
              Na página Subscrição adiciona até {maxProofs} imagens do comprovativo de pagamento e envia-as. Um moderador
              verifica o comprovativo e a activação acontece em até 30 minutos. Depois de enviadas, as imagens ficam
              visíveis mas já não podem ser trocadas.
            </Trans>
          </p>
        </Question>
        <Question question={<Trans>Como uso um código de subscrição?</Trans>}>
          <p>
            <Trans>
              Na página Subscrição escreve o código de {codeLength} caracteres, um carácter em cada caixa; as letras
              passam a maiúsculas e todas as caixas são obrigatórias.
            </Trans>
          </p>
        </Question>
      </Section>

      <Section id="faq-offline" title={<Trans>Sem internet</Trans>}>
        <Question question={<Trans>Posso usar a aplicação sem internet?</Trans>}>
          <p>
            <Trans>
              Sim. Depois de a abrires uma vez com ligação, os ecrãs abrem sem internet e mostram o que o telemóvel
              guardou, com a hora da última actualização. Quando a ligação volta, a aplicação actualiza-se sozinha.
              Pagar e alguns pedidos ao servidor precisam de ligação, e a aplicação diz-te quando for o caso.
            </Trans>
          </p>
        </Question>
        <Question question={<Trans>O que quer dizer «Guardada neste telemóvel»?</Trans>}>
          <p>
            <Trans>
              O que fazes sem ligação, como bater uma ficha ou enviar uma mensagem, fica guardado no telemóvel e é
              enviado uma única vez quando a ligação volta, pela ordem em que o fizeste. No painel «Alterações por
              enviar» vês o estado de cada uma:
            </Trans>
          </p>
          <ul>
            <li>
              <Trans>«Guardada neste telemóvel»: à espera de ligação para ser enviada;</Trans>
            </li>
            <li>
              <Trans>«A enviar...»: a caminho do servidor;</Trans>
            </li>
            <li>
              <Trans>«Enviada»: o servidor recebeu-a;</Trans>
            </li>
            <li>
              <Trans>«Recusada»: o servidor não a aceitou e diz porquê; podes enviá-la de novo ou descartá-la;</Trans>
            </li>
            <li>
              <Trans>«À espera que voltes a entrar»: a sessão terminou; é enviada quando voltares a entrar com a mesma conta.</Trans>
            </li>
          </ul>
          <p>
            <Trans>Nada é apagado sem te avisar: se terminares a sessão com alterações por enviar, a aplicação avisa-te.</Trans>
          </p>
        </Question>
        <Question question={<Trans>O que faz a poupança de dados?</Trans>}>
          <p>
            <Trans>
              Com a poupança de dados ligada, as listas actualizam-se com metade da frequência, as fotografias e as
              imagens das mensagens só carregam quando tocas nelas, e o widget ao vivo de um jogo nunca carrega sozinho.
              Liga-se sozinha quando o navegador diz que a ligação é lenta (2G ou 3G) ou que pediste para poupar dados;
              podes ligá-la ou desligá-la em Definições, onde também vês quantos dados a aplicação usou neste telemóvel
              nesta sessão e neste mês. Só conta o que veio pela rede: o que o telemóvel já tinha guardado não gasta
              dados.
            </Trans>
          </p>
        </Question>
      </Section>

      <Section id="faq-grupos" title={<Trans>Grupos</Trans>}>
        <Question question={<Trans>Como funcionam os grupos?</Trans>}>
          <p>
            <Trans>
              Um grupo é aberto ou privado e tem no máximo {maxMembers} pessoas, contando com quem o criou. O criador
              edita o grupo, adiciona, remove, promove e despromove membros e pode apagá-lo; os administradores fazem o
              mesmo, excepto apagar. Os membros podem sair (o criador não). O criador pode deixar só os administradores
              escrever.
            </Trans>
          </p>
        </Question>
        <Question question={<Trans>Porque tenho de pagar para entrar num grupo privado?</Trans>}>
          <p>
            <Trans>
              O criador de um grupo privado pode cobrar a entrada, com três planos (semanal, mensal e anual) a preços
              que ele define, entre {minPlan} e {maxPlan}. Este pagamento é do grupo e não faz parte da tua subscrição.
            </Trans>
          </p>
          <p>
            <Trans>
              Enquanto não pagares, ou quando o período pago terminar, vês só o nome, a imagem, o número de membros, o
              criador e os planos do grupo. Pagar prolonga a tua entrada pelo período do plano, a contar do fim do
              período actual se ainda não terminou. A conta oficial e os grupos oficiais não têm este pagamento.
            </Trans>
          </p>
        </Question>
      </Section>

      <Section id="faq-privacidade" title={<Trans>Privacidade</Trans>}>
        <Question question={<Trans>O que fica guardado no meu telemóvel?</Trans>}>
          <p>
            <Trans>
              Para funcionar sem internet, a aplicação guarda no telemóvel os jogos e os mercados, as tuas fichas, as
              tuas conversas e mensagens, os grupos e as salas, as notificações, a tua licença, o teu perfil e as
              alterações por enviar. Nas Definições vês quanto espaço isso ocupa.
            </Trans>
          </p>
        </Question>
        <Question question={<Trans>O que fica guardado no servidor?</Trans>}>
          <p>
            <Trans>
              A tua conta (nome, nome de usuário, e-mail, foto e, na Fichas, o número de telemóvel), a palavra passe
              guardada só como um resumo cifrado que não permite lê-la, as tuas fichas, mensagens, grupos e seguidores, a tua subscrição com os
              pagamentos e os comprovativos que enviaste, e, se ligares as notificações, o endereço para as enviar a
              este telemóvel.
            </Trans>
          </p>
        </Question>
        <Question question={<Trans>O que acontece quando termino a sessão?</Trans>}>
          <p>
            <Trans>
              Os teus dados pessoais são apagados deste telemóvel: fichas, conversas, mensagens, grupos, notificações,
              licença e perfil. Ficam só os jogos e os mercados, que não são de ninguém, e as alterações por enviar, que
              só são enviadas com a tua conta quando voltares a entrar. Assim, quem usar o mesmo telemóvel depois de ti
              não vê os teus dados.
            </Trans>
          </p>
        </Question>
        <Question question={<Trans>Posso terminar a sessão nos outros dispositivos?</Trans>}>
          <p>
            <Trans>
              Sim. Nas Definições, «Terminar sessão em todos os dispositivos» termina todas as sessões da tua conta,
              incluindo a deste telemóvel. Mudar a palavra passe também termina as sessões dos outros dispositivos.
            </Trans>
          </p>
        </Question>
      </Section>
    </>
  );
}
