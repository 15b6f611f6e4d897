interface ImportMetaEnv {
  /** How often the app asks for a new service worker, in ms (default SW_UPDATE_INTERVAL_MS_DEFAULT). */
  readonly VITE_SW_UPDATE_INTERVAL_MS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
