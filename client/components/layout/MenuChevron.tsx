import { ChevronDown } from '../icons';

export function MenuChevron() {
  return <ChevronDown className="chevron" aria-hidden="true" size={16} />;
}
