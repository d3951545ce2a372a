import type { ReactNode } from 'react';

/** The top of a page: its single h1, an optional eyebrow and the lead paragraph. */
export function PageIntro({ title, intro, eyebrow, children }: { title: string; intro: string; eyebrow?: string; children?: ReactNode }) {
  return (
    <div className="page-intro">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        <p className="lead">{intro}</p>
        {children}
      </div>
    </div>
  );
}
