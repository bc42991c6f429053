/** A callback or webhook URL with a user name or password in it is refused where it is set. */
export const URL_CREDENTIALS_MESSAGE =
  'Remove the user name and password from the URL (user:password@): riskscan does not send credentials; check the signature headers instead.';

/** True unless `value` parses as a URL carrying credentials (other URL errors are the format rules' to report). */
export function hasNoCredentials(value: string): boolean {
  if (!URL.canParse(value)) return true;
  const url = new URL(value);
  return url.username === '' && url.password === '';
}
