import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'wouter';
import { MSG } from '../../../../contract/messages.ts';
import { GROUP_PLAN_MAX, GROUP_PLAN_MIN, GROUP_PLANS, type AllowedSenders, type GroupPlanName } from '../../../../contract/schemas/groups.ts';
import { validateGroupFields } from '../../../../contract/validation/social.ts';
import { submitNewGroupAtom } from '../../../state/group-creation.ts';
import { onlineAtom } from '../../../state/network.ts';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { useFieldErrors } from '../../use-field-errors.ts';
import type { PlanInputs } from './GroupPlansFields.tsx';

export type NewGroupField = 'nome' | 'imagem' | 'planos';

/** The field a server refusal is about: the one it names, else the one its message is the rule of. */
function fieldOf(field: string | null, message: string): NewGroupField | 'form' {
  if (field === 'nome' || field === 'imagem' || field === 'planos') return field;
  if (message === MSG.groupName || message === MSG.groupNameTaken) return 'nome';
  if (message === MSG.groupPlanValue) return 'planos';
  if (message === MSG.imageTooHeavy || message === MSG.imageProblem) return 'imagem';
  return 'form';
}

const groupPath = (id: string) => `/dashboard/comunidade/grupos/${encodeURIComponent(id)}`;

/**
 * The new-group form's values and its submit (SPEC §2 criargrupo, §5): every broken rule under its field at once, then
 * the group is queued; online the form waits for the server and opens the new group (or shows its refusal here),
 * offline it opens the group made on this phone.
 */
export function useNewGroupForm() {
  const submitGroup = useSetAtom(submitNewGroupAtom);
  const online = useAtomValue(onlineAtom);
  const [, navigate] = useLocation();
  const [nome, setNome] = useState('');
  const [imagem, setImagem] = useState<string | null>(null);
  const [privado, setPrivado] = useState(false);
  const [allowedSenders, setAllowedSenders] = useState<AllowedSenders>('all');
  const [plans, setPlans] = useState<PlanInputs>({ semanal: '', mensal: '', anual: '' });
  const errors = useFieldErrors<NewGroupField>();
  const [busy, setBusy] = useState(false);

  const planValue = (name: GroupPlanName) => {
    const raw = plans[name].replace(/[\s.]/g, '');
    return raw === '' ? Number.NaN : Number(raw);
  };
  const planInvalid = (name: GroupPlanName) => {
    const value = planValue(name);
    return !Number.isInteger(value) || value < GROUP_PLAN_MIN || value > GROUP_PLAN_MAX;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const planos = GROUP_PLANS.map((extensao) => ({ extensao, valor: privado ? planValue(extensao) : 0 }));
    const checked = validateGroupFields({ nome, privado, planos });
    const imageError = errors.errorFor('imagem');
    if (!checked.ok) {
      const local = checked.errors.map((error) => ({ field: error.field, message: translateServerMessage(error.message) }));
      return errors.show([...local, ...(imageError ? [{ field: 'imagem' as const, message: imageError }] : [])]);
    }
    setBusy(true);
    errors.clear();
    const outcome = await submitGroup({ nome: checked.value.nome, imagem, privado, allowedSenders, planos: checked.value.planos, online });
    setBusy(false);
    if (outcome.kind === 'created') return navigate(groupPath(outcome.id));
    if (outcome.kind === 'queued') return navigate(groupPath(outcome.localId));
    // Shown once, on the form (components/form-error.ts).
    const field = outcome.kind === 'rejected' ? fieldOf(outcome.field, outcome.message) : 'form';
    errors.show([{ field, message: translateServerMessage(outcome.message) }]);
  };

  return {
    values: { nome, imagem, privado, allowedSenders, plans },
    set: {
      nome: setNome,
      imagem: setImagem,
      privado: setPrivado,
      allowedSenders: setAllowedSenders,
      plan: (name: GroupPlanName, value: string) => setPlans((current) => ({ ...current, [name]: value })),
    },
    errors,
    planInvalid,
    busy,
    onSubmit: (event: FormEvent) => void submit(event),
  };
}
