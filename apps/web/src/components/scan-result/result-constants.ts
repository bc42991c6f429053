/** SPEC §9 constants of the result view. */
export const CATEGORIES_PER_PAGE = 5;
export const EXTENDED_PREVIEW = 10;
/** Disabled checks: preview of 3, toggle offered only when more than 4 exist. */
export const DISABLED_CHECKS_PREVIEW = 3;
export const DISABLED_CHECKS_TOGGLE_ABOVE = 4;
