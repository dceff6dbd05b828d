/**
 * A product image with four states: unload until it comes within 600 px of the
 * viewport, then loading, then loaded or error. A new src (or turning loading on) starts
 * again; a failure marks error and calls onError.
 *
 * An image that is not watched (`lazy` off) starts as loading, so the server-rendered HTML
 * already has it: the product page's main image (`priority`: fetched first) and its gallery
 * (left to the browser's own lazy loading), which a page without JavaScript still shows.
 */
import { useEffect, useRef, useState } from 'react';
import { IMAGE_VISIBILITY_MARGIN_PX } from '../../lib/constants.ts';

export type ImageState = 'unload' | 'loading' | 'loaded' | 'error';

export interface ProductImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Watched: nothing is fetched until it comes near the viewport. Default on. */
  lazy?: boolean;
  /** The page's main image (its LCP): fetched eagerly, ahead of other images. Implies lazy off. */
  priority?: boolean;
  /** Widths the image CDN serves (image-url.ts responsiveSrcset), with the layout's sizes. */
  srcSet?: string;
  sizes?: string;
  /** Off keeps the image unloaded (a carousel's hidden slide). */
  load?: boolean;
  className?: string;
  onError?: (src: string) => void;
}

export default function ProductImage({
  src,
  alt,
  width,
  height,
  lazy = true,
  priority = false,
  srcSet,
  sizes,
  load = true,
  className,
  onError,
}: ProductImageProps) {
  const watched = lazy && !priority;
  const [state, setState] = useState<ImageState>(load && !watched ? 'loading' : 'unload');
  const holder = useRef<HTMLSpanElement>(null);
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    if (!load) return setState('unload');
    if (!watched || typeof IntersectionObserver === 'undefined') {
      // The server's image may have finished (or failed) before hydration: its events are gone.
      const img = image.current;
      if (img?.complete && img.getAttribute('src') === src) return setState(img.naturalWidth > 0 ? 'loaded' : 'error');
      return setState('loading');
    }
    setState('unload');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setState('loading');
        }
      },
      { rootMargin: `${IMAGE_VISIBILITY_MARGIN_PX}px` },
    );
    if (holder.current) observer.observe(holder.current);
    return () => observer.disconnect();
  }, [src, load, watched]);

  return (
    <span
      ref={holder}
      className={['product-image', className].filter(Boolean).join(' ')}
      data-state={state}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {state !== 'unload' && state !== 'error' && (
        <img
          ref={image}
          src={src}
          srcSet={srcSet || undefined}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          width={width}
          height={height}
          decoding={priority ? undefined : 'async'}
          {...(priority ? { fetchPriority: 'high' as const } : { loading: watched ? undefined : ('lazy' as const) })}
          onLoad={() => setState('loaded')}
          onError={() => {
            setState('error');
            onError?.(src);
          }}
        />
      )}
      {state === 'error' && <span className="product-image__error" role="img" aria-label={alt} />}
    </span>
  );
}
