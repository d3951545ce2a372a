import { images, type Localized } from '#content/index.ts';
import { usePage } from './page-context';

/**
 * An image of content/images/ as the build made it: AVIF and WebP at several
 * widths for photos (the browser picks), the file itself for SVG, always with
 * its width and height so nothing shifts while it loads.
 */
export function Picture({
  image,
  sizes,
  className,
  eager = false,
}: {
  image: { file: string; alt: Localized };
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
      alt={image.alt[locale]}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(built.sources.length > 0 ? { sizes } : {})}
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
