import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from './loading-overlay.tsx';

describe('LoadingOverlay (SPEC §9)', () => {
  it('closes on Escape when the work can be cancelled', () => {
    const onCancel = vi.fn();
    render(<LoadingOverlay label="Please Wait..." onCancel={onCancel} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('stays when it cannot be cancelled', () => {
    render(<LoadingOverlay label="Please Wait..." />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please Wait...');
    expect(screen.queryByText('Press Escape to cancel.')).not.toBeInTheDocument();
  });
});
