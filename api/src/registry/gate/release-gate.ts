import path from 'node:path';
import type { GateCheck, GateResult } from '@kaloryfer/api-contract';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { BUILT_IN_REMOTES, modulesOf, type RemoteDefinition, type RemoteName } from '@kaloryfer/contracts/meta';
import { entryPathOf, manifestFiles, sha256Hex, type BuildCandidate, type ManifestJson } from '../build-files';
import { contractsVerdict, sharedVerdict, type SurfaceEntry } from './compatibility';
import { runWorker } from './run-worker';
import type { BrowserEntryAnswer, BrowserEntryJob } from './browser-entry-worker';

/** What the release gate needs of a build's server code: render its warm paths in isolation. */
export interface ServerRenderCheck {
  (build: {
    remote: RemoteName;
    container: string;
    version: string;
    code: string;
    filename: string;
    definition: RemoteDefinition;
    /** The server code's source map, when the build has one: a failed render names the team's source line. */
    sourceMap?: string;
  }): Promise<{
    ok: boolean;
    detail: string;
  }>;
}

export interface GateOptions {
  /** The shell's @kaloryfer/contracts version: a build of another major is refused. */
  shellContracts: string;
  /** Its surface.json (what each of its names is and which minor added it); null: unknown. */
  shellSurface?: Record<string, SurfaceEntry> | null;
  /** The singletons the shell shares on every page, by package, with their versions; null: unknown. */
  shellShared?: () => Record<string, string> | null;
  /** The remote as the shop knows it (its routes and slots): what the shell loads of it, what it renders. Default: the built-in one. */
  definition?: RemoteDefinition;
  /** The server-render check (the shell's page server provides it); none: the check is skipped. */
  serverRender?: ServerRenderCheck;
  /** A team origin the browser files are served from: each is fetched and hashed. */
  origin?: string;
  fetch?: typeof fetch;
}

const BROWSER_ENTRY_WORKER = path.join(__dirname, 'browser-entry-worker.ts');
/** The gate's spans (docs/operations.md, "Traces"): no-ops unless the instance traces (composition/tracing.ts). */
const tracer = trace.getTracer('kaloryfer.registry');
const BROWSER_ENTRY_TIMEOUT_MS = 15_000;
const ORIGIN_FETCH_TIMEOUT_MS = 10_000;

type Outcome = Omit<GateCheck, 'name' | 'ms'>;
const pass = (detail: string): Outcome => ({ status: 'pass', detail });
const fail = (detail: string): Outcome => ({ status: 'fail', detail });
const skip = (detail: string): Outcome => ({ status: 'skip', detail });

/** The files check: everything the manifest, the entry and build-info name is in the build, twins unpack to their files. */
export function checkFiles(candidate: BuildCandidate, archive: Map<string, Buffer>): Outcome {
  const missing: string[] = [];
  const manifestBytes = archive.get('mf-manifest.json');
  if (!manifestBytes) return fail('mf-manifest.json is missing');
  let manifest: ManifestJson;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as ManifestJson;
  } catch {
    return fail('mf-manifest.json is not JSON');
  }
  const named = manifest as ManifestJson & { name?: string; metaData?: { name?: string } };
  const container = named.metaData?.name ?? named.name;
  if (container !== undefined && container !== candidate.info.container) {
    return fail(`build-info.json names container ${candidate.info.container}, mf-manifest.json ${container}`);
  }
  const entryPath = entryPathOf(archive);
  for (const file of [entryPath, ...manifestFiles(manifest), ...(candidate.info.ssr ? [candidate.info.ssr] : [])]) {
    if (!archive.has(file)) missing.push(file);
  }
  if (missing.length > 0)
    return fail(`named but not in the build: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}`);
  if (candidate.badTwins.length > 0) return fail(`precompressed files that do not unpack to their file: ${candidate.badTwins.join(', ')}`);
  const served = candidate.files.filter((file) => !file.path.startsWith('server/')).length;
  return pass(
    `${candidate.files.length} files (${served} for browsers)${candidate.info.ssr ? `, server build ${candidate.info.ssr}` : ', no server build: its regions render in the browser'}`,
  );
}

/**
 * The server code's source map from the build, where its last `//# sourceMappingURL=` comment
 * says (`render.js.map` beside it, as @kaloryfer/mfe-build writes it); none for a map elsewhere.
 */
function sourceMapOf(code: string, ssr: string, archive: Map<string, Buffer>): string | undefined {
  const url = [...code.matchAll(/^\/\/# sourceMappingURL=(\S+)\s*$/gm)].at(-1)?.[1];
  if (!url || /^[a-z][\w+.-]*:/i.test(url) || url.startsWith('/')) return undefined;
  return archive.get(path.posix.join(path.posix.dirname(ssr), url))?.toString('utf8');
}

export async function checkBrowserEntry(candidate: BuildCandidate, archive: Map<string, Buffer>, shellLoads: readonly string[]): Promise<Outcome> {
  const modules = [...shellLoads];
  const job: BrowserEntryJob = {
    files: Object.fromEntries([...archive].filter(([file]) => !file.startsWith('server/') && !/\.(?:br|gz)$/.test(file))),
    entryPath: candidate.entryPath,
    container: candidate.info.container,
    modules,
  };
  try {
    const answer = await runWorker<BrowserEntryAnswer>(BROWSER_ENTRY_WORKER, job, { timeoutMs: BROWSER_ENTRY_TIMEOUT_MS });
    return answer.ok ? pass(answer.detail) : fail(answer.detail);
  } catch (error) {
    return fail(`the entry could not be checked: ${(error as Error).message}`);
  }
}

/** The origin check: each browser file at the team's origin has exactly the published bytes. */
export async function checkOrigin(candidate: BuildCandidate, origin: string, fetchFile: typeof fetch): Promise<Outcome> {
  const files = candidate.files.filter((file) => !file.path.startsWith('server/'));
  const wrong: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const url = new URL(file.path, origin).href;
      try {
        const response = await fetchFile(url, { signal: AbortSignal.timeout(ORIGIN_FETCH_TIMEOUT_MS) });
        if (!response.ok) wrong.push(`${file.path}: HTTP ${response.status}`);
        else if (sha256Hex(Buffer.from(await response.arrayBuffer())) !== file.hash) wrong.push(`${file.path}: other bytes than published`);
      } catch (error) {
        wrong.push(`${file.path}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  if (wrong.length > 0) return fail(`${origin}: ${wrong.slice(0, 5).join('; ')}${wrong.length > 5 ? ` and ${wrong.length - 5} more` : ''}`);
  return pass(`${files.length} files at ${origin} match the published bytes`);
}

/**
 * The release gate (docs/releasing.md, "What the gate checks"): a build goes live only when
 * every check passes; a refused build changes nothing. The checks run in this order and each
 * says what it found:
 * - `contracts`     its @kaloryfer/contracts major is the shell's, and every name it imports
 *                   from them is in the shell's version (compatibility.ts);
 * - `shared`        the shell's copy of each singleton satisfies the range the build declares;
 * - `files`         everything its manifest, entry and build-info name is there, twins unpack;
 * - `browser-entry` remoteEntry.js evaluates and its container exposes every module the shell
 *                   loads of this remote, their chunks loading with the integrity the entry names,
 *                   and each module evaluates;
 * - `server-render` its server build renders the warm paths of the routes it owns within budget;
 * - `origin`        (a team origin only) every browser file there has the published bytes.
 * A check that cannot mean anything after an earlier failure is skipped.
 */
export function runGate(candidate: BuildCandidate, archive: Map<string, Buffer>, options: GateOptions): Promise<GateResult> {
  // One span for the gate, one under it per check (the server-render check's trial renders under
  // that one): which build, which check refused it and why — the detail the refusal says.
  const { remote, version } = candidate.info;
  return tracer.startActiveSpan(
    `release gate ${remote}`,
    { attributes: { 'kf.remote': remote, 'kf.build.version': version, 'kf.build.variant': candidate.variant, 'kf.build.id': candidate.hash } },
    async (span) => {
      try {
        const result = await gate(candidate, archive, options);
        span.setAttribute('kf.gate.ok', result.ok);
        const failed = result.checks.filter((check) => check.status === 'fail').map((check) => check.name);
        if (failed.length > 0) span.setStatus({ code: SpanStatusCode.ERROR, message: `refused: ${failed.join(', ')}` });
        return result;
      } finally {
        span.end();
      }
    },
  );
}

async function gate(candidate: BuildCandidate, archive: Map<string, Buffer>, options: GateOptions): Promise<GateResult> {
  const started = Date.now();
  const checks: GateCheck[] = [];
  const run = (name: string, check: () => Outcome | Promise<Outcome>) =>
    tracer.startActiveSpan(`gate check ${name}`, { attributes: { 'kf.gate.check': name } }, async (span) => {
      const at = Date.now();
      try {
        const outcome = await check();
        checks.push({ name, ...outcome, ms: Date.now() - at });
        span.setAttribute('kf.gate.status', outcome.status);
        if (outcome.status === 'fail') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.detail });
        return outcome.status !== 'fail';
      } finally {
        span.end();
      }
    });
  const contractsOk = await run('contracts', () => {
    const verdict = contractsVerdict(candidate.info, { version: options.shellContracts, surface: options.shellSurface ?? null });
    return verdict.ok ? pass(verdict.detail) : fail(verdict.detail);
  });
  const sharedOk = await run('shared', () => {
    const verdict = sharedVerdict(candidate.info, options.shellShared?.() ?? null);
    return verdict.ok ? pass(verdict.detail) : fail(verdict.detail);
  });
  const filesOk = await run('files', () => checkFiles(candidate, archive));
  const definition = options.definition ??
    BUILT_IN_REMOTES.find((builtIn) => builtIn.name === candidate.info.remote) ?? { name: candidate.info.remote, routes: [], slots: {} };
  const modules = modulesOf(definition);
  const entryOk = await run('browser-entry', () => (filesOk ? checkBrowserEntry(candidate, archive, modules) : skip('the build misses files')));
  await run('server-render', async () => {
    if (!candidate.info.ssr) return skip('no server build');
    if (!contractsOk || !sharedOk || !filesOk) return skip('an earlier check failed');
    if (!options.serverRender) return skip('no page server to render with');
    const code = archive.get(candidate.info.ssr)!.toString('utf8');
    const result = await options.serverRender({
      remote: candidate.info.remote as RemoteName,
      container: candidate.info.container,
      version: candidate.info.version,
      code,
      filename: `${candidate.info.container}@${candidate.info.version}/${candidate.info.ssr}`,
      definition,
      sourceMap: sourceMapOf(code, candidate.info.ssr, archive),
    });
    return result.ok ? pass(result.detail) : fail(result.detail);
  });
  if (options.origin) {
    const origin = options.origin;
    await run('origin', () => (filesOk && entryOk ? checkOrigin(candidate, origin, options.fetch ?? fetch) : skip('an earlier check failed')));
  }
  return { ok: checks.every((check) => check.status !== 'fail'), ms: Date.now() - started, checks };
}
