/**
 * A product image with four states: unload until it comes within 600 px of the
 * viewport (or at once when not lazy), then loading, then loaded or error. A new src (or
 * turning loading on) starts again; a failure marks error and calls onError.
 */
import { useEffect, useRef, useState } from 'react';
import { IMAGE_VISIBILITY_MARGIN_PX } from '../../lib/constants.ts';

export type ImageState = 'unload' | 'loading' | 'loaded' | 'error';

export interface ProductImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  lazy?: boolean;
  /** Off keeps the image unloaded (a carousel's hidden slide). */
  load?: boolean;
  className?: string;
  onError?: (src: string) => void;
}

export default function ProductImage({ src, alt, width, height, lazy = true, load = true, className, onError }: ProductImageProps) {
  const [state, setState] = useState<ImageState>('unload');
  const holder = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    setState('unload');
    if (!load) return;
    if (!lazy || typeof IntersectionObserver === 'undefined') return setState('loading');
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
  }, [src, load, lazy]);

  return (
    <span
      ref={holder}
      className={['product-image', className].filter(Boolean).join(' ')}
      data-state={state}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {state !== 'unload' && state !== 'error' && (
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
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
