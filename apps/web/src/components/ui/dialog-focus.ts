import { useRef, useState } from 'react';

// What a dialog's first field is: a marked element, else a form field a person fills in, else the
// first control of its body. The close button in the title bar is never first: opening New
// storyfile on its × made a keyboard user Tab past it to start typing (issue 15, defect 7).
const MARKED = '[data-autofocus]';
// A body whose first field is still loading marks the place: focus waits for the field instead of
// landing on Cancel (the Correct-match dialog opened on Cancel while its answers loaded; issue 32).
const PENDING = '[data-autofocus-pending]';
const FIELDS =
  'input:not([type="hidden"]):not([type="file"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const CONTROLS =
  'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"]), input:not([type="hidden"]):not([disabled])';

function isShown(element: HTMLElement): boolean {
  return !element.closest('[hidden], [aria-hidden="true"], [inert]');
}

/** The element a dialog's body gives focus to first, or null to keep the library's default. */
export function findFirstField(body: HTMLElement): HTMLElement | null {
  const isFieldPending = body.querySelector(PENDING) !== null;
  for (const selector of isFieldPending ? [MARKED, FIELDS] : [MARKED, FIELDS, CONTROLS]) {
    const found = [...body.querySelectorAll<HTMLElement>(selector)].find(isShown);
    if (found) {
      return found;
    }
  }
  return null;
}

/**
 * Focus handling for every dialog (Radix `Dialog.Content` props plus a ref for its body): on
 * open, focus goes to the body's first field; on close, back to whatever had focus when it opened
 * (Radix only knows its own Trigger, and these dialogs open from rows, menus and shortcuts).
 */
export function useDialogFocus(isOpen: boolean) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const [wasOpen, setWasOpen] = useState(isOpen);
  // A dialog that mounts open (one loaded lazily on its first opening) had its opener focused
  // just before it mounted.
  const [opener, setOpener] = useState<HTMLElement | null>(() =>
    isOpen && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    }
  }
  const observerRef = useRef<MutationObserver | null>(null);
  return {
    bodyRef,
    onOpenAutoFocus: (event: Event) => {
      observerRef.current?.disconnect();
      const body = bodyRef.current;
      const field = body ? findFirstField(body) : null;
      if (field) {
        event.preventDefault();
        field.focus();
        return;
      }
      if (!body) {
        return;
      }
      if (body.querySelector(PENDING) !== null) {
        // Keep focus in the dialog itself (Radix makes it focusable) until the field arrives.
        event.preventDefault();
        (body.parentElement ?? body).focus();
      }
      // The body is still loading (a spinner): move focus to its first field when it arrives,
      // unless the person has already moved it into the body.
      const observer = new MutationObserver(() => {
        if (!body.isConnected) {
          observer.disconnect();
          return;
        }
        if (body.contains(document.activeElement)) {
          observer.disconnect();
          return;
        }
        const arrived = findFirstField(body);
        if (arrived) {
          observer.disconnect();
          arrived.focus();
        }
      });
      observer.observe(body, { childList: true, subtree: true });
      observerRef.current = observer;
    },
    onCloseAutoFocus: (event: Event) => {
      observerRef.current?.disconnect();
      if (opener?.isConnected && opener !== document.body) {
        event.preventDefault();
        opener.focus();
      }
    },
  };
}
