import type { Product } from '@kaloryfer/api-contract';
import type { RadiatorFamily } from './families';
import { optionLabel } from './product-parts';
import { CONNECTIONS, HEATER_TYPES, MANUFACTURERS, MATERIALS, MOUNTS, type ColourSeed } from './reference-data';

/**
 * The texts of a radiator product — short and long description, meta title, keywords and
 * description — written from its attributes, its colours and its variants' outputs.
 */
export function describeRadiator(product: Product, family: RadiatorFamily, colours: ColourSeed[], powers: number[]): void {
  const material = optionLabel(MATERIALS, product.material!).toLowerCase();
  const mount = optionLabel(MOUNTS, product.mount!).toLowerCase();
  const connection = optionLabel(CONNECTIONS, product.connection_width!);
  const heater = optionLabel(HEATER_TYPES, family.heaterType).toLowerCase();
  const manufacturer = optionLabel(MANUFACTURERS, product.manufacturer!);
  const minPower = Math.min(...powers);
  const maxPower = Math.max(...powers);
  const powerText = family.electric
    ? `Grzałka o mocy ${minPower === maxPower ? minPower : `${minPower}–${maxPower}`} W ogrzeje łazienkę także poza sezonem grzewczym.`
    : `Moc cieplna w parametrach 75/65/20 wynosi ${minPower === maxPower ? `${minPower} W` : `od ${minPower} do ${maxPower} W`}, a przy zasilaniu 70/55/20 – ${product.power_70_55_20} W i więcej.`;
  const colourText = colours.map((colour) => colour.label.toLowerCase()).join(', ');
  product.short_description = `${family.noun} ${product.model} marki ${manufacturer}: ${material}, montaż ${mount}, kolor ${colourText}.`.slice(0, 150);
  product.description = [
    `${product.name} to grzejnik typu ${heater}, wykonany z materiału ${material} i przeznaczony do montażu ${mount === 'ścienny' ? 'na ścianie' : 'na podłodze'}.`,
    powerText,
    `Podłączenie: ${connection.toLowerCase()}. Ciśnienie robocze do ${product.working_pressure || 'nd.'} bar.`,
    `Dostępne kolory: ${colourText}. Każdy egzemplarz jest sprawdzany ciśnieniowo przed wysyłką, a gwarancja producenta obejmuje 10 lat na szczelność.`,
  ].join(' ');
  product.meta_title = `${product.name} | grzejnik ${heater}`;
  product.meta_keyword = [family.noun.toLowerCase(), 'kaloryfer', product.model, manufacturer, heater, material].join(', ');
  product.meta_description = product.short_description;
}
