import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { replaceFavicon, setDocumentTitle } from './document-head.ts';
import { loadBranding, useBranding } from './branding.ts';
import { documentTitle } from './title.ts';

/** Fetches branding on start and on every route change, and keeps favicon, title and og:title in line. */
export function BrandingEffects() {
  const { pathname, search } = useLocation();
  const { themes, settled } = useBranding();
  const faviconUrl = themes?.image_urls.favicon_url;

  useEffect(() => {
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
