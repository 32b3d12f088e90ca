/** Sets the document title and the og:title meta tag together. */
export function setDocumentTitle(title: string): void {
  document.title = title;
  let meta = document.head.querySelector<HTMLMetaElement>('meta[property="og:title"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute('property', 'og:title');
    document.head.append(meta);
  }
  meta.content = title;
}

export function replaceFavicon(url: string): void {
  const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]');
  if (links.length === 0) {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = url;
    document.head.append(link);
  }
  for (const link of links) link.href = url;
}
