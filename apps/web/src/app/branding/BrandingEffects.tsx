import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { replaceFavicon, setDocumentTitle } from './document-head.ts';
import { loadBranding, useBranding } from './branding.ts';
import { documentTitle } from './title.ts';

/** Fetches branding on every route change (the root loader on start), and keeps favicon, title and og:title in line. */
export function BrandingEffects() {
  const { pathname, search } = useLocation();
  const { themes, settled } = useBranding();
  const faviconUrl = themes?.image_urls.favicon_url;

  // The root loader has loaded it for the first address (a failed load is not repeated there at once).
  const loadedFor = useRef(pathname + search);
  useEffect(() => {
    if (loadedFor.current === pathname + search) return;
    loadedFor.current = pathname + search;
    void loadBranding(window.location.hostname);
  }, [pathname, search]);

  useEffect(() => {
    if (settled) setDocumentTitle(documentTitle(pathname, themes));
  }, [pathname, themes, settled]);

  useEffect(() => {
    if (faviconUrl) replaceFavicon(faviconUrl);
  }, [faviconUrl]);

  return null;
}
