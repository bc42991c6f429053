import { useMediaUrl } from '../api/media.ts';

/** A post's featured image; nothing while it loads or when it cannot be found. */
export function PostImage({ mediaId, alt, className }: { mediaId: number; alt: string; className?: string }) {
  const { data: src } = useMediaUrl(mediaId);
  if (!src) return <div className={`${className ?? ''} blog-image--empty`} aria-hidden="true" />;
  return <img className={className} src={src} alt={alt} loading="lazy" />;
}
