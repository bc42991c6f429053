import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// findBy*/waitFor give up after this long; a loaded CI machine needs more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// SweetAlert2 finishes opening a toast on a short timer; let the last one run while the DOM still
// exists, or it fires after the environment is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));
