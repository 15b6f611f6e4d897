import type { Messages } from './en.ts';

// Here rather than in lib/i18n: the full key set includes every feature's strings, and only app/
// may see every feature. The augmentation is global, so `t` is checked against it everywhere.
declare module '../../lib/i18n/keys.ts' {
  interface AppMessages {
    messages: Messages;
  }
}
