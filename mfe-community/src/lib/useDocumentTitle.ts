import { useEffect } from 'react';

/** Sets the browser tab title to '<title> | FitConnect' while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | FitConnect`;
  }, [title]);
}
