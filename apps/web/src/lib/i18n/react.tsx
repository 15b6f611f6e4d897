import {
  cloneElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { hasSection, i18n, loadSection } from './index.ts';
import type { MessageKey, TFunction } from './keys.ts';
import type { TOptions } from './translate.ts';

const subscribe = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};
const language = () => i18n.resolvedLanguage;

/**
 * The strings in the app's language, for a component: it draws again when the language changes,
 * and `t` is a new function then, so effects that depend on it run again.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const current = useSyncExternalStore(subscribe, language, language);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` for each language, on purpose
  const t = useMemo(
    () => ((key: string, options?: TOptions) => i18n.t(key as MessageKey, options)) as TFunction,
    [current],
  );
  return { t, i18n };
}

/**
 * True once a section of strings that loads later (the shop's side) is there in the language in use;
 * asks for it on first use and again when the language changes.
 */
export function useSection(name: string): boolean {
  const current = useSyncExternalStore(subscribe, language, language);
  const [ready, setReady] = useState(() => hasSection(name));
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again in each language switched to
  useEffect(() => {
    if (hasSection(name)) {
      setReady(true);
      return;
    }
    let live = true;
    setReady(false);
    void loadSection(name).then(
      () => live && setReady(hasSection(name)),
      () => live && setReady(false),
    );
    return () => {
      live = false;
    };
  }, [name, current]);
  return ready && hasSection(name);
}

const TAG = /<(\w+)\s*\/>|<(\w+)>([\s\S]*?)<\/\2>/g;

/**
 * A string with markup in it: `<name>text</name>` (or `<name/>`) drawn as `components[name]` around
 * the text, so a translation places a link or emphasis where its own word order needs it.
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: MessageKey;
  values?: Record<string, unknown>;
  components: Record<string, ReactElement>;
}) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, selfClosing, name, inner] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = components[(selfClosing ?? name)!];
    parts.push(
      element
        ? cloneElement(element, { key: parts.length }, ...(inner === undefined ? [] : [inner]))
        : (inner ?? ''),
    );
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
