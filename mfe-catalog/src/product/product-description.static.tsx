import { staticPart } from '@kaloryfer/ui';

/**
 * The product's description. A static part (docs/rendering.md, "What hydrates when"): the
 * browser keeps the server's HTML and never gets this code, unless it renders a product afresh.
 */
function ProductDescription({ text, heading }: { text: string; heading: string }) {
  return (
    <section aria-labelledby="product-description">
      <h2 id="product-description">{heading}</h2>
      <p>{text}</p>
    </section>
  );
}

export default staticPart('catalog-product-description', ProductDescription);
