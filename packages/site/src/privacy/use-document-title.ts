import { useEffect } from 'react';
import { siteConfig } from '../config';

/** "Guffaw - Privacy Policy": the privacy pages are not among the shell's page types (§2 "Page titles"). */
export function useDocumentTitle(descriptor: string): void {
  useEffect(() => {
    document.title = `${siteConfig.appName} - ${descriptor}`;
  }, [descriptor]);
}
