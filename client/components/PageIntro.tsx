import type { ReactNode } from 'react';

/** A decorative picture beside the intro (static/images/illustrations/): it says nothing the text does not. */
export interface IntroIllustration {
  src: string;
  width: number;
  height: number;
}

/**
 * The top of a page: its single h1, an optional eyebrow and the lead paragraph.
 * With an `illustration`, the text and the picture sit side by side on wide
 * screens (the picture is hidden on phones, where it would only push the
 * content down).
 */
export function PageIntro({
  title,
  intro,
  eyebrow,
  illustration,
  children,
}: {
  title: string;
  intro: string;
  eyebrow?: string;
  illustration?: IntroIllustration;
  children?: ReactNode;
}) {
  const text = (
    <>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1>{title}</h1>
      <p className="lead">{intro}</p>
      {children}
    </>
  );
  if (!illustration) {
    return (
      <div className="page-intro">
        <div className="container">{text}</div>
      </div>
    );
  }
  return (
    <div className="page-intro page-intro-illustrated">
      <div className="container page-intro-grid">
        <div>{text}</div>
        <img className="page-intro-art" src={illustration.src} width={illustration.width} height={illustration.height} alt="" />
      </div>
    </div>
  );
}
