/** The `type` values HTML knows for an `<input>`. */
const INPUT_TYPES = new Set([
  'button',
  'checkbox',
  'color',
  'date',
  'datetime-local',
  'email',
  'file',
  'hidden',
  'image',
  'month',
  'number',
  'password',
  'radio',
  'range',
  'reset',
  'search',
  'submit',
  'tel',
  'text',
  'time',
  'url',
  'week',
]);

/**
 * An `<input>`'s type as a browser takes it: a missing or unknown value is a text field (a kit
 * translated `type="password"` into `type="Contraseña"`, which every browser shows as plain text).
 */
export function inputType(raw: string | undefined): string {
  const type = (raw ?? '').trim().toLowerCase();
  return INPUT_TYPES.has(type) ? type : 'text';
}
