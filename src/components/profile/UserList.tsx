import { Link } from 'wouter';
import type { PublicUser } from '../../../contract/schemas/auth.ts';

/** Followers or followed users: each links to their profile. */
export function UserList({ users }: { users: PublicUser[] }) {
  return (
    <ul className="profile-users">
      {users.map((user) => (
        <li key={user.id} className="profile-user">
          <span className="avatar-letter" aria-hidden="true">
            {(user.nome || user.nomeUsuario).slice(0, 1).toUpperCase()}
          </span>
          <Link href={`/${user.nomeUsuario}`} className="profile-user-link">
            <span className="profile-user-name">{user.nome}</span>
            <span className="muted small">@{user.nomeUsuario}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
