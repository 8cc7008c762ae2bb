/** Why a registry change is refused: the error with its HTTP status, and how its messages name remotes and builds. */
import type { GateResult, RegistryBuild } from '@kaloryfer/api-contract';
import { DEFAULT_VARIANT } from './build-files';

/** A registry change that cannot be made, with the HTTP status that says why. */
export class ReleaseRefused extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409 | 422,
    message: string,
    readonly details: { gate?: GateResult; build?: RegistryBuild } = {},
  ) {
    super(message);
  }
}

/** The answer to a call about a name that is none of the shop's remotes. */
export const unknownRemote = (remote: string) =>
  `${remote} is not a remote of this shop: an operator registers it first (npm run registry -- remote add ${remote} --route <name>=<pattern>)`;

/** A remote's build as a message names it: the variant unless it is the default, the version when known. */
export const label = (remote: string, variant: string, version?: string | null) =>
  `${remote}${variant === DEFAULT_VARIANT ? '' : ` variant ${variant}`}${version ? ` ${version}` : ''}`;
