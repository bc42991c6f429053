/**
 * Digits that stand in for letters in look-alike names (`c01nbase`, `m3tamask`, `5ecure`), beyond
 * the ones the Unicode confusables table already folds (0 to o, 1 to l).
 */
export const DIGIT_LETTERS: Readonly<Record<string, string>> = { '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g' };
