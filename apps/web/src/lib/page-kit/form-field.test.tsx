import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field.tsx';

describe('FormField', () => {
  it('labels the input and shows the hint while there is no error', () => {
    render(
      <FormField id="f-email" label="Email" hint="We never share it.">
        {(input) => <input {...input} />}
      </FormField>,
    );
    const box = screen.getByLabelText('Email');
    expect(box).toHaveAttribute('aria-invalid', 'false');
    expect(box).not.toHaveAttribute('aria-describedby');
    expect(screen.getByText('We never share it.')).toBeInTheDocument();
  });

  it('replaces the hint with the error line and ties it to the input', () => {
    render(
      <FormField id="f-email" label="Email" hint="We never share it." aside={<a href="/help">Help</a>} error="* Email required.">
        {(input) => <input {...input} />}
      </FormField>,
    );
    const box = screen.getByLabelText('Email');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('* Email required.');
    expect(screen.queryByText('We never share it.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help' })).toBeInTheDocument();
  });
});
