/** What a route says about itself in the browser tab and to search engines. */
export type RouteMeta = { title: string; description: string };

const SITE = 'riskscan';

export function documentTitle(meta: RouteMeta | undefined): string {
  return meta ? `${meta.title} | ${SITE}` : SITE;
}

export function applyRouteMeta(meta: RouteMeta | undefined, doc: Document = document): void {
  doc.title = documentTitle(meta);
  let tag = doc.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = doc.createElement('meta');
    tag.name = 'description';
    doc.head.append(tag);
  }
  if (meta) tag.content = meta.description;
}
