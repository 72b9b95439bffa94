/** The busy spinner of buttons that wait (checkout, the generator, staff pages), drawn like the icons. */

import { base, type IconProps } from './icons.tsx';

export function Spinner({ size = 18 }: IconProps) {
  return (
    <svg {...base(size)} className="spinner">
      <path d="M21 12a9 9 0 1 1-6.2-8.56" />
    </svg>
  );
}
