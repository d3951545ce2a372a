import { type ReactNode, useId } from 'react';

/**
 * A titled page section: its h2 labels the landmark, `alt` tints the
 * background. `data-reveal`: it fades in when scrolled to (client/runtime/boot.ts).
 */
export function Section({
  title,
  lead,
  alt,
  id,
  children,
}: {
  title: string;
  lead?: string;
  alt?: boolean;
  id?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={id} className={alt ? 'section section-alt' : 'section'} aria-labelledby={headingId} data-reveal="">
      <div className="container">
        <div className="section-head">
          <h2 id={headingId}>{title}</h2>
          {lead && <p>{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
