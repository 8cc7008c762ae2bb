import { $session, NO_SESSION, sessionChanged } from '@kaloryfer/contracts';
import { useClientStore, useHydrated } from '@kaloryfer/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { customerMarkOf, ownerCheck, parkedBelongTo, prefillFromProfile, restoreParked, startDetails } from '../domain/customer-details';
import { emptyDetails, forgetDetails, saveDetails, type CheckoutDetails } from '../domain/details';

/**
 * The checkout's details for the shopper who has the page: loaded from this browser (after
 * hydration), saved on every change with whose they are, seeded from the signed-in customer's
 * profile (spec §4), and cleared at logout (spec §4). The password lives here too, in memory only.
 */
export function useCheckoutDetails() {
  // The session is the shopper's browser state: the first render (server, hydration) has none.
  const session = useClientStore($session, NO_SESSION);
  const hydrated = useHydrated();
  // A page rendered in the browser reads the details at once; a hydrating one right after its first render.
  const [start, setStart] = useState(() => (hydrated ? startDetails(Date.now(), $session.get()) : null));
  const [details, setDetails] = useState<CheckoutDetails>(() => start?.details ?? emptyDetails(0));
  /** A customer's details found with no session yet: shown again only if their session appears. */
  const parked = useRef<CheckoutDetails | null>(start?.parked ?? null);
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (start) return;
    const loaded = startDetails(Date.now(), $session.get());
    parked.current = loaded.parked;
    setStart(loaded);
    setDetails(loaded.details);
  }, [start]);

  /** Every change is saved, stamped with the customer signed in now (null for a guest). */
  const replace = useCallback((change: (current: CheckoutDetails) => CheckoutDetails) => {
    setDetails((current) => {
      const changed = change(current);
      if (changed === current) return current;
      const next = { ...changed, modifiedAt: Date.now(), customer: customerMarkOf($session.get(), changed.customer) };
      saveDetails(next);
      return next;
    });
  }, []);
  const update = useCallback(
    (change: (draft: CheckoutDetails) => void) =>
      replace((current) => {
        const draft = JSON.parse(JSON.stringify(current)) as CheckoutDetails; // plain data: a deep copy
        change(draft);
        return draft;
      }),
    [replace],
  );

  // Signed in (at start, or while on checkout): their parked details back, another customer's
  // gone, then the profile into what is still empty.
  // (A refreshed token changes neither, and does not refill a field the shopper emptied.)
  const ready = start !== null;
  const { authorised, user } = session;
  useEffect(() => {
    if (!ready || !authorised) return;
    const signedIn = { authorised, user };
    const held = parked.current;
    const own = held !== null && parkedBelongTo(held, signedIn);
    if (held && (own || user)) parked.current = null;
    replace((current) => {
      let next = own ? restoreParked(current, held) : current;
      if (ownerCheck(next, signedIn) === 'drop') next = emptyDetails(Date.now());
      if (user) return prefillFromProfile(next, user);
      // The profile is still loading: a customer has an account already (its password field is hidden).
      return next.personal.createAccount ? { ...next, personal: { ...next.personal, createAccount: false } } : next;
    });
  }, [ready, authorised, user, replace]);

  // Spec §4: logout clears the saved checkout details — here and in the form. A page that starts
  // with nobody signed in lets parked details go for good.
  useEffect(
    () =>
      sessionChanged.on((change) => {
        if (change.authorised) return;
        parked.current = null;
        if (change.reason !== 'logout') return;
        forgetDetails();
        setPassword('');
        setDetails(emptyDetails(Date.now()));
      }),
    [],
  );

  return { session, detailsReady: ready, details, setDetails, update, password, setPassword };
}
