import type { BrandPage, Lookalike } from '@riskscan/contracts';

/** The page a look-alike copies, matched by the address the finding names. */
export const copiedPage = (lookalike: Lookalike, pages: readonly BrandPage[]) =>
  lookalike.copies ? pages.find((page) => page.url === lookalike.copies!.brand_page) : undefined;

/** "Copies your login page (visual distance 4/64)" and, when both exist, the two screenshots side by side. */
export function CopyFinding({
  lookalike,
  pages,
  compare = false,
}: {
  lookalike: Lookalike;
  pages: readonly BrandPage[];
  compare?: boolean;
}) {
  if (!lookalike.copies) return null;
  const original = copiedPage(lookalike, pages);
  return (
    <div className="copy-finding">
      <p className="copy-finding__message">
        <strong>{lookalike.copies.message}</strong>
      </p>
      {compare && lookalike.screenshot_link && original?.screenshot_link && (
        <div className="copy-finding__compare">
          <figure>
            <img src={lookalike.screenshot_link} alt={`Screenshot of ${lookalike.domain}`} loading="lazy" />
            <figcaption>{lookalike.domain}</figcaption>
          </figure>
          <figure>
            <img src={original.screenshot_link} alt={`Screenshot of your page ${original.url}`} loading="lazy" />
            <figcaption>Your page: {original.url}</figcaption>
          </figure>
        </div>
      )}
    </div>
  );
}
