import type { ChangeFeed } from '../../db/change-feed.ts';

/**
 * What every in-memory copy of database data watches (./read-cache.ts, ./kept-rows.ts): the
 * channels its data's triggers notify, counted as generations, so that something read while a change
 * arrived is known not to be kept.
 *
 * - Nothing may be kept until every channel is heard, nor while the feed is down (`live`).
 * - A feed that cannot subscribe (a closed database) leaves it never live, which is safe.
 * - `changed` is also called by the owner after a change of its own, before its notification arrives.
 */
export interface ChangeWatch {
  live(): boolean;
  /** Moves on with every change; compare before and after a read. */
  generation(): number;
  /** A change: the generation moves on and `onChange` empties the copy. */
  changed(): void;
}

export function watchChanges(
  feed: ChangeFeed,
  channels: readonly string[],
  onChange: () => void,
): ChangeWatch {
  let generation = 0;
  let subscribed = false;
  const changed = () => {
    generation += 1;
    onChange();
  };
  void Promise.all(channels.map((c) => feed.subscribe(c, changed))).then(
    () => {
      subscribed = true;
    },
    () => undefined,
  );
  return { live: () => subscribed && feed.live(), generation: () => generation, changed };
}
