/**
 * The app's rules index.html's own script follows before the app has arrived, compiled into that
 * script at build time (apps/web/scripts/route-preloads.ts), so each rule is written once: the
 * language the app will start in, and the headers of the requests it will make first.
 */
export { earlyHeaders } from './early-requests.ts';
export { pickLanguage } from './i18n/language.ts';
