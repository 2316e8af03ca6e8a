import type { ReactNode } from 'react';
import '@guffaw/comments-widget/styles.css';

export const metadata = { title: 'Comments from Guffaw (Next.js)' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ maxWidth: 720, margin: '2rem auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif' }}>{children}</body>
    </html>
  );
}
