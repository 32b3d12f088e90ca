import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { replaceFavicon, setDocumentTitle } from './document-head.ts';
import { useThemeStore } from './theme-store.ts';
import { documentTitle } from './title.ts';

/** Fetches branding on start and on every route change, and keeps favicon, title and og:title in line. */
export function BrandingEffects() {
  const { pathname, search } = useLocation();
  const themes = useThemeStore((state) => state.themes);
  const settled = useThemeStore((state) => state.settled);
  const fetchThemes = useThemeStore((state) => state.fetchThemes);
  const faviconUrl = themes?.image_urls.favicon_url;

  useEffect(() => {
    void fetchThemes(window.location.hostname);
  }, [pathname, search, fetchThemes]);

  useEffect(() => {
    if (settled) setDocumentTitle(documentTitle(pathname, themes));
  }, [pathname, themes, settled]);

  useEffect(() => {
    if (faviconUrl) replaceFavicon(faviconUrl);
  }, [faviconUrl]);

  return null;
}
