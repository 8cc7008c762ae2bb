import { linkTo } from '@kaloryfer/contracts';
import { Relocate } from './relocate';

/** A category or product that does not exist: page-not-found carrying the path in nf (spec §2), a 404 from the server. */
export function NotFoundRedirect({ path }: { path: string }) {
  return <Relocate to={linkTo({ name: 'page-not-found', nf: path })} status={404} />;
}
