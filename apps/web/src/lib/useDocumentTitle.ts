import { useEffect } from 'react';
import { PORTAL_TITLE } from './portal-title';

/** Names the browser tab after the page: 'My Account | Business Portal'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === '' ? PORTAL_TITLE : `${title} | ${PORTAL_TITLE}`;
  }, [title]);
}
