// Tabler ships no types for its per-icon files; they are plain React components.
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  import type { ComponentType, SVGProps } from 'react';
  const Icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number | string }>;
  export default Icon;
}
