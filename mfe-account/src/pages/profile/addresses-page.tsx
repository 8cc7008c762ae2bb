import { $session, NO_SESSION, type SessionUser } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { Button, useClientStore } from '@kaloryfer/ui';
import { useRef, useState } from 'react';
import { apiAddressOf } from '../../session/account-api';
import { MAX_ADDRESSES } from '@kaloryfer/domain';
import { bookWith, bookWithDefault, bookWithout, draftOf, emptyDraft, entryOf, type AddressDraft, type BookEntry } from './address-book';
import { AddressCard, cardId } from './address-card';
import { AddressForm } from './address-form';
import { useServerMessage } from './server-message';
import { useFocusLater } from './use-focus-later';
import { useProfileSave } from './use-profile-save';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; id: number };

const LIST_HEADING = 'account-addresses-heading';

/** `/my-account/shipping-details`: the address book. Shown to a signed-in customer only (the guard). */
export function AddressesPage() {
  const { t } = useTranslation('account');
  const { user } = useClientStore($session, NO_SESSION);
  if (!user) return <p role="status">{t('profile.loading')}</p>;
  return <AddressBook user={user} />;
}

/**
 * Every change — add, edit, delete, a new default — sends the whole book (Magento's semantics:
 * an address left out is deleted; saved ones keep their ids), through the sync queue as the
 * profile is (spec §7 "POST me {profile} (queued)"): offline it waits on this device and is sent
 * when the connection returns. Afterwards the focus goes to the card that changed (or the list's
 * heading after a delete) and a status line says what was saved — or that it waits to be sent.
 */
function AddressBook({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const serverMessage = useServerMessage();
  const focusLater = useFocusLater();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [confirming, setConfirming] = useState<number | null>(null);
  const { save: queueSave, saving, queued } = useProfileSave();
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const book: BookEntry[] = user.addresses;
  const full = book.length >= MAX_ADDRESSES;

  const cardButton = (id: number, action: 'edit' | 'delete') => document.getElementById(cardId(id))?.querySelector<HTMLElement>(`[data-action="${action}"]`);

  /** Saves `next`; on success says `done` and moves the focus to the card `focusOn` picks from the saved book. */
  const save = (next: BookEntry[], done: string, focusOn: (saved: SessionUser) => number | null) => {
    if (saving) return;
    setFailure(null);
    setStatus('');
    const { acceptedOffline } = queueSave(
      { addresses: next.map(apiAddressOf) },
      {
        // The session owner keeps the saved customer in $session before this runs.
        saved: () => {
          const saved = $session.get().user;
          const id = saved ? focusOn(saved) : null;
          setMode({ kind: 'list' });
          setConfirming(null);
          setStatus(done);
          focusLater(() => document.getElementById(id === null ? LIST_HEADING : cardId(id)));
        },
        failed: (error) => setFailure(serverMessage(error)),
      },
    );
    if (acceptedOffline) {
      // Kept on this device: the book shows the change once the server has it.
      setMode({ kind: 'list' });
      setConfirming(null);
      focusLater(() => document.getElementById(LIST_HEADING));
    }
  };

  const saveDraft = (draft: AddressDraft, id?: number) => {
    const before = new Set(book.map((entry) => entry.id));
    save(
      bookWith(book, entryOf(draft, id)),
      t('profile.address.saved'),
      (saved) => id ?? saved.addresses.find((address) => !before.has(address.id))?.id ?? null,
    );
  };

  const open = (next: Mode) => {
    setMode(next);
    setConfirming(null);
    setFailure(null);
    setStatus('');
  };
  const cancel = () => {
    const was = mode;
    setMode({ kind: 'list' });
    setFailure(null);
    focusLater(() => (was.kind === 'edit' ? cardButton(was.id, 'edit') : addRef.current));
  };

  return (
    <div className="account-page">
      <section className="account-section" aria-labelledby={LIST_HEADING}>
        <h2 id={LIST_HEADING} tabIndex={-1}>
          {t('profile.addresses.title')}
        </h2>
        <p className="account-status" role="status">
          {queued ? t('profile.queuedOffline') : status}
        </p>
        {mode.kind === 'list' && failure ? (
          <p className="form-error" role="alert">
            {failure}
          </p>
        ) : null}
        {book.length === 0 ? (
          <p>{t('profile.addresses.empty')}</p>
        ) : (
          <ul className="account-addresses">
            {user.addresses.map((address) => (
              <li key={address.id}>
                {mode.kind === 'edit' && mode.id === address.id ? (
                  <AddressForm
                    title={t('profile.address.editTitle')}
                    initial={draftOf(address)}
                    saving={saving}
                    failure={failure}
                    onSave={(draft) => saveDraft(draft, address.id)}
                    onCancel={cancel}
                  />
                ) : (
                  <AddressCard
                    address={address}
                    busy={saving || mode.kind !== 'list'}
                    confirming={confirming === address.id}
                    onEdit={() => open({ kind: 'edit', id: address.id })}
                    onAskDelete={() => {
                      open({ kind: 'list' });
                      setConfirming(address.id);
                    }}
                    onKeep={() => {
                      setConfirming(null);
                      focusLater(() => cardButton(address.id, 'delete'));
                    }}
                    onDelete={() => save(bookWithout(book, address.id), t('profile.address.deleted'), () => null)}
                    onDefault={(kind) =>
                      save(
                        bookWithDefault(book, address.id, kind),
                        t(kind === 'defaultShipping' ? 'profile.address.defaultShippingSaved' : 'profile.address.defaultBillingSaved'),
                        () => address.id,
                      )
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {mode.kind === 'add' ? (
        <section className="account-section">
          <AddressForm
            title={t('profile.address.addTitle')}
            initial={emptyDraft(user)}
            saving={saving}
            failure={failure}
            onSave={(draft) => saveDraft(draft)}
            onCancel={cancel}
          />
        </section>
      ) : full ? (
        <p className="account-hint">{t('profile.addresses.full', { max: MAX_ADDRESSES })}</p>
      ) : (
        <Button ref={addRef} onClick={() => open({ kind: 'add' })} disabled={saving || mode.kind !== 'list'}>
          {t('profile.address.add')}
        </Button>
      )}
    </div>
  );
}
