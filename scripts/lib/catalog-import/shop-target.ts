import type { ImportJob, SavedProfile } from '../../../api/public/catalog-import';
import { followJob, OutcomeUnknown, TargetRefused, type ImportTarget } from './import-target';

/** The content type a file is sent with, by its format (none known: the shop reads the file name, then the bytes). */
const CONTENT_TYPE = {
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** How long the shop may stay unreachable, answer with a balancer's error or time out, before the command stops asking. */
const PATIENCE_MS = 10 * 60_000;
/** Sending the file (or a profile): tried this often when the connection drops or the answer is one of RETRY_STATUSES. */
const SEND_TRIES = 5;
/** A balancer's or a busy instance's answers: asked again, never taken for the shop's word. */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

interface Answer {
  status: number;
  result: unknown;
}

/**
 * A running shop's import API (docs/catalogue.md, "Imports as jobs") as `npm run catalog:import
 * -- --shop` uses it. The file is sent once more when the connection drops or a 5xx answers it
 * (HAProxy replays no POST): the shop answers the same job for the same file and options while it
 * is unfinished. The job is then asked about until it has ended; a timeout, a dropped connection,
 * a balancer's 5xx or an instance restarting meanwhile is asked again for up to PATIENCE_MS — the
 * command never says "failed" of an import it did not see fail.
 */
export function shopTarget(shop: string, token: string, log: (line: string) => void): ImportTarget {
  const origin = new URL(shop).origin;

  /** One call; `patient` ones (reads) are asked again until PATIENCE_MS of failures in a row. */
  async function call(
    method: string,
    path: string,
    init: { body?: Uint8Array<ArrayBuffer> | string; type?: string; patient?: boolean; tries?: number } = {},
  ): Promise<Answer> {
    const started = Date.now();
    let lastProblem = '';
    for (let attempt = 1; ; attempt += 1) {
      let problem: string;
      try {
        const response = await fetch(new URL(path, origin), {
          method,
          headers: { authorization: `Bearer ${token}`, ...(init.type ? { 'content-type': init.type } : {}) },
          body: init.body,
          signal: AbortSignal.timeout(init.body && typeof init.body !== 'string' ? 5 * 60_000 : 30_000),
        });
        const body = Buffer.from(await response.arrayBuffer());
        if (!RETRY_STATUSES.has(response.status)) return { status: response.status, result: resultOf(body, response) };
        problem = `HTTP ${response.status}`;
      } catch (error) {
        problem = String((error as Error).cause ?? (error as Error).message);
      }
      const patient = init.patient === true;
      if (patient ? Date.now() - started > PATIENCE_MS : attempt >= (init.tries ?? 1)) {
        throw new OutcomeUnknown(`${origin} did not answer ${method} ${path} (${problem})`);
      }
      if (problem !== lastProblem) log(`  ${origin} did not answer (${problem}): asking again`);
      lastProblem = problem;
      // 1 s, 2 s, 4 s, then every 8 s.
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** Math.min(attempt - 1, 3)));
    }
  }

  const refused = (answer: Answer) => {
    const said = Buffer.isBuffer(answer.result)
      ? answer.result.toString('utf8').slice(0, 500)
      : typeof answer.result === 'string'
        ? answer.result
        : JSON.stringify(answer.result);
    return new TargetRefused(`${origin} answered ${answer.status}: ${said}`);
  };

  const job = async (id: number): Promise<ImportJob | null> => {
    const answer = await call('GET', `/api/catalog/import/${id}`, { patient: true });
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw refused(answer);
    return (answer.result as { job: ImportJob }).job;
  };
  const existingJob = async (id: number) => {
    const found = await job(id);
    if (!found) throw new TargetRefused(`${origin} no longer knows import job #${id}`);
    return found;
  };

  return {
    describe: origin,

    async importFile(file, request, said) {
      const query = new URLSearchParams({ file_name: request.fileName });
      if (request.dryRun) query.set('dry_run', 'true');
      if (request.skipBadRows) query.set('skip_bad_rows', 'true');
      for (const [name, value] of [
        ['profile', request.profile],
        ['format', request.format],
        ['encoding', request.encoding],
        ['sheet', request.sheet],
      ] as const)
        if (value !== null) query.set(name, value);
      let answer: Answer;
      try {
        answer = await call('POST', `/api/catalog/import?${query}`, {
          body: new Uint8Array(file),
          type: request.format ? CONTENT_TYPE[request.format] : 'application/octet-stream',
          tries: SEND_TRIES,
        });
      } catch (error) {
        if (!(error instanceof OutcomeUnknown)) throw error;
        throw new OutcomeUnknown(
          `${error.message}; the file may or may not have arrived (npm run catalog:import -- history --shop ${origin} shows it if it did)`,
        );
      }
      if (answer.status !== 202 && answer.status !== 200) throw refused(answer);
      const first = (answer.result as { job: ImportJob }).job;
      said(
        `${request.fileName}: sent to ${origin} as import job #${first.id}` +
          (answer.status === 200 ? ' (the same file with the same options was already queued or running: that is its job)' : ''),
      );
      return followJob(first, () => existingJob(first.id), said);
    },

    async job(id, said) {
      const found = await job(id);
      return found && said ? followJob(found, () => existingJob(id), said) : found;
    },

    async history(limit) {
      const answer = await call('GET', `/api/catalog/import?limit=${limit}`, { patient: true });
      if (answer.status !== 200) throw refused(answer);
      return (answer.result as { jobs: ImportJob[] }).jobs;
    },

    async refusedCsv(found) {
      if (!found.refusedCsv) return null;
      const answer = await call('GET', found.refusedCsv, { patient: true });
      if (answer.status !== 200 || !Buffer.isBuffer(answer.result)) throw refused(answer);
      return answer.result;
    },

    async saveProfile({ name, settings }) {
      const answer = await call('PUT', `/api/catalog/import/profiles/${encodeURIComponent(name)}`, {
        body: JSON.stringify(settings),
        type: 'application/json',
        tries: SEND_TRIES,
      });
      if (answer.status !== 200 && answer.status !== 201) throw refused(answer);
      return { ...(answer.result as SavedProfile), created: answer.status === 201 };
    },

    async profiles() {
      const answer = await call('GET', '/api/catalog/import/profiles', { patient: true });
      if (answer.status !== 200) throw refused(answer);
      return (answer.result as { profiles: SavedProfile[] }).profiles;
    },

    close: async () => {},
  };
}

/**
 * The envelope's result (JSON), or the bytes themselves: the refused rows' CSV keeps its BOM (a
 * Polish Excel needs it to read the letters; decoding it as text would drop it).
 */
function resultOf(body: Buffer, response: Response): unknown {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return body;
  try {
    return (JSON.parse(body.toString('utf8')) as { result: unknown }).result;
  } catch {
    return body.toString('utf8');
  }
}
