import type { ReactElement } from 'react';
import { staticPart } from '@kaloryfer/ui';

/**
 * A small drawing per advice topic, inline: no request, no layout shift, the same on the server
 * and in the browser. Decorative (the card's title and topic say everything), so hidden from
 * assistive technology.
 */
const STEEL = '#d9d6d1';
const WHITE = '#ffffff';
const INK = '#5a5a62';
const WARM = '#b4232a';
const COOL = '#1a5fb4';

function Radiator({ x, y, width, height, fins }: { x: number; y: number; width: number; height: number; fins: number }) {
  const gap = width / fins;
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} rx={4} fill={WHITE} stroke={INK} strokeWidth={1.5} />
      {Array.from({ length: fins - 1 }, (_, index) => (
        <line key={index} x1={x + gap * (index + 1)} y1={y + 4} x2={x + gap * (index + 1)} y2={y + height - 4} stroke={STEEL} strokeWidth={2} />
      ))}
    </g>
  );
}

const Waves = ({ x, y }: { x: number; y: number }) => (
  <g fill="none" stroke={WARM} strokeWidth={2} strokeLinecap="round">
    {[0, 10, 20].map((dx) => (
      <path key={dx} d={`M${x + dx} ${y} q4 -5 0 -10 q-4 -5 0 -10`} />
    ))}
  </g>
);

const DRAWINGS: Record<string, () => ReactElement> = {
  'dobor-grzejnika': () => (
    <>
      <Radiator x={22} y={38} width={70} height={40} fins={7} />
      <Waves x={44} y={32} />
      <rect x={112} y={18} width={10} height={52} rx={5} fill={WHITE} stroke={INK} strokeWidth={1.5} />
      <rect x={115} y={36} width={4} height={32} rx={2} fill={WARM} />
      <circle cx={117} cy={74} r={8} fill={WARM} />
      <path d="M132 30h8M132 42h6M132 54h8" stroke={INK} strokeWidth={1.5} />
    </>
  ),
  'pompy-ciepla': () => (
    <>
      <rect x={14} y={30} width={52} height={46} rx={4} fill={WHITE} stroke={INK} strokeWidth={1.5} />
      <circle cx={36} cy={53} r={15} fill="none" stroke={INK} strokeWidth={1.5} />
      <path d="M36 53l8-10M36 53l-12 3M36 53l4 13" stroke={COOL} strokeWidth={2} strokeLinecap="round" />
      <path d="M66 44h26" stroke={WARM} strokeWidth={3} />
      <path d="M66 62h26" stroke={COOL} strokeWidth={3} />
      <Radiator x={92} y={34} width={54} height={38} fins={6} />
    </>
  ),
  montaz: () => (
    <>
      <rect x={0} y={84} width={160} height={16} fill={STEEL} />
      <Radiator x={40} y={22} width={80} height={44} fins={8} />
      <path d="M52 66v18M108 66v18" stroke={INK} strokeWidth={3} />
      <path d="M30 66v18M26 70l4-4 4 4M26 80l4 4 4-4" stroke={COOL} strokeWidth={1.5} fill="none" />
      <path d="M40 14h80M44 10l-4 4 4 4M116 10l4 4-4 4" stroke={COOL} strokeWidth={1.5} fill="none" />
    </>
  ),
  lazienka: () => (
    <>
      <path d="M56 12v78M104 12v78" stroke={INK} strokeWidth={5} strokeLinecap="round" />
      {[22, 34, 46, 58, 70, 82].map((y) => (
        <path key={y} d={`M56 ${y}h48`} stroke={INK} strokeWidth={3} />
      ))}
      <path d="M62 30h36v30c-6 4-30 4-36 0z" fill={COOL} opacity={0.35} />
      <rect x={100} y={70} width={14} height={18} rx={3} fill={WARM} />
      <path d="M114 79h18c6 0 6 10 12 10" stroke={INK} strokeWidth={1.5} fill="none" />
    </>
  ),
  konserwacja: () => (
    <>
      <Radiator x={18} y={30} width={84} height={44} fins={8} />
      <circle cx={106} cy={36} r={5} fill={WHITE} stroke={INK} strokeWidth={1.5} />
      <path d="M112 32l22-14" stroke={INK} strokeWidth={4} strokeLinecap="round" />
      <path d="M108 48c-4 6-6 9-6 12a6 6 0 0 0 12 0c0-3-2-6-6-12z" fill={COOL} />
    </>
  ),
  sterowanie: () => (
    <>
      <rect x={20} y={44} width={46} height={12} rx={3} fill={STEEL} stroke={INK} strokeWidth={1.5} />
      <rect x={66} y={24} width={52} height={52} rx={26} fill={WHITE} stroke={INK} strokeWidth={1.5} />
      {[
        [79.3, 62.7],
        [75.4, 43.1],
        [92, 32],
        [108.6, 43.1],
        [104.7, 62.7],
      ].map(([cx, cy], step) => (
        <circle key={step} cx={cx} cy={cy} r={3} fill={step === 2 ? WARM : INK} />
      ))}
      <path d="M92 50l0-12" stroke={WARM} strokeWidth={3} strokeLinecap="round" />
      <path d="M130 40q8 10 0 20M138 34q12 16 0 32" stroke={COOL} strokeWidth={1.5} fill="none" />
    </>
  ),
  aranzacje: () => (
    <>
      {['#f4f4f0', '#383e42', '#2e4a3f', '#c9a227', '#a52019'].map((fill, index) => (
        <rect key={fill} x={16} y={20} width={22} height={60} rx={3} fill={fill} stroke={INK} strokeWidth={1} transform={`rotate(${index * 12 - 24} 27 80)`} />
      ))}
      {[0, 1, 2, 3].map((column) => (
        <rect key={column} x={96 + column * 12} y={14} width={8} height={72} rx={3} fill="#383e42" />
      ))}
    </>
  ),
};

function TopicIllustration({ topic, className }: { topic: string; className?: string }) {
  const drawing = DRAWINGS[topic] ?? (() => <Radiator x={30} y={30} width={100} height={44} fins={9} />);
  return (
    <svg className={className} viewBox="0 0 160 100" width="160" height="100" aria-hidden="true" focusable="false">
      <rect width="160" height="100" rx="6" fill="#f5f4f2" />
      {drawing()}
    </svg>
  );
}

/** A static part (docs/rendering.md, "What hydrates when"): an SVG of a few dozen shapes per card, drawn by the server only. */
export default staticPart('content-topic-illustration', TopicIllustration);
