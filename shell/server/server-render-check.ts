import { SourceMap } from 'node:module';
import { posix } from 'node:path';
import { matchRoute, type RegionRequest, type RemoteDefinition, type RemoteName } from '@kaloryfer/contracts';
import type { Budgets } from './compose-page';
import { inSpan } from './page-tracing';
import { withRoute } from './renderers';
import { WorkerRenderer, type RegionRenderer } from './render-worker/worker-renderer';
import { linksIn, warmPathsFor } from './warm-paths';

/** What the release gate asks of a new build's server code (api/src/registry/gate/release-gate.ts). */
export interface ServerRenderTrial {
  remote: RemoteName;
  container: string;
  version: string;
  code: string;
  filename: string;
  /** The remote as the shop knows it: the routes it owns, the slots it fills. */
  definition: RemoteDefinition;
  /**
   * The server build's source map (`server/render.js.map`, written by @kaloryfer/mfe-build), when
   * the build has one: a render that throws is reported at the line of the team's source.
   */
  sourceMap?: string;
}

export interface ServerRenderCheckOptions {
  /** Where the build's renders reach the shop API (this instance, on loopback). */
  apiOrigin: string;
  publicOrigin: string;
  budgets: Budgets;
  /** The shop's home page as shoppers get it now: its links name a page of each kind to try. */
  homePage: () => Promise<string>;
  /** Timed renders per path after its first (the best one is judged: this machine is noisy). */
  tries?: number;
  createRenderer?: (code: string, filename: string) => RegionRenderer;
}

/** Paths the remote's routes give without parameters (no `:slug`, not the catch-all). */
const STATIC_PATHS = (definition: RemoteDefinition) => [
  ...new Map(definition.routes.filter((route) => !route.pattern.includes(':') && route.pattern !== '*').map((route) => [route.name, route.pattern])).values(),
];

/** At most this many paths per build are tried (a catalogue has ~8 kinds of page). */
const MAX_PATHS = 10;
/** A first render may compile and query more than a budget allows; it must answer within this. */
const FIRST_RENDER_LIMIT_MS = 10_000;

/**
 * The release gate's server-render check (docs/releasing.md): the new build's server code in a
 * render thread of its own — never one that serves shoppers — renders the home page region it
 * owns, the footer if it draws it, each route it owns that needs no parameters, and one linked
 * page of each other kind it owns (from the live home page). Each path renders once to warm, then
 * `tries` times; the fastest must be within the region's budget (250 ms for a page, 100 ms for
 * the footer), as the page server would wait no longer. A render that throws, answers nothing
 * usable or stays late refuses the build.
 */
export function createServerRenderCheck(options: ServerRenderCheckOptions) {
  const create = options.createRenderer ?? ((code: string, filename: string) => new WorkerRenderer({ code, filename }));
  return async (trial: ServerRenderTrial): Promise<{ ok: boolean; detail: string }> => {
    /** Which of the page's regions a module renders: the main one, or the slot it fills. */
    const regionOf = (module: string) => {
      if (module === './app') return `main region (${module})`;
      const slot = Object.entries(trial.definition.slots).find(([, filled]) => filled === module)?.[0];
      return `${slot ?? 'unknown'} slot (${module})`;
    };
    const base: RegionRequest = {
      module: './app',
      path: '/',
      search: '',
      language: 'pl-PL',
      cookies: {},
      apiOrigin: options.apiOrigin,
      publicOrigin: options.publicOrigin,
    };
    const renderer = create(trial.code, trial.filename);
    const timings: string[] = [];
    const render = async (request: RegionRequest, limitMs: number) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${limitMs} ms`)), limitMs);
      });
      try {
        const result = await Promise.race([renderer.render(withRoute(request)), late]);
        if (typeof result?.html !== 'string' || (result.status !== 200 && result.status !== 404))
          throw new Error('answered no region (html and status 200 or 404)');
        return result.html;
      } finally {
        clearTimeout(timer);
      }
    };
    // Each path judged is a span (docs/operations.md, "Traces"), under the gate's check: its
    // renders' calls to the API nest under it, as a page's region renders' do.
    const judge = (request: RegionRequest, budgetMs: number): Promise<string> =>
      inSpan(
        `gate render ${trial.remote} ${request.module}`,
        { 'kf.remote': trial.remote, 'kf.module': request.module, 'kf.path': request.path, 'kf.render.budget_ms': budgetMs },
        async (span) => {
          // A refusal names the region and the path, then what went wrong (and where in the team's source).
          const region = `${regionOf(request.module)} on ${request.path}`;
          let html: string;
          let best = Infinity;
          try {
            html = await render(request, FIRST_RENDER_LIMIT_MS);
            for (let i = 0; i < (options.tries ?? 3); i += 1) {
              const started = performance.now();
              await render(request, FIRST_RENDER_LIMIT_MS);
              best = Math.min(best, performance.now() - started);
            }
          } catch (error) {
            throw new Error(`${region}: ${describeFailure(error, trial.filename, trial.sourceMap)}`);
          }
          span.setAttribute('kf.gate.best_ms', Math.round(best));
          if (best > budgetMs) throw new Error(`${region}: renders in ${Math.round(best)} ms at best, over its ${budgetMs} ms budget`);
          const where = `${request.module === './app' ? '' : `${request.module} on `}${request.path}`;
          timings.push(`${where} ${Math.round(best)} ms`);
          return html;
        },
      );
    try {
      const requests: { request: RegionRequest; budgetMs: number }[] = [];
      if (matchRoute('/').remote === trial.remote) requests.push({ request: base, budgetMs: options.budgets.mainMs });
      // The remote filling the footer slot draws every page's footer (compose-page.ts).
      const footer = trial.definition.slots.footer;
      if (footer) requests.push({ request: { ...base, module: footer }, budgetMs: options.budgets.otherMs });
      const htmls: string[] = [];
      for (const { request, budgetMs } of requests) htmls.push(await judge(request, budgetMs));
      const home = await options.homePage().catch(() => '');
      const tried = new Set(requests.filter((entry) => entry.request.module === './app').map((entry) => entry.request.path));
      const paths = [
        ...STATIC_PATHS(trial.definition).filter((path) => !tried.has(path)),
        ...warmPathsFor(trial.remote, linksIn([home, ...htmls]), [...tried, ...STATIC_PATHS(trial.definition)]),
      ].slice(0, MAX_PATHS);
      for (const path of paths) await judge({ ...base, path }, options.budgets.mainMs);
      if (timings.length === 0) return { ok: true, detail: 'owns no page to render' };
      return { ok: true, detail: `rendered ${timings.length} paths within budget: ${timings.join(', ')}` };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message.split('\n')[0] : String(error) };
    } finally {
      await renderer.close();
    }
  };
}

/**
 * What a failed render says: its error's first line (with its kind, `TypeError: …`) and, when the
 * error comes with a stack (the render thread sends `message\nstack`), its first frame in the
 * build's server code — through the build's source map, the first that lies in the team's own
 * source rather than a dependency (`mfe-cart/src/cart-page.tsx:42:7`); without a map, or for a
 * frame the map does not cover, the line in the server code itself.
 */
function describeFailure(error: unknown, filename: string, sourceMap?: string): string {
  if (!(error instanceof Error)) return String(error);
  const lines = error.message.split('\n');
  const message = lines[0];
  // The stack's first line repeats the message after the error's kind.
  const kind = lines
    .slice(1)
    .map((line) => /^([A-Za-z_$][\w$.]*): (.*)$/.exec(line))
    .find((match) => match && match[2] === message)?.[1];
  const said = kind && kind !== 'Error' ? `${kind}: ${message}` : message;
  const frame = firstFrame(
    lines.filter((line) => /^\s+at /.test(line)),
    filename,
    sourceMap,
  );
  return frame ? `${said} at ${frame}` : said;
}

/** A frame's place in the build's server code: `at name (file:line:column)` or `at file:line:column`. */
interface Frame {
  name: string | null;
  line: number;
  column: number;
}

function framesIn(stack: readonly string[], filename: string): Frame[] {
  const escaped = filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^\\s+at (?:async )?(?:(.+?) \\()?${escaped}:(\\d+):(\\d+)\\)?$`);
  return stack.flatMap((line) => {
    const match = pattern.exec(line);
    return match ? [{ name: match[1] ?? null, line: Number(match[2]), column: Number(match[3]) }] : [];
  });
}

/** A source as the map names it (`webpack://mfe-cart/./src/cart-page.tsx`), as a path (`mfe-cart/src/cart-page.tsx`). */
const sourcePath = (source: string) => posix.normalize(source.replace(/^[a-z][\w+.-]*:\/\//i, ''));
/** Not the team's own: a dependency, or the bundler's runtime. */
const notTheTeams = (source: string) => /(?:^|\/)node_modules\/|(?:^|\/)webpack\/(?:runtime|bootstrap)\b/.test(source);

function firstFrame(stack: readonly string[], filename: string, sourceMap?: string): string | null {
  const frames = framesIn(stack, filename);
  if (frames.length === 0) return null;
  const show = (name: string | null, place: string) => (name ? `${name} (${place})` : place);
  const raw = show(frames[0].name, `${filename}:${frames[0].line}:${frames[0].column}`);
  if (!sourceMap) return raw;
  let map: SourceMap;
  try {
    map = new SourceMap(JSON.parse(sourceMap) as ConstructorParameters<typeof SourceMap>[0]);
  } catch {
    return raw;
  }
  const mapped = frames.flatMap((frame) => {
    const entry = map.findEntry(frame.line - 1, frame.column - 1);
    // findEntry answers the nearest mapping before the place: on another line, the map does not cover it.
    if (!('originalSource' in entry) || entry.generatedLine !== frame.line - 1) return [];
    return [
      {
        name: frame.name,
        source: sourcePath(entry.originalSource),
        place: `${sourcePath(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
      },
    ];
  });
  const chosen = mapped.find((frame) => !notTheTeams(frame.source)) ?? mapped[0];
  return chosen ? show(chosen.name, chosen.place) : raw;
}
