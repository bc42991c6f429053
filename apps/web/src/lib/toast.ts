export type ToastKind = 'success' | 'error' | 'info';

/** SPEC §8: top of the page, green or red, 2.5 s (3 s for some), timer bar, no confirm button. */
export const TOAST_MS = 2500;
export const LONG_TOAST_MS = 3000;

const COLORS: Record<ToastKind, string> = { success: '#1f9d55', error: '#d33a2c', info: '#2563eb' };

/** SweetAlert2 is loaded on the first toast, keeping it out of the home page's initial JavaScript. */
export async function showToast(kind: ToastKind, message: string, durationMs: number = TOAST_MS): Promise<unknown> {
  const { default: Swal } = await import('sweetalert2');
  return Swal.fire({
    toast: true,
    position: 'top',
    icon: kind,
    title: message,
    showConfirmButton: false,
    timer: durationMs,
    timerProgressBar: true,
    background: COLORS[kind],
    color: '#fff',
    iconColor: '#fff',
  });
}
