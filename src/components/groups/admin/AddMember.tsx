import { useEffect, useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicUser } from '../../../../contract/schemas/auth.ts';
import { DEBOUNCE_MS } from '../../../../contract/limits.ts';
import { MSG } from '../../../../contract/messages.ts';
import { searchUsersToAddAtom } from '../../../state/group-admin.ts';
import { onlineAtom } from '../../../state/network.ts';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { shownHandle } from '../../../../contract/official-account.ts';
import { brand } from '../../../i18n/brand.ts';

type Search = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; users: PublicUser[] } | { kind: 'error'; message: string };

/**
 * Add a user by search (SPEC §5 group edit): the term is searched 500 ms after the last key (the server slugifies it
 * as the sync layer does), an empty term clears the list, no match says 'Nenhum resultado', someone already in the
 * group says so instead of offering to add them, and a full group (30 users) offers nothing.
 */
export function AddMember({ memberIds, full, onAdd }: { memberIds: ReadonlySet<string>; full: boolean; onAdd: (user: PublicUser) => void }) {
  const { t } = useLingui();
  const id = useId();
  const online = useAtomValue(onlineAtom);
  const search = useSetAtom(searchUsersToAddAtom);
  const [term, setTerm] = useState('');
  const [result, setResult] = useState<Search>({ kind: 'idle' });

  useEffect(() => {
    if (!term.trim() || !online) {
      setResult({ kind: 'idle' });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      setResult({ kind: 'loading' });
      void search(term).then((found) => {
        if (!current) return;
        setResult(found.kind === 'ok' ? { kind: 'done', users: found.users } : { kind: 'error', message: found.message });
      });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term, online, search]);

  if (full) {
    return (
      <p className="notice group-full" role="status">
        {translateServerMessage(MSG.groupFull)}
      </p>
    );
  }

  return (
    <div className="add-member">
      <div className="field">
        <label htmlFor={`${id}-search`}>
          <Trans>Pesquisar usuario</Trans>
        </label>
        <input
          id={`${id}-search`}
          type="search"
          autoComplete="off"
          value={term}
          disabled={!online}
          placeholder={t`Nome ou nome de usuario`}
          onChange={(event) => setTerm(event.target.value)}
        />
        {!online && (
          <span className="field-hint">
            <Trans>A pesquisa precisa de internet.</Trans>
          </span>
        )}
      </div>
      <div aria-live="polite" className="add-member-results">
        {result.kind === 'loading' && (
          <p className="muted">
            <Trans>A pesquisar…</Trans>
          </p>
        )}
        {result.kind === 'error' && <p className="form-error">{translateServerMessage(result.message)}</p>}
        {result.kind === 'done' && result.users.length === 0 && (
          <p className="muted">
            <Trans>Nenhum resultado</Trans>
          </p>
        )}
        {result.kind === 'done' && result.users.length > 0 && (
          <ul className="member-list search-results" aria-label={t`Resultados da pesquisa`}>
            {result.users.map((user) => (
              <li key={user.id} className="member-item">
                <span className="avatar" aria-hidden="true">
                  {user.nome.slice(0, 1).toUpperCase()}
                </span>
                <span className="member-text">
                  <span className="member-name">
                    {user.nome} <span className="muted member-handle">@{shownHandle(user.nomeUsuario, brand.locale)}</span>
                  </span>
                  {memberIds.has(user.id) ? (
                    <span className="muted member-already">{translateServerMessage(MSG.groupUserExists)}</span>
                  ) : (
                    <span className="member-actions">
                      <button type="button" className="button button-small" onClick={() => onAdd(user)}>
                        <Trans>Adicionar</Trans>
                      </button>
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
