/** Links into the web app (SPEC §2 routes), absolute on the configured public URL. */
export type WebLinks = ReturnType<typeof createWebLinks>;

export function createWebLinks(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  const at = (path: string) => `${base}${path}`;
  return {
    home: () => at('/'),
    signIn: () => at('/signin'),
    activateAccount: (uid: string, token: string) => at(`/activate-account/${encodeURIComponent(uid)}/${encodeURIComponent(token)}`),
    passwordReset: (token: string) => at(`/password-reset/token/${encodeURIComponent(token)}`),
    /** Not a SPEC §2 route: the profile's change-email screen confirms the token it is opened with. */
    confirmEmailChange: (token: string) => at(`/profile/change_email?token=${encodeURIComponent(token)}`),
    licenseDetails: () => at('/profile/license_details'),
    pricing: () => at('/pricing'),
  };
}
