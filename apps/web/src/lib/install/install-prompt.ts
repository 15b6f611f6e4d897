/**
 * The browser's offer to install Petti (`beforeinstallprompt`, Chromium browsers). It is held back
 * when it comes (the browser would show it at once) and offered by the app after a first booking or
 * order, when installing makes sense (install-offer.tsx). Loaded with the app so the event is never
 * missed.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let held: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export const installPromptAvailable = (): boolean => held !== null;

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install sheet; answers whether the shopper installed. The event is single-use. */
export async function promptInstall(): Promise<boolean> {
  const event = held;
  if (!event) return false;
  held = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    held = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    held = null;
    changed();
  });
}
