import type { ChangeFeed } from '../db/change-feed.ts';

/** A feed the test drives: `change()` is a committed change, `down()`/`up()` the connection. */
export function fakeFeed() {
  const handlers = new Map<string, Array<() => void>>();
  let live = true;
  const feed: ChangeFeed = {
    async subscribe(channel, onChange) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), onChange]);
    },
    live: () => live,
    async close() {},
  };
  const all = () => {
    for (const fns of handlers.values()) for (const fn of fns) fn();
  };
  return {
    feed,
    change: (channel: string) => {
      for (const fn of handlers.get(channel) ?? []) fn();
    },
    down: () => {
      live = false;
      all();
    },
    up: () => {
      live = true;
      all();
    },
  };
}
