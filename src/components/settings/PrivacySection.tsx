import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { groupAddPolicyAtom, pendingAccountChangesAtom, updateGroupAddPolicyAtom } from '../../state/account.ts';
import { PENDING } from '../../state/live-atom.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import type { GroupAddPolicy } from '../../../contract/group-add-policy.ts';

/**
 * Who may add the user to a group (docs/decisions.md "Group invitations and merged notifications"), like Telegram's
 * privacy setting: anyone else sends an invitation the user accepts or ignores in Notificações. Saved on this phone
 * at the tap and sent through the outbox; the note above the sections says whether it has reached the server.
 */
export function PrivacySection() {
  const { t } = useLingui();
  const policy = useAtomValue(groupAddPolicyAtom);
  const save = useSetAtom(updateGroupAddPolicyAtom);
  const waiting = useAtomValue(pendingAccountChangesAtom).some((change) => change.sync !== 'rejected');
  const [error, setError] = useState<string | null>(null);
  // The tap shows at once; the stored profile (written in the same moment) then says the same.
  const [chosen, setChosen] = useState<GroupAddPolicy | null>(null);
  if (policy === PENDING) return null;
  const shown = chosen ?? policy;
  const options: { value: GroupAddPolicy; label: string }[] = [
    { value: 'todos', label: t`Todos` },
    { value: 'seguidos', label: t`Pessoas que sigo` },
    { value: 'ninguem', label: t`Ninguém` },
  ];
  const choose = async (value: GroupAddPolicy) => {
    setError(null);
    setChosen(value);
    const result = await save(value);
    if (!result.ok) {
      setChosen(null);
      setError(translateServerMessage(result.message));
    }
  };
  return (
    <section className="settings-section" aria-labelledby="settings-privacy">
      <h2 className="section-title" id="settings-privacy">
        <Trans>Privacidade</Trans>
      </h2>
      <fieldset className="settings-choice">
        <legend className="settings-label">
          <Trans>Quem me pode adicionar a grupos</Trans>
        </legend>
        {options.map((option) => (
          <label key={option.value} className="settings-radio">
            <input type="radio" name="adicionar-grupos" value={option.value} checked={shown === option.value} onChange={() => void choose(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      <p className="settings-state" role="status">
        {shown === 'todos' ? (
          <Trans>Qualquer pessoa te pode adicionar a um grupo.</Trans>
        ) : shown === 'seguidos' ? (
          <Trans>Só as pessoas que segues te podem adicionar; as outras enviam-te um convite.</Trans>
        ) : (
          <Trans>Ninguém te pode adicionar; recebes um convite que podes aceitar ou ignorar.</Trans>
        )}
        {waiting && (
          <>
            {' '}
            <Trans>Guardado neste telemóvel.</Trans>
          </>
        )}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
