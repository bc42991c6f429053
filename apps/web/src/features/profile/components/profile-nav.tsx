import { Link, useNavigate } from 'react-router';
import { logOut } from '@/lib/log-out.ts';
import { useSession } from '@/lib/session.ts';
import { PROFILE_SECTIONS, type ProfileSectionId } from '../profile-sections.ts';

const GROUPS = [...new Set(PROFILE_SECTIONS.map((s) => s.group))];

export function ProfileNav({ active }: { active: ProfileSectionId }) {
  const navigate = useNavigate();
  const user = useSession((state) => state.user);

  async function logOutAndLeave() {
    await logOut();
    void navigate('/');
  }

  return (
    <nav className="profile-nav" aria-label="Profile">
      <div className="profile-nav__who">
        <span className="profile-nav__avatar" aria-hidden="true">
          {(user?.email ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <span className="profile-nav__email">{user?.email}</span>
      </div>
      {GROUPS.map((group) => (
        <div key={group} className="profile-nav__group">
          <p className="profile-nav__group-title">{group}</p>
          <ul>
            {PROFILE_SECTIONS.filter((s) => s.group === group).map((s) => (
              <li key={s.id}>
                <Link
                  to={`/profile/${s.id}`}
                  aria-current={s.id === active ? 'page' : undefined}
                  className={s.id === active ? 'is-active' : undefined}
                >
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <button type="button" className="profile-nav__logout" onClick={() => void logOutAndLeave()}>
        Log Out
      </button>
    </nav>
  );
}
