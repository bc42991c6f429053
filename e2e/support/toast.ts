import type { Page } from '@playwright/test';

/** SweetAlert2 toasts render their message as the popup title. */
export const toast = (page: Page, message: string) => page.locator('.swal2-title', { hasText: message });

/** Every SweetAlert2 container: it leaves the page once its toast has faded out. */
export const anyToast = (page: Page) => page.locator('.swal2-container');
