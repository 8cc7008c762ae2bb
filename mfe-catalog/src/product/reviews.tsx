import type { Review, ReviewSummary } from '@kaloryfer/api-contract';
import { REVIEW_LIMITS } from '@kaloryfer/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatLongDay, formatNumber, useTranslation } from '@kaloryfer/i18n';
import { createReview, reviewPage } from '../api/catalog-api';
import { ApiFailure, Button } from '@kaloryfer/ui';
import './reviews.css';

/** Reviews loaded per "show more". */
export const REVIEWS_PAGE = 10;
export const REVIEWS_ANCHOR = 'product-reviews';

const STARS = [1, 2, 3, 4, 5] as const;
/** The thanks take focus when they appear: the form the shopper was in is gone. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();
function useFormats() {
  const { i18n } = useTranslation();
  return {
    rating: (value: number) => formatNumber(value, i18n.language, 1),
    date: (iso: string) => formatLongDay(iso, i18n.language),
  };
}

/** Stars drawn for the eye; the label says the rating in words. */
export function RatingStars({ value, label }: { value: number; label: string }) {
  return (
    <span className="rating-stars" role="img" aria-label={label}>
      {STARS.map((star) => (
        <span key={star} aria-hidden="true" className={value >= star - 0.25 ? 'star-on' : 'star-off'}>
          ★
        </span>
      ))}
    </span>
  );
}

/** Under the product name: the average with a link down to the reviews. */
export function RatingLink({ summary }: { summary: ReviewSummary }) {
  const { t } = useTranslation('catalog');
  const format = useFormats();
  if (summary.average === null) {
    return (
      <p className="rating-link">
        <a href={`#${REVIEWS_ANCHOR}`}>{t('reviews.beFirst')}</a>
      </p>
    );
  }
  return (
    <p className="rating-link">
      <RatingStars value={summary.average} label={t('reviews.average', { average: format.rating(summary.average) })} />{' '}
      <a href={`#${REVIEWS_ANCHOR}`}>
        {format.rating(summary.average)} ({t('reviews.count', { count: summary.count })})
      </a>
    </p>
  );
}

/** Reviews section: average, spread of stars, the newest reviews, more on demand, and the form. */
export function Reviews({ productId, initial }: { productId: number; initial: { summary: ReviewSummary; items: Review[] } }) {
  const { t } = useTranslation('catalog');
  const format = useFormats();
  const [items, setItems] = useState(initial.items);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const { summary } = initial;
  const titleId = useId();

  // Keyboard users continue at the first new review instead of the top of the page (once it is there).
  const [firstNew, setFirstNew] = useState<number | null>(null);
  useEffect(() => {
    if (firstNew !== null) (listRef.current?.children[firstNew] as HTMLElement | undefined)?.focus();
  }, [firstNew, items]);

  const loadMore = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const page = await reviewPage(productId, items.length, REVIEWS_PAGE);
      const known = new Set(items.map((item) => item.id));
      setItems([...items, ...page.items.filter((item) => !known.has(item.id))]);
      setFirstNew(items.length);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <section id={REVIEWS_ANCHOR} aria-labelledby={titleId} className="reviews">
      <h2 id={titleId}>{t('reviews.title')}</h2>
      {summary.average === null ? (
        <p>{t('reviews.none')}</p>
      ) : (
        <div className="reviews-summary">
          <p className="reviews-average">
            <strong>{format.rating(summary.average)}</strong>
            <RatingStars value={summary.average} label={t('reviews.average', { average: format.rating(summary.average) })} />
            <span>{t('reviews.basedOn', { count: summary.count })}</span>
          </p>
          <ul className="reviews-histogram" aria-label={t('reviews.histogram')}>
            {[...STARS].reverse().map((stars) => {
              const count = summary.histogram[stars - 1];
              return (
                <li key={stars}>
                  <span>{t('reviews.stars', { count: stars })}</span>
                  <span className="histogram-bar" aria-hidden="true">
                    <span style={{ width: `${(count / summary.count) * 100}%` }} />
                  </span>
                  <span>{count}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {items.length > 0 && (
        <ol className="review-list" ref={listRef}>
          {items.map((review) => (
            <li key={review.id} tabIndex={-1}>
              <article aria-labelledby={`review-${review.id}`}>
                <h3 id={`review-${review.id}`}>{review.title}</h3>
                {/* A review sent without stars (Vue Storefront 1's form has none) shows none. */}
                {review.rating !== null && <RatingStars value={review.rating} label={t('reviews.rating', { rating: review.rating })} />}
                <p className="review-meta">
                  {review.nickname}, <time dateTime={review.created_at}>{format.date(review.created_at)}</time>
                </p>
                {review.detail.split('\n').map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </article>
            </li>
          ))}
        </ol>
      )}
      {items.length < summary.count && (
        <button type="button" className="button-secondary" onClick={loadMore} disabled={loading} aria-busy={loading}>
          {t('reviews.more', { shown: items.length, count: summary.count })}
        </button>
      )}
      {failed && (
        <p role="alert" className="form-error">
          {t('reviews.loadFailed')}
        </p>
      )}
      <ReviewForm productId={productId} />
    </section>
  );
}

type Field = 'nickname' | 'title' | 'detail';
type Errors = Partial<Record<Field | 'rating', string>>;

/** A shopper's review: stars, signature, title, text; it waits for moderation once sent. */
function ReviewForm({ productId }: { productId: number }) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const [rating, setRating] = useState(0);
  const [values, setValues] = useState<Record<Field, string>>({ nickname: '', title: '', detail: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'sending') return;
    const found: Errors = {};
    if (rating < 1) found.rating = t('reviews.form.chooseRating');
    for (const field of ['nickname', 'title', 'detail'] as const) {
      if (values[field].trim() === '') found[field] = t('Field is required', { ns: 'messages' });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      formRef.current?.querySelector<HTMLElement>(first === 'rating' ? 'input[type=radio]' : `[name=${first}]`)?.focus();
      return;
    }
    setState('sending');
    setFailure(null);
    try {
      await createReview({ product_id: productId, rating, ...values });
      setState('sent');
    } catch (error) {
      setFailure(t('reviews.form.failed', { reason: error instanceof ApiFailure ? error.message : t('Something went wrong', { ns: 'messages' }) }));
      setState('editing');
    }
  };

  if (state === 'sent') {
    return (
      <p ref={focusOnMount} tabIndex={-1} role="status" className="review-thanks">
        {t('reviews.form.thanks')}
      </p>
    );
  }
  const described = (field: keyof Errors) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {});
  const error = (field: keyof Errors) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="form-error">
        {errors[field]}
      </p>
    );
  const input = (field: Field, maxLength: number) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    maxLength,
    required: true,
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value }),
    ...described(field),
  });

  return (
    <form ref={formRef} className="review-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('reviews.write')}</h3>
      <fieldset className="rating-input" {...(errors.rating ? { 'aria-describedby': `${id}-rating-error` } : {})}>
        <legend>{t('reviews.form.rating')}</legend>
        {STARS.map((stars) => (
          <label key={stars} className={stars <= rating ? 'star-on' : 'star-off'}>
            <input type="radio" name="rating" value={stars} checked={rating === stars} onChange={() => setRating(stars)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t('reviews.stars', { count: stars })}</span>
          </label>
        ))}
      </fieldset>
      {error('rating')}
      <label htmlFor={`${id}-nickname`}>{t('reviews.form.nickname')}</label>
      <input {...input('nickname', REVIEW_LIMITS.nickname)} autoComplete="nickname" />
      {error('nickname')}
      <label htmlFor={`${id}-title`}>{t('reviews.form.title')}</label>
      <input {...input('title', REVIEW_LIMITS.title)} />
      {error('title')}
      <label htmlFor={`${id}-detail`}>{t('reviews.form.detail')}</label>
      <textarea {...input('detail', REVIEW_LIMITS.detail)} rows={5} />
      {error('detail')}
      <p className="form-hint">{t('reviews.form.moderation')}</p>
      <Button type="submit" disabled={state === 'sending'} aria-busy={state === 'sending'}>
        {t('reviews.form.submit')}
      </Button>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </form>
  );
}
