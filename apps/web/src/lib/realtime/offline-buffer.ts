import { REALTIME, STORAGE_KEYS } from '@petti/shared/constants';
import type { LiveRequestBody } from '@petti/shared/schemas/live-requests';
import { createStore } from 'zustand/vanilla';
import { log } from '../log.ts';
import { type KeyValueStorage, localStore, readItem } from '../storage.ts';

/**
 * The live client's offline buffer (docs/product.md#real-time-connection): what the app
 * publishes waits here until the broker has acknowledged it, kept on the phone so a reload while
 * offline loses nothing. At most REALTIME.offlineBufferMessages (5,000); past that the oldest goes.
 */
export interface QueuedRequest {
  requestId: string;
  /** Whose request it is: a buffer left by someone who signed out is never sent for the next user. */
  userId: string;
  queuedAt: string;
  request: LiveRequestBody;
}

const isQueued = (x: unknown): x is QueuedRequest =>
  !!x &&
  typeof (x as QueuedRequest).requestId === 'string' &&
  typeof (x as QueuedRequest).userId === 'string' &&
  typeof (x as QueuedRequest).request?.type === 'string';

export function createOfflineBuffer(
  options: { storage?: () => KeyValueStorage; max?: number; now?: () => Date; newId?: () => string } = {},
) {
  const storage = options.storage ?? localStore;
  const max = options.max ?? REALTIME.offlineBufferMessages;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());

  const load = (): QueuedRequest[] => {
    try {
      const parsed: unknown = JSON.parse(readItem(storage(), STORAGE_KEYS.liveOutbox) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isQueued) : [];
    } catch {
      return [];
    }
  };
  const store = createStore<{ items: QueuedRequest[] }>(() => ({ items: load() }));
  const save = (items: QueuedRequest[]) => {
    store.setState({ items });
    try {
      if (items.length === 0) storage().removeItem(STORAGE_KEYS.liveOutbox);
      else storage().setItem(STORAGE_KEYS.liveOutbox, JSON.stringify(items));
    } catch {
      // Storage full or refused: the buffer still holds them for this page.
    }
  };

  return {
    store,
    push(userId: string, request: LiveRequestBody): QueuedRequest {
      const item: QueuedRequest = { requestId: newId(), userId, queuedAt: now().toISOString(), request };
      const items = [...store.getState().items, item];
      const over = items.length - max;
      if (over > 0) log.warn(`offline buffer full: the oldest ${over} message(s) dropped`);
      save(over > 0 ? items.slice(over) : items);
      return item;
    },
    items: (): QueuedRequest[] => store.getState().items,
    remove(requestId: string): void {
      save(store.getState().items.filter((i) => i.requestId !== requestId));
    },
    clear(): void {
      save([]);
    },
  };
}

export type OfflineBuffer = ReturnType<typeof createOfflineBuffer>;
