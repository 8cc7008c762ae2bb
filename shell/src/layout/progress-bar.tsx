import { useClientStore } from '@kaloryfer/ui';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { finishProgress, progressValue, startProgress, type ProgressPhase } from '../behaviours/progress-model';

/** Shell-internal: the router starts and finishes it around route changes. */
export const $progress = atom<ProgressPhase>({ kind: 'idle' });
export const progress = {
  start: () => $progress.set(startProgress(performance.now())),
  finish: () => $progress.set(finishProgress($progress.get(), performance.now())),
};

const FADE_MS = 400;
/** Routing starts while the page hydrates: the hydrating render shows no bar, as the server did. */
const IDLE: ProgressPhase = { kind: 'idle' };

export function ProgressBar() {
  const phase = useClientStore($progress, IDLE);
  const { t } = useTranslation('shell');
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (phase.kind === 'idle') return undefined;
    if (phase.kind === 'finished') {
      const timer = setTimeout(() => $progress.set({ kind: 'idle' }), FADE_MS);
      return () => clearTimeout(timer);
    }
    let frame = requestAnimationFrame(function tick(time) {
      setNow(time);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [phase]);
  if (phase.kind === 'idle') return null;
  const value = progressValue(phase, now);
  return (
    <div className="progress" role="progressbar" aria-label={t('progress.label')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(value)}>
      <div className="progress-bar" style={{ transform: `scaleX(${value / 100})` }} />
    </div>
  );
}
