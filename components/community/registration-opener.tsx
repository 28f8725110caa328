'use client';

import { type ComponentType, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

import { Link } from '@/i18n/client';

import type { RegistrationDialogProps } from './registration-dialog';

/** The dialog's code (form library, schema, country names) is fetched only when someone wants it. */
const loadDialog = () => import('./registration-dialog');

const HASH = '#register';

const noSubscription = () => () => {};

/**
 * The 'Join the Network' button: a tiny island that opens the 'Network Registration' dialog, loading it on first
 * use (hover or focus starts the download early). The dialog also opens when the page is loaded or navigated to
 * with `#register` (the assistant links to /community#register): on load, on hashchange/popstate, and on a
 * same-page client navigation to such a link (which changes the hash without a hashchange event). Closing it
 * drops the hash, so the same link opens it again, and returns focus to this button.
 *
 * In the server HTML, and until the page has hydrated, it is a link to /community/register, the same form on a
 * page of its own that works without JavaScript; once hydrated it becomes the button that opens the dialog.
 */
export function RegistrationOpener({ label }: { label: string }) {
  const [Dialog, setDialog] = useState<ComponentType<RegistrationDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // false in the server HTML and while hydrating, true from then on (and at once in a client-only render).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  const openDialog = useCallback(() => {
    setOpen(true);
    void loadDialog().then((mod) => setDialog(() => mod.RegistrationDialog));
  }, []);

  useEffect(() => {
    const fromHash = () => {
      if (window.location.hash === HASH) openDialog();
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement)) return;
      const url = new URL(link.href, window.location.href);
      if (url.hash === HASH && url.pathname === window.location.pathname) setTimeout(openDialog, 0);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    window.addEventListener('popstate', fromHash);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('hashchange', fromHash);
      window.removeEventListener('popstate', fromHash);
      document.removeEventListener('click', onClick);
    };
  }, [openDialog]);

  const close = useCallback(() => {
    setOpen(false);
    if (window.location.hash === HASH)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    button.current?.focus();
  }, []);

  const look = 'btn btn-primary btn-lg rounded-full text-lg';
  if (!hydrated)
    return (
      <Link href="/community/register" prefetch={false} className={look}>
        {label}
      </Link>
    );

  return (
    <>
      {/* Button's look as its class names (app/globals.css): the opener is in the page's first load. */}
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onClick={openDialog}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className={look}
      >
        {label}
      </button>
      {Dialog ? <Dialog open={open} onClose={close} /> : null}
    </>
  );
}
