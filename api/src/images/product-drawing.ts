/**
 * Product pictures drawn from what the image path says: `/product/{style}-{w}x{h}-{hex}.svg`.
 * A radiator is drawn in its proportions and colour (a 500×1800 vertical radiator is tall and
 * narrow, a panel has its ribbing), so listings look like a radiator shop without photo files.
 */
export const IMAGE_SIZES = [150, 255, 500, 1920] as const;
export const STYLES = [
  'vertical',
  'horizontal',
  'ladder',
  'electric',
  'panel',
  'tubular',
  'castiron',
  'valve',
  'head',
  'heater',
  'set',
  'hook',
  'service',
  'guide',
] as const;
export type Style = (typeof STYLES)[number];

export interface Drawing {
  style: Style;
  width: number;
  height: number;
  hex: string;
}

const PATH = /^\/?product\/([a-z]+)-(\d{2,4})x(\d{2,4})-([0-9a-f]{6})\.svg$/;

export function parseImagePath(path: string): Drawing | null {
  const match = PATH.exec(path);
  if (!match || !(STYLES as readonly string[]).includes(match[1])) return null;
  return { style: match[1] as Style, width: Number(match[2]), height: Number(match[3]), hex: match[4] };
}

function shade(hex: string, amount: number): string {
  const channel = (index: number) => {
    const value = parseInt(hex.slice(index, index + 2), 16);
    const next = amount >= 0 ? value + (255 - value) * amount : value * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, next)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(2)}${channel(4)}`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}"${extra}/>`;

function radiatorBody(drawing: Drawing, x: number, y: number, w: number, h: number, base: string, light: string, dark: string): string {
  const parts: string[] = [];
  switch (drawing.style) {
    case 'vertical': {
      const columns = Math.max(3, Math.round(drawing.width / 75));
      const gap = w / columns;
      for (let i = 0; i < columns; i += 1)
        parts.push(
          rect(x + i * gap + gap * 0.1, y, gap * 0.8, h, base, ` rx="${(gap * 0.2).toFixed(1)}"`),
          rect(x + i * gap + gap * 0.18, y + 4, gap * 0.12, h - 8, light),
        );
      break;
    }
    case 'horizontal': {
      const rows = Math.max(3, Math.round(drawing.height / 70));
      const gap = h / rows;
      for (let i = 0; i < rows; i += 1)
        parts.push(
          rect(x, y + i * gap + gap * 0.1, w, gap * 0.8, base, ` rx="${(gap * 0.2).toFixed(1)}"`),
          rect(x + 4, y + i * gap + gap * 0.18, w - 8, gap * 0.1, light),
        );
      break;
    }
    case 'ladder':
    case 'electric': {
      const rail = Math.max(10, w * 0.07);
      parts.push(rect(x, y, rail, h, base, ' rx="4"'), rect(x + w - rail, y, rail, h, base, ' rx="4"'));
      const rungs = Math.max(6, Math.round(drawing.height / 60));
      for (let i = 0; i < rungs; i += 1) {
        const group = Math.floor(i / 4);
        const ry = y + 12 + i * ((h - 24) / rungs) + group * 6;
        if (ry < y + h - 14)
          parts.push(rect(x + rail, ry, w - 2 * rail, Math.max(6, (h / rungs) * 0.35), base, ' rx="3"'), rect(x + rail, ry + 1, w - 2 * rail, 2, light));
      }
      if (drawing.style === 'electric')
        parts.push(
          rect(x + w - rail * 1.6, y + h - 70, rail * 2.2, 60, dark, ' rx="6"'),
          `<circle cx="${(x + w - rail * 0.5).toFixed(1)}" cy="${(y + h - 50).toFixed(1)}" r="6" fill="#e53935"/>`,
        );
      break;
    }
    case 'panel': {
      parts.push(rect(x, y, w, h, base, ' rx="6"'), rect(x, y, w, h * 0.08, dark, ' rx="6"'));
      const lines = Math.max(8, Math.round(drawing.width / 25));
      for (let i = 1; i < lines; i += 1) parts.push(rect(x + (w / lines) * i, y + h * 0.1, 1.6, h * 0.85, shade(drawing.hex, -0.12)));
      break;
    }
    case 'tubular': {
      parts.push(rect(x, y, w, h * 0.06, dark, ' rx="5"'), rect(x, y + h * 0.94, w, h * 0.06, dark, ' rx="5"'));
      const tubes = Math.max(6, Math.round(drawing.width / 45));
      for (let i = 0; i < tubes; i += 1) parts.push(rect(x + (w / tubes) * i + 2, y + h * 0.05, w / tubes - 4, h * 0.9, base, ' rx="6"'));
      break;
    }
    case 'castiron': {
      const sections = Math.max(4, Math.round(drawing.width / 60));
      const sw = w / sections;
      for (let i = 0; i < sections; i += 1) {
        parts.push(
          rect(x + i * sw + 1, y, sw - 2, h, base, ` rx="${(sw / 2).toFixed(1)}"`),
          `<circle cx="${(x + i * sw + sw / 2).toFixed(1)}" cy="${(y + h * 0.2).toFixed(1)}" r="${(sw * 0.18).toFixed(1)}" fill="${light}"/>`,
        );
      }
      parts.push(rect(x + sw * 0.3, y + h, sw * 0.5, h * 0.06, dark), rect(x + w - sw * 0.8, y + h, sw * 0.5, h * 0.06, dark));
      break;
    }
    default:
      return accessory(drawing, x, y, w, h, base, light, dark);
  }
  return parts.join('');
}

function accessory(drawing: Drawing, x: number, y: number, w: number, h: number, base: string, light: string, dark: string): string {
  const cx = x + w / 2;
  const cy = y + h / 2;
  switch (drawing.style) {
    case 'valve':
      return (
        rect(x + w * 0.1, cy - h * 0.1, w * 0.8, h * 0.2, base, ' rx="12"') +
        rect(cx - w * 0.12, y + h * 0.15, w * 0.24, h * 0.4, base, ' rx="10"') +
        rect(cx - w * 0.16, y + h * 0.08, w * 0.32, h * 0.1, dark, ' rx="8"')
      );
    case 'head':
      return (
        rect(cx - w * 0.2, y + h * 0.1, w * 0.4, h * 0.7, base, ' rx="40"') +
        rect(cx - w * 0.2, y + h * 0.8, w * 0.4, h * 0.1, dark, ' rx="6"') +
        rect(cx - w * 0.05, y + h * 0.2, w * 0.1, h * 0.5, light, ' rx="6"')
      );
    case 'heater':
      return rect(x + w * 0.1, cy - 10, w * 0.65, 20, shade('b0b0b0', 0), ' rx="10"') + rect(x + w * 0.7, cy - h * 0.15, w * 0.2, h * 0.3, base, ' rx="14"');
    case 'set':
      return (
        rect(x + w * 0.05, cy - 20, w * 0.4, 40, base, ' rx="10"') +
        rect(x + w * 0.55, cy - 20, w * 0.4, 40, base, ' rx="10"') +
        rect(x + w * 0.15, y + h * 0.2, w * 0.2, h * 0.3, dark, ' rx="8"') +
        rect(x + w * 0.65, y + h * 0.2, w * 0.2, h * 0.3, dark, ' rx="8"')
      );
    case 'hook':
      return `<path d="M${cx - w * 0.25} ${y + h * 0.15} h${w * 0.5} v${h * 0.1} h-${w * 0.2} v${h * 0.4} a${w * 0.15} ${w * 0.15} 0 1 1 -${w * 0.3} 0" fill="none" stroke="${base}" stroke-width="18" stroke-linecap="round"/>`;
    case 'service':
      return `<path d="M${x + w * 0.2} ${y + h * 0.8} L${x + w * 0.65} ${y + h * 0.35}" stroke="${base}" stroke-width="40" stroke-linecap="round"/><circle cx="${x + w * 0.7}" cy="${y + h * 0.3}" r="${w * 0.15}" fill="none" stroke="${base}" stroke-width="28"/>`;
    case 'guide':
      return (
        rect(x + w * 0.1, y, w * 0.8, h, base, ' rx="10"') +
        rect(x + w * 0.18, y + h * 0.12, w * 0.64, h * 0.12, light) +
        [0.35, 0.45, 0.55, 0.65].map((row) => rect(x + w * 0.18, y + h * row, w * 0.6, 8, dark)).join('')
      );
    default:
      return rect(x, y, w, h, base);
  }
}

/** The SVG document at a square size (the spec's 150, 255, 500, 1920), the product centred. */
export function drawProduct(drawing: Drawing, size: number, title: string): string {
  const box = 1000;
  const margin = 90;
  const scale = (box - 2 * margin) / Math.max(drawing.width, drawing.height);
  const w = drawing.width * scale;
  const h = drawing.height * scale;
  const x = (box - w) / 2;
  const y = (box - h) / 2;
  const base = `#${drawing.hex}`;
  const light = shade(drawing.hex, 0.35);
  const dark = shade(drawing.hex, -0.3);
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${box} ${box}" role="img" aria-label="${escape(title)}">`,
    `<title>${escape(title)}</title>`,
    rect(0, 0, box, box, '#f5f3ef'),
    `<ellipse cx="${box / 2}" cy="${(y + h + 30).toFixed(1)}" rx="${(w / 2 + 20).toFixed(1)}" ry="14" fill="#00000014"/>`,
    // A white radiator on a light background needs its outline to be seen.
    `<g stroke="${shade(drawing.hex, -0.28)}" stroke-width="2.5">`,
    radiatorBody(drawing, x, y, w, h, base, light, dark),
    '</g>',
    '</svg>',
  ].join('');
}

const STYLE_NAMES: Record<Style, string> = {
  vertical: 'Grzejnik dekoracyjny pionowy',
  horizontal: 'Grzejnik dekoracyjny poziomy',
  ladder: 'Grzejnik łazienkowy drabinkowy',
  electric: 'Grzejnik łazienkowy elektryczny',
  panel: 'Grzejnik panelowy',
  tubular: 'Grzejnik stalowy rurowy',
  castiron: 'Grzejnik żeliwny',
  valve: 'Zawór grzejnikowy',
  head: 'Głowica termostatyczna',
  heater: 'Grzałka elektryczna',
  set: 'Zestaw przyłączeniowy',
  hook: 'Wieszak na ręczniki',
  service: 'Usługa montażu',
  guide: 'Poradnik',
};

export function describeDrawing(drawing: Drawing): string {
  const radiator = !['valve', 'head', 'heater', 'set', 'hook', 'service', 'guide'].includes(drawing.style);
  return radiator ? `${STYLE_NAMES[drawing.style]} ${drawing.width}×${drawing.height} mm` : STYLE_NAMES[drawing.style];
}
