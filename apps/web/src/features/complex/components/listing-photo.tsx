import type { Photo } from '@petti/shared/schemas/complex';
import { photoSrcSet } from '@petti/shared/schemas/photo';
import { ProductArt } from '../../../lib/shop/product-art.tsx';

/**
 * A listing's photo at the width the screen needs (`srcset` over the server's three WebP sizes), loaded
 * lazily; the letter tile stands in when there is no photo or it fails to load.
 */
export function ListingPhoto({
  id,
  photo,
  label,
  size = 'md',
  alt = '',
}: {
  id: string;
  photo: Photo | null | undefined;
  label: string;
  size?: 'sm' | 'md' | 'lg';
  alt?: string;
}) {
  if (!photo) return <ProductArt id={id} label={label} size={size} alt={alt} />;
  const srcSet = photoSrcSet(photo);
  const sizes = size === 'lg' ? '(max-width: 600px) 100vw, 480px' : size === 'sm' ? '48px' : '160px';
  return (
    <ProductArt
      id={id}
      label={label}
      size={size}
      image={size === 'lg' ? photo.urls.medium : photo.urls.thumb}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
    />
  );
}
