import type { ReactNode } from 'react';

/**
 * Payment and delivery marks for the footer: small inline SVGs (no requests, no code), each an
 * image named by its brand. Simple lettering in the brands' colours, not the trademarks' artwork.
 */
interface Mark {
  name: string;
  width: number;
  art: ReactNode;
}

const lettering = (text: string, fill: string, fontStyle?: 'italic') => (
  <text x="50%" y="21" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="15" fontWeight="700" fontStyle={fontStyle} fill={fill}>
    {text}
  </text>
);

export const PAYMENT_MARKS: Mark[] = [
  {
    name: 'BLIK',
    width: 56,
    art: (
      <>
        <rect width="56" height="32" rx="6" fill="#000" />
        {lettering('blik', '#fff')}
      </>
    ),
  },
  {
    name: 'PayU',
    width: 56,
    art: (
      <>
        <rect width="56" height="32" rx="6" fill="#fff" stroke="#d9d6d1" />
        {lettering('PayU', '#438f29')}
      </>
    ),
  },
  {
    name: 'Visa',
    width: 56,
    art: (
      <>
        <rect width="56" height="32" rx="6" fill="#fff" stroke="#d9d6d1" />
        {lettering('VISA', '#1a1f71', 'italic')}
      </>
    ),
  },
  {
    name: 'Mastercard',
    width: 56,
    art: (
      <>
        <rect width="56" height="32" rx="6" fill="#fff" stroke="#d9d6d1" />
        <circle cx="22" cy="16" r="10" fill="#eb001b" />
        <circle cx="34" cy="16" r="10" fill="#f79e1b" fillOpacity="0.85" />
      </>
    ),
  },
];

export const DELIVERY_MARKS: Mark[] = [
  {
    name: 'InPost',
    width: 64,
    art: (
      <>
        <rect width="64" height="32" rx="6" fill="#ffcd00" />
        {lettering('InPost', '#1d1d1f')}
      </>
    ),
  },
  {
    name: 'DPD',
    width: 56,
    art: (
      <>
        <rect width="56" height="32" rx="6" fill="#fff" stroke="#d9d6d1" />
        {lettering('dpd', '#dc0032')}
      </>
    ),
  },
];

/** A titled row of marks. */
export function MarkList({ title, marks }: { title: string; marks: Mark[] }) {
  return (
    <div className="footer-mark-group">
      <h2>{title}</h2>
      <ul className="footer-marks">
        {marks.map((mark) => (
          <li key={mark.name}>
            <svg role="img" aria-label={mark.name} width={mark.width} height="32" viewBox={`0 0 ${mark.width} 32`}>
              {mark.art}
            </svg>
          </li>
        ))}
      </ul>
    </div>
  );
}
