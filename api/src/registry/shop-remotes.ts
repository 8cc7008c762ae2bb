import type { RouteResult, RegistryRemotesRoute } from '@kaloryfer/api-contract';
import { definitionProblem, isBuiltInRemote, type RemoteDefinition, type SlotName } from '@kaloryfer/contracts/meta';
import type { LiveRegistry } from './live-registry';
import type { RegistryStore } from './registry-store';
import { ReleaseRefused, unknownRemote } from './release-refusals';

/**
 * The shop's remotes as the registry keeps them (docs/architecture.md, "The shop's remotes"): the
 * built-in five, and those an operator registers — a name, the routes it owns, the shell's slots
 * it fills. A registration is checked as every instance's shell will read it (contracts'
 * `definitionProblem`: a free name, routes no other remote's paths overlap, real slots) and
 * reaches every instance like a release: the row's trigger, then each page from the next one on.
 */
export class ShopRemotes {
  constructor(
    private readonly store: RegistryStore,
    private readonly live: LiveRegistry,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(): Promise<RouteResult<typeof RegistryRemotesRoute>> {
    const [definitions, rows] = await Promise.all([this.store.definitions(), this.store.remotes()]);
    return definitions.map((definition) => {
      const row = rows.find((candidate) => candidate.remote === definition.name);
      return {
        name: definition.name,
        routes: [...definition.routes],
        slots: { ...definition.slots },
        builtIn: isBuiltInRemote(definition.name),
        registeredAt: row?.registeredAt ?? null,
        registeredBy: row?.registeredBy ?? null,
      };
    });
  }

  async isRemote(name: string): Promise<boolean> {
    return (await this.store.definitions()).some((definition) => definition.name === name);
  }

  async register(
    request: { name: string; routes?: { name: string; pattern: string }[]; slots?: Partial<Record<SlotName, string>> },
    team: string,
  ): Promise<RemoteDefinition> {
    const definition: RemoteDefinition = { name: request.name, routes: request.routes ?? [], slots: request.slots ?? {} };
    const problem = definitionProblem(definition, await this.store.definitions());
    if (problem) throw new ReleaseRefused(problem.taken ? 409 : 400, problem.message);
    if (!(await this.store.registerRemote(definition, team, this.now().toISOString()))) {
      throw new ReleaseRefused(409, `${definition.name} is a remote of the shop already`);
    }
    await this.live.reload();
    return definition;
  }

  async unregister(name: string): Promise<void> {
    if (isBuiltInRemote(name)) throw new ReleaseRefused(409, `${name} is built into the shop: it cannot leave it`);
    if (!(await this.isRemote(name))) throw new ReleaseRefused(404, unknownRemote(name));
    const live = (await this.store.live()).filter((row) => row.remote === name);
    if (live.length > 0) throw new ReleaseRefused(409, `${name} has ${live.length} live build${live.length > 1 ? 's' : ''}: shoppers would lose its pages`);
    await this.store.unregisterRemote(name);
    await this.live.reload();
  }
}
