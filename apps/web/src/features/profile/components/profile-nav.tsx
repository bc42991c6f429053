import { Link, useNavigate } from 'react-router';
import { showToast } from '@/components/ui/toast.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { useSession } from '@/lib/session.ts';
import { logout } from '../api/account.ts';
import { PROFILE_SECTIONS, type ProfileSectionId } from '../profile-sections.ts';

const GROUPS = [...new Set(PROFILE_SECTIONS.map((s) => s.group))];

export function ProfileNav({ active }: { active: ProfileSectionId }) {
  const navigate = useNavigate();
  const { user, signOut } = useSession();

  async function logOut() {
    await logout(user?.refreshToken).catch(() => undefined);
    signOut();
    // SPEC §4: sign-out also drops the stored scan and its loading flag.
    localStorage.removeItem(STORAGE_KEYS.checkResult);
    localStorage.removeItem(STORAGE_KEYS.isLoading);
    void showToast('success', 'You have logged out');
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
      <button type="button" className="profile-nav__logout" onClick={() => void logOut()}>
        Log Out
      </button>
    </nav>
  );
}
