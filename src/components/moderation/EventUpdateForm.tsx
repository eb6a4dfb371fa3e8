import { useEffect, useId, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { isModeratorAtom, loadEventRecord, newActionKey, saveEventRecord } from '../../state/moderation.ts';
import { showToastAtom } from '../../state/toasts.ts';
import './moderation.css';

/**
 * The event update form (SPEC §6, §7): a moderator or the privileged account sets the event's external ids
 * (sport_radar_eventId, sport_radar_seasonId). Success needs 201: 'Evento actualizado com sucesso'; anything else
 * says 'Não foi possivel actualizar evento'. Nothing is shown to anyone else.
 */
export function EventUpdateForm({ eventId }: { eventId: string }) {
  const allowed = useAtomValue(isModeratorAtom);
  if (!allowed || !eventId) return null;
  return <Form eventId={eventId} />;
}

function Form({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const showToast = useSetAtom(showToastAtom);
  const [open, setOpen] = useState(false);
  const [eventRef, setEventRef] = useState('');
  const [seasonRef, setSeasonRef] = useState('');
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const key = useRef<{ for: string; key: string } | null>(null);
  const ids = useId();

  useEffect(() => {
    if (!open) return;
    let current = true;
    void loadEventRecord(eventId).then((result) => {
      if (!current || !result.ok) return;
      setEventRef((value) => value || (result.data.sport_radar_eventId ?? ''));
      setSeasonRef((value) => value || (result.data.sport_radar_seasonId ?? ''));
    });
    return () => {
      current = false;
    };
  }, [open, eventId]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = { sport_radar_eventId: eventRef.trim(), sport_radar_seasonId: seasonRef.trim() };
    if (!body.sport_radar_eventId || !body.sport_radar_seasonId) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const signature = JSON.stringify(body);
    if (key.current?.for !== signature) key.current = { for: signature, key: newActionKey() };
    setSaving(true);
    const result = await saveEventRecord(eventId, body, key.current.key);
    setSaving(false);
    if (result.ok) {
      key.current = null;
      showToast({ kind: 'success', text: t`Evento actualizado com sucesso` });
    } else {
      showToast({ kind: 'error', text: t`Não foi possivel actualizar evento` });
    }
  };

  return (
    <details className="mod-event-form" open={open} onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>
        <Trans>Actualizar evento</Trans>
      </summary>
      <form className="mod-event-form-body" onSubmit={(event) => void submit(event)} noValidate>
        <div className="mod-event-fields">
          <div className="mod-field">
            <label htmlFor={`${ids}-event`}>
              <Trans>Identificador do jogo na Sportradar</Trans> <code className="mod-field-key">sport_radar_eventId</code>
            </label>
            <input
              id={`${ids}-event`}
              value={eventRef}
              maxLength={100}
              autoComplete="off"
              onChange={(e) => setEventRef(e.target.value)}
              aria-invalid={invalid && !eventRef.trim() ? true : undefined}
            />
          </div>
          <div className="mod-field">
            <label htmlFor={`${ids}-season`}>
              <Trans>Identificador da época na Sportradar</Trans> <code className="mod-field-key">sport_radar_seasonId</code>
            </label>
            <input
              id={`${ids}-season`}
              value={seasonRef}
              maxLength={100}
              autoComplete="off"
              onChange={(e) => setSeasonRef(e.target.value)}
              aria-invalid={invalid && !seasonRef.trim() ? true : undefined}
            />
          </div>
        </div>
        {invalid && (
          <p className="field-error" role="alert">
            <Trans>Preenche os dois identificadores</Trans>
          </p>
        )}
        <button type="submit" className="button button-small" disabled={saving}>
          <Trans>Guardar identificadores</Trans>
        </button>
      </form>
    </details>
  );
}
