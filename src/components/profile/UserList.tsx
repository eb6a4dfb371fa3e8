import { Link } from 'wouter';
import type { PublicUser } from '../../../contract/schemas/auth.ts';
import { VirtualList } from '../list/VirtualList.tsx';
import { shownHandle } from '../../../contract/official-account.ts';
import { brand } from '../../i18n/brand.ts';

/** Followers or followed users, virtualised: each links to their profile. `onEndReached` asks for the next page. */
export function UserList({ users, onEndReached }: { users: PublicUser[]; onEndReached?: () => void }) {
  return (
    <div className="profile-users">
      <VirtualList items={users} itemKey={(user) => user.id} onEndReached={onEndReached}>
        {(user, index) => (
          <div className={index === 0 ? 'profile-user profile-user-first' : 'profile-user'}>
            <span className="avatar-letter" aria-hidden="true">
              {(user.nome || user.nomeUsuario).slice(0, 1).toUpperCase()}
            </span>
            <Link href={`/${user.nomeUsuario}`} className="profile-user-link">
              <span className="profile-user-name">{user.nome}</span>
              <span className="muted small">@{shownHandle(user.nomeUsuario, brand.locale)}</span>
            </Link>
          </div>
        )}
      </VirtualList>
    </div>
  );
}
