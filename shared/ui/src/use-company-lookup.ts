import type { Company } from '@kaloryfer/api-contract';
import { useEffect, useRef, useState } from 'react';

/** Where a lookup in the GUS register stands. */
export type CompanyLookupState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'found'; company: Company } | { kind: 'notFound' } | { kind: 'failed' };

/**
 * The GUS register lookup of a NIP (`GET /api/company?nip=`), as checkout and the profile offer
 * it: `nip` is the digits of a valid NIP, or null while there is none (nothing is asked); an
 * answer that arrives after the NIP changed is dropped. Each form draws the state in its words.
 */
export function useCompanyLookup(nip: string | null, find: (nip: string) => Promise<Company | null>): CompanyLookupState {
  const [lookup, setLookup] = useState<CompanyLookupState>({ kind: 'idle' });
  const finder = useRef(find);
  finder.current = find;
  useEffect(() => {
    if (nip === null) {
      setLookup({ kind: 'idle' });
      return undefined;
    }
    let live = true;
    setLookup({ kind: 'loading' });
    finder
      .current(nip)
      .then((company) => {
        if (live) setLookup(company ? { kind: 'found', company } : { kind: 'notFound' });
      })
      .catch(() => {
        if (live) setLookup({ kind: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [nip]);
  return lookup;
}
