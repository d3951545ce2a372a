import { images, type Localized } from '#content/index.ts';
import { usePage } from './page-context';

/**
 * An image of content/images/ as the build made it: AVIF and WebP at the
 * widths its pages use (the browser picks by `sizes` and the screen's
 * density), a JPEG or PNG for browsers that read neither, the SVG itself for
 * drawings; always with its width and height, so nothing shifts while it
 * loads. Below the fold it loads when the visitor scrolls near it; `eager`
 * for the one picture above the fold, which is then the page's largest paint
 * and must start at once. An empty `alt` marks a decorative picture.
 */
export function Picture({
  image,
  sizes,
  className,
  eager = false,
}: {
  /** Without `alt`, the picture is decorative (a portrait beside its name, a logo under its partner's). */
  image: { file: string; alt?: Localized };
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  const { locale } = usePage();
  const built = images[image.file];
  if (!built) throw new Error(`content/images/${image.file} was not built (npm run build)`);
  const img = (
    <img
      className={className}
      src={built.src}
      width={built.width}
      height={built.height}
      alt={image.alt?.[locale] ?? ''}
      decoding="async"
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
    />
  );
  if (built.sources.length === 0) return img;
  return (
    <picture>
      {built.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
