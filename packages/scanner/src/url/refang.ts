/**
 * Undoes the usual ways analysts and gateways "defang" addresses so that nobody clicks them by
 * mistake: `hxxps://evil[.]example(dot)com` becomes `https://evil.example.com`. Each pattern is a
 * fixed alternation, linear in the text.
 */
export function refang(text: string): string {
  return text
    .replace(/\bhxxp(s?)/gi, 'http$1')
    .replace(/\bh\[tt\]p(s?)/gi, 'http$1')
    .replace(/ \[dot\] | \(dot\) /gi, '.')
    .replace(/\[(?:\.|dot)\]|\((?:\.|dot)\)|\{(?:\.|dot)\}/gi, '.')
    .replace(/\[(:|:\/\/)\]/g, '$1');
}
