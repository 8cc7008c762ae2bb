import { cartAddRequested, type CartAddRequest } from '@kaloryfer/contracts';
import type { BundleOption, CustomOption, Product, ProductComponent } from '@kaloryfer/api-contract';
import { checkQuantity, imageUrl } from '@kaloryfer/domain';
import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useId, useState } from 'react';
import { downloadLabel, type BundleChoice, type CustomChoice } from './composite-choices';

/** Bundle options: a radiator size, valves, an optional head — each with its price and a quantity. */
export function BundlePickers({
  options,
  components,
  choice,
  onChange,
}: {
  options: BundleOption[];
  components: ProductComponent[];
  choice: BundleChoice;
  onChange: (next: BundleChoice) => void;
}) {
  const { t } = useTranslation('catalog');
  const formatPrice = useFormatPrice();
  const id = useId();
  const bySku = new Map(components.map((component) => [component.sku, component]));
  return (
    <div className="composite-options">
      {[...options]
        .sort((a, b) => a.position - b.position)
        .map((option) => {
          const chosen = choice[option.option_id] ?? { links: [], qty: 1 };
          const set = (links: number[], qty = chosen.qty) => onChange({ ...choice, [option.option_id]: { links, qty } });
          // The quantity is the shopper's only where the chosen product allows it (can_change_quantity).
          const canChangeQty = option.product_links.some((link) => chosen.links.includes(link.id) && link.can_change_quantity === 1);
          return (
            <fieldset key={option.option_id}>
              <legend>
                {option.title}
                {option.required && <span aria-hidden="true"> *</span>}
                {option.required && <span className="visually-hidden"> ({t('product.required')})</span>}
              </legend>
              {option.type === 'select' ? (
                <select
                  aria-label={option.title}
                  value={chosen.links[0] ?? ''}
                  onChange={(event) => set(event.target.value === '' ? [] : [Number(event.target.value)])}
                >
                  {!option.required && <option value="">{t('product.none')}</option>}
                  {option.product_links.map((link) => (
                    <option key={link.id} value={link.id}>
                      {labelOf(bySku.get(link.sku), link.sku, formatPrice)}
                    </option>
                  ))}
                </select>
              ) : (
                option.product_links.map((link) => (
                  <label key={link.id} className="variant">
                    <input
                      type={option.type === 'checkbox' ? 'checkbox' : 'radio'}
                      name={`${id}-${option.option_id}`}
                      checked={chosen.links.includes(link.id)}
                      onChange={(event) =>
                        set(
                          option.type === 'checkbox'
                            ? event.target.checked
                              ? [...chosen.links, link.id]
                              : chosen.links.filter((value) => value !== link.id)
                            : [link.id],
                        )
                      }
                    />
                    {labelOf(bySku.get(link.sku), link.sku, formatPrice)}
                  </label>
                ))
              )}
              {chosen.links.length > 0 && !canChangeQty && <p className="composite-qty">{t('product.optionFixedQty', { qty: chosen.qty })}</p>}
              {canChangeQty && (
                <label className="composite-qty">
                  {t('product.optionQty', { option: option.title })}
                  <input
                    type="number"
                    min={0}
                    max={99}
                    step={1}
                    inputMode="numeric"
                    value={chosen.qty}
                    onChange={(event) => set(chosen.links, Math.max(0, Math.min(99, Math.trunc(Number(event.target.value) || 0))))}
                  />
                </label>
              )}
            </fieldset>
          );
        })}
    </div>
  );
}

function labelOf(component: ProductComponent | undefined, sku: string, formatPrice: (amount: number) => string): string {
  if (!component) return sku;
  return component.final_price_incl_tax !== undefined ? `${component.name} (+${formatPrice(component.final_price_incl_tax)})` : component.name;
}

/** Custom options with their adders: RAL colours (percent), factory-fitted valves (fixed), text fields. */
export function CustomOptions({
  options,
  choice,
  originalPrice,
  onChange,
}: {
  options: CustomOption[];
  choice: CustomChoice;
  originalPrice: number;
  onChange: (next: CustomChoice) => void;
}) {
  const { t } = useTranslation('catalog');
  const formatPrice = useFormatPrice();
  const id = useId();
  const adder = (value: CustomOption['values'][number]) =>
    value.price === 0
      ? ''
      : ` (+${formatPrice(value.price_type === 'percent' ? (originalPrice * value.price) / 100 : value.price)}${value.price_type === 'percent' ? `, ${value.price}%` : ''})`;
  return (
    <div className="composite-options">
      {[...options]
        .sort((a, b) => a.sort_order - b.sort_order)
        .map((option) => {
          const picked = choice[option.option_id];
          const ids = Array.isArray(picked) ? picked : [];
          const set = (next: number[] | string) => onChange({ ...choice, [option.option_id]: next });
          const title = (
            <>
              {option.title}
              {option.is_require && <span aria-hidden="true"> *</span>}
            </>
          );
          if (option.type === 'field') {
            return (
              <label key={option.option_id} className="composite-field">
                {title}
                {option.values[0] ? adder(option.values[0]) : ''}
                <input
                  type="text"
                  maxLength={option.max_characters}
                  required={option.is_require}
                  value={typeof picked === 'string' ? picked : ''}
                  onChange={(event) => set(event.target.value)}
                />
              </label>
            );
          }
          if (option.type === 'drop_down') {
            return (
              <label key={option.option_id} className="composite-field">
                {title}
                <select
                  value={ids[0] ?? ''}
                  required={option.is_require}
                  onChange={(event) => set(event.target.value === '' ? [] : [Number(event.target.value)])}
                >
                  <option value="">{t('product.none')}</option>
                  {option.values.map((value) => (
                    <option key={value.option_type_id} value={value.option_type_id}>
                      {value.title}
                      {adder(value)}
                    </option>
                  ))}
                </select>
              </label>
            );
          }
          return (
            <fieldset key={option.option_id}>
              <legend>{title}</legend>
              {option.values.map((value) => (
                <label key={value.option_type_id} className="variant">
                  <input
                    type={option.type === 'checkbox' ? 'checkbox' : 'radio'}
                    name={`${id}-${option.option_id}`}
                    checked={ids.includes(value.option_type_id)}
                    onChange={(event) =>
                      set(
                        option.type === 'checkbox'
                          ? event.target.checked
                            ? [...ids, value.option_type_id]
                            : ids.filter((item) => item !== value.option_type_id)
                          : [value.option_type_id],
                      )
                    }
                  />
                  {value.title}
                  {adder(value)}
                </label>
              ))}
            </fieldset>
          );
        })}
    </div>
  );
}

/** A grouped product: its simple products in a table, a quantity each, one button adds them all. */
export function GroupedTable({ product, components }: { product: Product; components: ProductComponent[] }) {
  const { t } = useTranslation('catalog');
  const formatPrice = useFormatPrice();
  const id = useId();
  const members = (product.product_links ?? [])
    .filter((link) => link.link_type === 'associated')
    .map((link) => ({ link, member: components.find((component) => component.sku === link.linked_product_sku) }))
    .filter((entry): entry is { link: typeof entry.link; member: ProductComponent } => entry.member !== undefined);
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(members.map(({ link, member }) => [member.sku, String(link.qty ?? 1)])),
  );
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const wanted: CartAddRequest[] = [];
    for (const { member } of members) {
      const raw = quantities[member.sku] ?? '0';
      if (raw.trim() === '0') continue;
      const checked = checkQuantity(raw, member.stock);
      if (!checked.ok) {
        setError(`${member.name}: ${t(checked.message, { ns: 'messages', ...checked.params })}`);
        return;
      }
      wanted.push({
        sku: member.sku,
        qty: checked.qty,
        product: { name: member.name, priceInclTax: member.final_price_incl_tax ?? null, image: member.image, typeId: member.type_id },
      });
    }
    if (wanted.length === 0) {
      setError(t('Quantity must be above 0', { ns: 'messages' }));
      return;
    }
    setError(null);
    for (const item of wanted) cartAddRequested.emit(item);
  };
  return (
    <form className="grouped-table" onSubmit={submit} noValidate>
      <table>
        <caption>{t('product.groupedCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('product.item')}</th>
            <th scope="col">{t('product.price')}</th>
            <th scope="col">{t('product.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map(({ member }) => (
            <tr key={member.sku}>
              <th scope="row">
                {member.image && <img src={imageUrl(member.image, 150)!} alt="" width={48} height={48} loading="lazy" />}
                {member.name}
                {!member.stock?.is_in_stock && <span className="stock-out"> · {t('Out of stock', { ns: 'messages' })}</span>}
              </th>
              <td>{member.final_price_incl_tax !== undefined ? formatPrice(member.final_price_incl_tax) : '—'}</td>
              <td>
                <input
                  id={`${id}-${member.sku}`}
                  aria-label={t('product.quantityOf', { name: member.name })}
                  inputMode="numeric"
                  size={3}
                  value={quantities[member.sku] ?? ''}
                  disabled={!member.stock?.is_in_stock}
                  onChange={(event) => setQuantities({ ...quantities, [member.sku]: event.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button type="submit" block>
        {t('product.addAllToCart')}
      </Button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </form>
  );
}

/** Downloadable products' files: free ones (shareable) open now, paid ones after purchase. */
export function Downloads({ links }: { links: NonNullable<Product['downloadable_links']> }) {
  const { t } = useTranslation('catalog');
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="product-downloads" className="product-downloads">
      <h2 id="product-downloads">{t('product.downloads')}</h2>
      <ul>
        {links.map((link) => {
          const label = downloadLabel(link.title, link.file);
          return (
            <li key={link.id}>
              {link.is_shareable ? (
                <a href={link.file} download rel="noopener">
                  {t('product.download', label)}
                </a>
              ) : (
                <span>{t('product.downloadAfterPurchase', label)}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
