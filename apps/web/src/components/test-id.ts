import type { HTMLAttributes } from 'react';

/** A data-testid for props objects (table rows, button props) where JSX attribute syntax is not available. */
export function testId(id: string): HTMLAttributes<HTMLElement> {
  return { 'data-testid': id } as HTMLAttributes<HTMLElement>;
}
