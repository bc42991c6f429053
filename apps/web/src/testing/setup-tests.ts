import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => cleanup());

// SweetAlert2 finishes opening a toast on a short timer; let the last one run while the DOM still
// exists, or it fires after the environment is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));
