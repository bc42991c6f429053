import type { Page } from '@playwright/test';

/** SweetAlert2 toasts render their message as the popup title. */
export const toast = (page: Page, message: string) => page.locator('.swal2-title', { hasText: message });
