import { imageUrl } from '@kaloryfer/domain';
import { useTranslation } from '@kaloryfer/i18n';
import { useState } from 'react';

/** The product's pictures (its element is the page's island, `.product-gallery`). */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation('catalog');
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  if (!current) return null;
  return (
    <>
      <a href={imageUrl(current, 1920)!} target="_blank" rel="noopener" aria-label={t('product.zoom')}>
        <img src={imageUrl(current, 500)!} alt={name} width={500} height={500} fetchPriority="high" />
      </a>
      {images.length > 1 && (
        <ul className="product-thumbs">
          {images.map((image, position) => (
            <li key={image}>
              <button
                type="button"
                aria-pressed={position === index}
                aria-label={t('product.photo', { number: position + 1 })}
                onClick={() => setIndex(position)}
              >
                <img src={imageUrl(image, 255)!} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
