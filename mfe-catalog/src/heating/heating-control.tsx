import './heating.css';
import {
  BATHROOM_ROOM_TEMPERATURE,
  HEATING_PRESETS,
  neededOutput,
  temperaturesKey,
  temperaturesProblem,
  WATTS_PER_SQUARE_METRE,
  type Temperatures,
} from '@kaloryfer/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { $heatingAt, setHeatingAt, useHeatingAt } from './heating-at';

const PRESET_LABELS = ['heat.preset.catalogue', 'heat.preset.oldBoiler', 'heat.preset.condensing', 'heat.preset.heatPump'] as const;
const samePipes = (a: Temperatures, b: Temperatures) => a.supply === b.supply && a.return === b.return;

/**
 * "My temperatures": a preset of the installation (catalogue, old boiler, condensing boiler,
 * heat pump), the bathroom's 24 °C, or the shopper's own supply/return/room. Every output in
 * the catalogue is then shown at these temperatures (PN-EN 442).
 */
export function HeatingControl() {
  const { t } = useTranslation('catalog');
  const at = useHeatingAt();
  const id = useId();
  const preset = HEATING_PRESETS.findIndex((candidate) => samePipes(candidate, at));
  const bathroom = at.room === BATHROOM_ROOM_TEMPERATURE;
  const [problem, setProblem] = useState(false);

  // The own-temperature fields start from the current temperatures (the form is keyed by them)
  // and are read on submit, so no copy of $heatingAt is kept to go stale.
  const applyOwn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (field: string) => String(form.get(field) ?? '').trim();
    const next = { supply: Number(read('supply')), return: Number(read('return')), room: Number(read('room')) };
    const invalid = ['supply', 'return', 'room'].some((field) => read(field) === '') || temperaturesProblem(next) !== null;
    setProblem(invalid);
    if (!invalid) setHeatingAt(next);
  };
  const choose = (next: Temperatures) => {
    setHeatingAt(next);
    setProblem(false);
  };

  return (
    <section className="heating-control" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('heat.title')}</h2>
      <p className="heating-now" aria-live="polite">
        {t('heat.now', { at: temperaturesKey(at) })}
      </p>
      <fieldset>
        <legend>{t('heat.system')}</legend>
        {HEATING_PRESETS.map((candidate, index) => (
          <label key={temperaturesKey(candidate)} className="filter-option">
            <input
              type="radio"
              name={`${id}-preset`}
              checked={preset === index}
              onChange={() => choose({ ...candidate, room: bathroom ? BATHROOM_ROOM_TEMPERATURE : candidate.room })}
            />
            {t(PRESET_LABELS[index], { at: `${candidate.supply}/${candidate.return}` })}
          </label>
        ))}
      </fieldset>
      <label className="filter-option">
        <input type="checkbox" checked={bathroom} onChange={(event) => choose({ ...at, room: event.target.checked ? BATHROOM_ROOM_TEMPERATURE : 20 })} />
        {t('heat.bathroom', { room: BATHROOM_ROOM_TEMPERATURE })}
      </label>
      <details>
        <summary>{t('heat.own')}</summary>
        <form key={temperaturesKey(at)} className="heating-own" onSubmit={applyOwn} noValidate>
          {(['supply', 'return', 'room'] as const).map((field) => (
            <label key={field}>
              {t(`heat.${field}`)}
              <input
                name={field}
                type="number"
                inputMode="numeric"
                min={10}
                max={95}
                step={1}
                defaultValue={at[field]}
                aria-invalid={problem}
                aria-describedby={problem ? `${id}-problem` : undefined}
              />
            </label>
          ))}
          <button type="submit" className="button-secondary">
            {t('heat.apply')}
          </button>
          {problem && (
            <p id={`${id}-problem`} role="alert" className="field-error">
              {t('heat.invalid')}
            </p>
          )}
        </form>
      </details>
    </section>
  );
}

type RoomType = keyof typeof WATTS_PER_SQUARE_METRE;
const ROOM_TYPES = Object.keys(WATTS_PER_SQUARE_METRE) as RoomType[];

/**
 * The room helper: area × W/m² by room type suggests the output needed, and one click filters
 * the listing to radiators that give it at the shopper's temperatures (a bathroom also sets 24 °C).
 */
export function RoomHelper({ onNeed }: { onNeed: (watts: number) => void }) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const [area, setArea] = useState('');
  const [room, setRoom] = useState<RoomType>('living');
  const squareMetres = Number(area.replace(',', '.'));
  const valid = area.trim() !== '' && Number.isFinite(squareMetres) && squareMetres >= 1 && squareMetres <= 200;
  const need = valid ? neededOutput(squareMetres, room) : null;

  return (
    <form
      className="room-helper"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (need === null) return;
        const at = $heatingAt.get();
        if (room === 'bathroom' && at.room !== BATHROOM_ROOM_TEMPERATURE) setHeatingAt({ ...at, room: BATHROOM_ROOM_TEMPERATURE });
        onNeed(need);
      }}
    >
      <h3 id={`${id}-title`}>{t('heat.helper')}</h3>
      <label>
        {t('heat.area')}
        <input
          type="text"
          inputMode="decimal"
          value={area}
          onChange={(event) => setArea(event.target.value)}
          aria-invalid={area.trim() !== '' && !valid}
          aria-describedby={`${id}-need`}
        />
      </label>
      <label>
        {t('heat.roomType')}
        <select value={room} onChange={(event) => setRoom(event.target.value as RoomType)}>
          {ROOM_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`heat.room.${type}`, { watts: WATTS_PER_SQUARE_METRE[type] })}
            </option>
          ))}
        </select>
      </label>
      <p id={`${id}-need`} aria-live="polite">
        {need !== null ? t('heat.need', { watts: need }) : area.trim() !== '' ? t('heat.areaInvalid') : t('heat.areaHint')}
      </p>
      <button type="submit" className="button-secondary" disabled={need === null}>
        {need !== null ? t('heat.showFrom', { watts: need }) : t('heat.show')}
      </button>
    </form>
  );
}
