interface ImportMetaEnv {
  /** Base address of the API (spec section 7 "Common"); `/api` when unset. */
  readonly VITE_API_BASE_URL?: string;
}
