import type { ReactNode } from 'react';
import './page-kit.css';

/** What the field's input carries so assistive technology reads the error line with it. */
export type FieldInputProps = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** The line under the input; while there is none, the hint (if any) shows there. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Beside the label, e.g. a "Forgot?" link. */
  aside?: ReactNode;
  children: (input: FieldInputProps) => ReactNode;
};

/** A labelled input with its error line: the one shape every form of the account screens shares. */
export function FormField({ id, label, error, hint, aside, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const labelElement = <label htmlFor={id}>{label}</label>;
  return (
    <div className="pk-field">
      {aside ? (
        <div className="pk-field__label-row">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <p className="pk-error" id={errorId}>
          {error}
        </p>
      ) : (
        hint && <p className="pk-hint">{hint}</p>
      )}
    </div>
  );
}
