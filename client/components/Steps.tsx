/**
 * Numbered steps (how a mandate runs); the numbers come from CSS counters on the <ol>.
 * `layout="grid"` puts them side by side (a section of their own); `"list"`
 * stacks them along a line (a column beside something else). `level` is the
 * heading level of each step, one below the heading the list sits under.
 */
export function Steps({
  steps,
  layout = 'grid',
  level = 3,
}: {
  steps: { title: string; text: string }[];
  layout?: 'grid' | 'list';
  level?: 3 | 4;
}) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <ol className={layout === 'list' ? 'steps steps-list' : 'steps'}>
      {steps.map((s) => (
        <li key={s.title}>
          <Heading>{s.title}</Heading>
          <p>{s.text}</p>
        </li>
      ))}
    </ol>
  );
}
