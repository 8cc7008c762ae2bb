import { linkTo } from '@kaloryfer/contracts';
import type { CmsBlock } from '@kaloryfer/api-contract';
import { useTranslation } from '@kaloryfer/i18n';

/** The product-* blocks the box shows, each with the CMS page that says it in full. */
const INFO = [
  { identifier: 'product-delivery-info', slug: 'dostawa', more: 'product.info.moreDelivery' },
  { identifier: 'product-return-info', slug: 'zwroty', more: 'product.info.moreReturns' },
] as const;

/**
 * "Dostawa" / "Zwroty" beside the add-to-cart button: the CMS's blocks (plain text, rendered as
 * text) and links to /i/dostawa and /i/zwroty. Nothing while they are missing: the product page
 * does not wait for them. The CMS is written in Polish: in another language it is marked so.
 */
export function ProductInfo({ blocks }: { blocks: CmsBlock[] }) {
  const { t, i18n } = useTranslation('catalog');
  const lang = i18n.language === 'pl-PL' ? undefined : 'pl';
  const shown = INFO.flatMap((info) => {
    const block = blocks.find((candidate) => candidate.identifier === info.identifier);
    return block ? [{ ...info, block }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <section className="product-info" aria-label={t('product.info')}>
      {shown.map(({ block, slug, more }) => (
        <div key={block.identifier}>
          <h2 lang={lang}>{block.title}</h2>
          <p lang={lang}>{block.content}</p>
          <a href={linkTo({ name: 'cms-page', slug })}>{t(more)}</a>
        </div>
      ))}
    </section>
  );
}
